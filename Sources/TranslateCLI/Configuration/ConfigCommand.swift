import Foundation
import TranslateModel
import TranslateOutput
import TranslationEngines

/// `translate config`: asks for the Papago credentials and the defaults, and saves them.
///
/// The credentials go to the secrets file where a run looks for them by default
/// (`$XDG_CONFIG_HOME/translate/secrets.json`, mode 0600); the defaults to `config.json` beside
/// it. An empty answer keeps what is saved. At a terminal the secret is typed without echo and
/// a wrong answer is asked again; from a pipe each line answers one question, and a wrong
/// answer ends the command with nothing written.
public struct ConfigCommand {
    let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    /// The questions, in the order they are asked.
    public static var help: String { help(in: .english) }

    static func help(in language: MessageLanguage) -> String { MessageCatalogue.text(.configHelp, language) }

    public func run(_ arguments: [String]) -> ExitCode {
        let language = MessageLanguage(environment: context.environment)
        func say(_ key: MessageKey, _ arguments: String...) {
            context.standardError.write("translate: " + MessageCatalogue.filled(MessageCatalogue.text(key, language), with: arguments) + "\n")
        }
        if arguments == ["--help"] || arguments == ["-h"] {
            context.standardOutput.write(Self.help(in: language))
            return .success
        }
        guard arguments.isEmpty else {
            say(.configUnexpectedArgument, TerminalSafeText.oneLine(arguments[0]))
            context.standardError.write("Usage: translate config\n\(HelpText.hint(in: language))\n")
            return .usage
        }
        guard let answers = context.answers else {
            say(.configNoWayToAsk)
            return .usage
        }
        guard let directory = SavedDefaults.directory(environment: context.environment) else {
            say(.configNowhereToSave)
            return .setup
        }
        let secretsPath = (directory as NSString).appendingPathComponent("secrets.json")
        let defaultsPath = (directory as NSString).appendingPathComponent(SavedDefaults.fileName)
        let session = ConfigQuestions(answers: answers, standardError: context.standardError, language: language)
        do {
            var secrets = try SecretsDocument.read(secretsPath)
            var defaults = (try? SavedDefaults.load(environment: context.environment)) ?? SavedDefaults()
            try session.askCredentials(into: &secrets)
            try session.askDefaults(into: &defaults, targets: servedTargets(withCredentials: secrets.hasCredentials))
            if secrets.hasCredentials, secrets.changed {
                try PrivateFile.write(secrets.json, to: secretsPath)
                say(.configSavedCredentials, secretsPath)
            }
            try PrivateFile.write(defaults.json, to: defaultsPath)
            say(.configSavedDefaults, defaultsPath, defaults.asOptions ?? MessageCatalogue.text(.configNoDefaults, language))
        } catch let error as ConfigAnswerError {
            say(.configNothingSaved, error.description)
            return .usage
        } catch {
            say(.configFailed, (error as? PrivateFileError)?.description(in: language) ?? ErrorWording.text(of: error, in: language))
            return .setup
        }
        let colors = TerminalColors.choose(.auto, isTerminal: context.standardErrorWidth != nil, environment: context.environment)
        for warning in precedenceWarnings(in: language) {
            context.standardError.write(StatusMessages.warningLine(warning, language: language, colors: colors))
        }
        return .success
    }

    /// The languages a run could translate into: Papago's with credentials (saved now or in
    /// the environment), and those of Apertium's installed pairs.
    private func servedTargets(withCredentials saved: Bool) -> Set<Language> {
        let environment = context.environment
        let credentials = saved || (environment["PAPAGO_CLIENT_ID"].map { !$0.isEmpty } ?? false)
        let apertium = (try? ApertiumTranslator(environment: environment))?.targetLanguages ?? []
        return apertium.union(credentials ? PapagoLanguagePairs.translatable : [])
    }

    /// What in the environment would be used before the saved file.
    private func precedenceWarnings(in language: MessageLanguage) -> [String] {
        var warnings: [String] = []
        if context.environment["PAPAGO_CLIENT_ID"].map({ !$0.isEmpty }) == true {
            warnings.append(MessageCatalogue.text(.configEnvironmentFirst, language))
        } else if let named = context.environment["TRANSLATE_SECRETS"], !named.isEmpty {
            warnings.append(MessageCatalogue.text(.configNamedFileFirst, language, named))
        }
        return warnings
    }
}
