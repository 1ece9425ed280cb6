import Foundation
import TranslateModel
import TranslateOutput
import TranslationEngines

/// The questions of `translate config`, each answer checked before it is kept.
struct ConfigQuestions {
    let answers: AnswerSource
    let standardError: TextSink
    let language: MessageLanguage

    private func text(_ key: MessageKey, _ arguments: String...) -> String {
        MessageCatalogue.filled(MessageCatalogue.text(key, language), with: arguments)
    }

    func askCredentials(into secrets: inout SecretsDocument) throws(ConfigAnswerError) {
        let currentID = secrets.clientID
        let id = try ask(currentID.map { text(.askClientID, $0) } ?? text(.askFirstClientID),
                         secret: false) { $0.contains(where: \.isWhitespace) ? text(.answerIDSpaces) : nil }
        if let id { secrets.setClientID(id) }
        guard secrets.clientID != nil else { return }
        let secret = try ask(text(secrets.hasSecret ? .askSecretAgain : .askSecret),
                             secret: true) { $0.contains(where: \.isWhitespace) ? text(.answerSecretSpaces) : nil }
        if let secret { secrets.setSecret(secret) }
        if !secrets.hasSecret { throw .missing(text(.answerSecretMissing)) }
        let endpoint = try ask(text(.askEndpoint, secrets.endpoint ?? PapagoDialect.ncp.defaultEndpoint), secret: false) { value in
            let lowered = value.lowercased()
            return lowered.hasPrefix("http://") || lowered.hasPrefix("https://") ? nil : text(.answerEndpoint)
        }
        if let endpoint { secrets.setEndpoint(endpoint) }
    }

    /// Asks for the defaults. `targets`: the languages some engine available with these
    /// credentials translates into, the only targets offered and accepted (a saved target no
    /// engine serves would fail every later run).
    func askDefaults(into defaults: inout SavedDefaults, targets: Set<Language>) throws(ConfigAnswerError) {
        let offered = Language.allCases.filter(targets.contains)
        let codes = offered.map(\.code).joined(separator: ", ")
        let target = try ask(text(.askTarget, codes.isEmpty ? text(.configNoTargets) : codes, defaults.target?.code ?? "none"),
                             secret: false) { value in
            if value.lowercased() == "none" { return nil }
            guard let language = Language(code: value) else { return text(.answerLanguage, value) }
            return targets.contains(language) ? nil : text(.answerTargetUnserved, value)
        }
        if let target { defaults.target = target.lowercased() == "none" ? nil : Language(code: target) }
        let engine = try ask(text(.askEngine, defaults.engine?.rawValue ?? "auto"), secret: false) { value in
            value.lowercased() == "auto" || EngineName(rawValue: value.lowercased()) != nil ? nil : text(.answerEngine, value)
        }
        if let engine { defaults.engine = EngineName(rawValue: engine.lowercased()) }
        // A picture format as a default would make every run at a terminal a usage error.
        let choices = OutputFormat.allCases.filter { !$0.drawsOnPages }.map(\.rawValue).joined(separator: ", ")
        let format = try ask(text(.askFormat, choices, defaults.format?.rawValue ?? OutputFormat.text.rawValue),
                             secret: false) { value in
            guard let format = OutputFormat(rawValue: value.lowercased()) else { return text(.answerFormat, value, choices) }
            return format.drawsOnPages ? text(.answerFormatNotDefault, value) : nil
        }
        if let format { defaults.format = OutputFormat(rawValue: format.lowercased()) }
    }

    /// The answer, trimmed; nil for an empty answer or the end of the input (keep what is
    /// saved). `problem` says what is wrong with an answer, or nil when it is right.
    private func ask(_ question: String, secret: Bool, problem: (String) -> String?) throws(ConfigAnswerError) -> String? {
        while true {
            guard let line = answers.answer(question + ": ", secret: secret) else { return nil }
            let answer = line.trimmingCharacters(in: .whitespaces)
            if answer.isEmpty { return nil }
            guard let problem = problem(answer) else { return answer }
            // A secret is never repeated back, even when it is wrong.
            let shown = secret ? problem.replacingOccurrences(of: answer, with: "…") : problem
            guard answers.isInteractive else { throw .invalid(shown) }
            standardError.write("translate: " + text(.configTryAgain, shown) + "\n")
        }
    }
}

/// An answer `translate config` cannot use; the command ends with nothing written.
enum ConfigAnswerError: Error, Equatable, CustomStringConvertible {
    case invalid(String)
    case missing(String)

    var description: String {
        switch self {
        case .invalid(let problem): problem
        case .missing(let what): what
        }
    }
}
