import Foundation
import TranslateModel

/// Phrases the option parser hands over as finished English sentences (what an option's value
/// should be), said again in the language of the messages.
///
/// Each such sentence is made from the English text of a catalogue key, so its shape gives
/// its arguments back: the English text with `%N` as wildcards is matched against the
/// sentence, and what the wildcards matched fills the other language's text. The libraries'
/// notices do not come this way: they are values, worded from their keys.
extension MessageCatalogue {
    /// What an option's value should be, or what it conflicts with, as the option parser says
    /// it; the more specific shape first (a list of alternatives is the last resort).
    static let usagePhrases: [MessageKey] = [
        .expectedSize, .expectedSeconds, .expectedWholeNumber, .expectedShard, .expectedOCRLanguages, .expectedJobCount,
        .expectedBeside, .expectedOneOf, .imagesToRead, .standardInputOperand, .expectedAlternatives,
    ]

    /// `message` in `language` when it has the shape of one of `keys`; otherwise nil.
    static func reworded(_ message: String, as keys: [MessageKey], in language: MessageLanguage) -> String? {
        for key in keys {
            guard let english = english[key], let arguments = arguments(of: message, shaped: english) else { continue }
            return language == .english ? message : filled(table(language)[key] ?? english, with: arguments)
        }
        return nil
    }

    /// The arguments that make `template` into `message`, or nil when it does not.
    private static func arguments(of message: String, shaped template: String) -> [String]? {
        var pattern = "^"
        var order: [Int] = []
        var rest = Substring(template)
        while let percent = rest.firstIndex(of: "%") {
            pattern += NSRegularExpression.escapedPattern(for: String(rest[..<percent]))
            let digits = rest[rest.index(after: percent)...].prefix(while: { $0.isASCII && $0.isNumber })
            if let number = Int(digits) {
                pattern += "(.*)"
                order.append(number)
                rest = rest[digits.endIndex...]
            } else {
                pattern += "%"
                rest = rest[rest.index(after: percent)...]
            }
        }
        pattern += NSRegularExpression.escapedPattern(for: String(rest)) + "$"
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]),
              let match = expression.firstMatch(in: message, range: NSRange(message.startIndex..., in: message)) else { return nil }
        var arguments = Array(repeating: "", count: order.max() ?? 0)
        // A number used twice takes what it matched first.
        for (group, number) in order.enumerated().reversed() {
            guard let range = Range(match.range(at: group + 1), in: message) else { return nil }
            arguments[number - 1] = String(message[range])
        }
        return arguments
    }
}
