import Foundation
import TranslateModel
import TranslateOutput
import TranslationEngines

/// The questions of `translate config`, each answer checked before it is kept.
struct ConfigQuestions {
    let answers: AnswerSource
    let standardError: TextSink

    func askCredentials(into secrets: inout SecretsDocument) throws(ConfigAnswerError) {
        let currentID = secrets.clientID
        let id = try ask("Papago client id" + (currentID.map { " [\($0)]" } ?? " (empty: translate offline, without Papago)"),
                         secret: false) { $0.contains(where: \.isWhitespace) ? "a client id has no spaces" : nil }
        if let id { secrets.setClientID(id) }
        guard secrets.clientID != nil else { return }
        let secret = try ask("Papago client secret (not shown)" + (secrets.hasSecret ? " [keep the saved one]" : ""),
                             secret: true) { $0.contains(where: \.isWhitespace) ? "a client secret has no spaces" : nil }
        if let secret { secrets.setSecret(secret) }
        if !secrets.hasSecret { throw .missing("a client secret goes with the client id") }
        let endpoint = try ask("Papago endpoint [\(secrets.endpoint ?? PapagoDialect.ncp.defaultEndpoint)]", secret: false) { value in
            let lowered = value.lowercased()
            return lowered.hasPrefix("http://") || lowered.hasPrefix("https://") ? nil : "an endpoint is an http:// or https:// URL"
        }
        if let endpoint { secrets.setEndpoint(endpoint) }
    }

    func askDefaults(into defaults: inout SavedDefaults) throws(ConfigAnswerError) {
        let codes = Language.allCases.map(\.code).joined(separator: ", ")
        let target = try ask("Default target language (\(codes); none) [\(defaults.target?.code ?? "none")]", secret: false) { value in
            value.lowercased() == "none" || Language(code: value) != nil ? nil : "'\(value)' is not a language code"
        }
        if let target { defaults.target = target.lowercased() == "none" ? nil : Language(code: target) }
        let engine = try ask("Default engine (papago, apertium, auto) [\(defaults.engine?.rawValue ?? "auto")]", secret: false) { value in
            value.lowercased() == "auto" || EngineName(rawValue: value.lowercased()) != nil ? nil : "'\(value)' is not papago, apertium or auto"
        }
        if let engine { defaults.engine = EngineName(rawValue: engine.lowercased()) }
        let formats = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
        let format = try ask("Default output format (\(formats)) [\(defaults.format?.rawValue ?? OutputFormat.text.rawValue)]",
                             secret: false) { value in
            OutputFormat(rawValue: value.lowercased()) != nil ? nil : "'\(value)' is not one of \(formats)"
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
            standardError.write("translate: config: \(shown); try again\n")
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
