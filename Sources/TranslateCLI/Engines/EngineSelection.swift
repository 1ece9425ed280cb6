import Foundation
import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslatePipeline

/// Why no translator could be set up; the run ends with `ExitCode.setup`.
public enum EngineSetupError: Error, Equatable, Sendable, CustomStringConvertible, WordedError {
    /// Papago's credentials are missing or broken.
    case credentials(CredentialError)
    /// The Papago client could not be made.
    case papago(PapagoError)
    /// `--detect papago` without Papago.
    case detectNeedsPapago
    case apertium(ApertiumError)
    /// Neither engine is available: no credentials, and Apertium not installed.
    case noEngine(CredentialError)

    public var description: String { description(in: .english) }

    func description(in language: MessageLanguage) -> String {
        switch self {
        case .credentials(let error): ErrorWording.credentials(error, language)
        case .papago(let error): ErrorWording.text(of: error, in: language)
        case .detectNeedsPapago: ErrorWording.say(.detectNeedsPapago, language)
        case .apertium(let error): ErrorWording.apertium(error, language)
        case .noEngine(let error): ErrorWording.say(.noEngine, language, ErrorWording.credentials(error, language))
        }
    }
}

/// Picks the translator for a run: `--engine` when given; otherwise Papago when credentials
/// are found, else Apertium when it is installed.
public struct EngineSelection: Sendable {
    /// The translator, and a line for stderr when the choice should be announced.
    public struct Choice: Sendable {
        public var translator: Translator
        public var notice: String?
        public var warnings: [EngineNotice]
    }

    public let environment: [String: String]
    public let secretsFiles: any SecretsFileReading
    /// The language of the notice.
    private var language: MessageLanguage { MessageLanguage(environment: environment) }

    public init(environment: [String: String], secretsFiles: any SecretsFileReading = LocalSecretsFileReader()) {
        self.environment = environment
        self.secretsFiles = secretsFiles
    }

    public func choose(_ options: CommandOptions) throws(EngineSetupError) -> Choice {
        switch options.engine {
        case .papago:
            return try papago(options)
        case .apertium:
            return try apertium(notice: nil)
        case nil:
            let credentials: ResolvedPapagoCredentials
            do {
                credentials = try PapagoCredentialResolver(environment: environment, files: secretsFiles).resolve(options.papago)
            } catch let error {
                // Credentials that exist but are broken are an error to fix, not a reason to go offline.
                guard case .notFound = error else { throw .credentials(error) }
                guard ApertiumTranslator.isInstalled(environment: environment) else { throw .noEngine(error) }
                return try apertium(notice: MessageCatalogue.text(.translatingOffline, language))
            }
            return try papago(options, credentials: credentials)
        }
    }

    private func papago(_ options: CommandOptions, credentials: ResolvedPapagoCredentials? = nil) throws(EngineSetupError) -> Choice {
        let resolved: ResolvedPapagoCredentials
        if let credentials {
            resolved = credentials
        } else {
            do {
                resolved = try PapagoCredentialResolver(environment: environment, files: secretsFiles).resolve(options.papago)
            } catch {
                throw .credentials(error)
            }
        }
        do {
            let translator = try PapagoTranslator(credentials: resolved.credentials, options: options.papagoOptions,
                                                  requestTimeout: options.requestTimeout)
            return Choice(translator: translator, notice: nil, warnings: resolved.warnings)
        } catch {
            throw .papago(error)
        }
    }

    private func apertium(notice: String?) throws(EngineSetupError) -> Choice {
        do {
            return Choice(translator: try ApertiumTranslator(environment: environment), notice: notice, warnings: [])
        } catch {
            throw .apertium(error)
        }
    }
}
