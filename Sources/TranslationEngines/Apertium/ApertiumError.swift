import TranslateModel
/// Failures of the offline Apertium engine.
public enum ApertiumError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `apertium` command is not installed.
    case engineNotInstalled
    /// No installed pair translates `source` into `target`.
    case pairNotInstalled(source: Language, target: Language, installed: [String], package: String?)
    /// The engine could not tell the source language (Apertium has no detection).
    case sourceLanguageUnknown
    /// The engine ran but failed.
    case engineFailed(status: Int32, message: String)

    public var description: String {
        switch self {
        case .engineNotInstalled:
            return "the Apertium engine is not installed (install it with: apt-get install apertium apertium-eng-spa)"
        case .pairNotInstalled(let source, let target, let installed, let package):
            let have = installed.isEmpty ? "none" : installed.joined(separator: ", ")
            let fix = package.map { "install it with: apt-get install \($0)" }
                ?? "Debian packages no Apertium pair for it"
            return "no Apertium pair for \(source.code) → \(target.code) (\(fix); installed pairs: \(have))"
        case .sourceLanguageUnknown:
            return "Apertium needs a source language and none could be detected (give --from LANG)"
        case .engineFailed(let status, let message):
            return "apertium failed (exit status \(status))" + (message.isEmpty ? "" : ": \(message)")
        }
    }

    /// The code of `pairNotInstalled`, which the command line adds a way out to.
    public static let pairNotInstalledCode = "pair_not_installed"

    public var code: String {
        switch self {
        case .engineNotInstalled: "engine_not_installed"
        case .pairNotInstalled: Self.pairNotInstalledCode
        case .sourceLanguageUnknown: "source_language_unknown"
        case .engineFailed: "engine_failed"
        }
    }
}

extension ApertiumError: ReportableError {
    /// A missing engine or pair fails every input alike.
    public var isRunWide: Bool {
        switch self {
        case .engineNotInstalled, .pairNotInstalled: true
        case .sourceLanguageUnknown, .engineFailed: false
        }
    }

    public var untranslatedReason: UntranslatedReason {
        switch self {
        case .pairNotInstalled: .noEngineForPair
        case .sourceLanguageUnknown: .sourceLanguageUnknown
        case .engineNotInstalled, .engineFailed: .translationFailed
        }
    }
}
