import Foundation
import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline
/// A mistake in how the command was called; reported with the usage line and a hint to `--help`.
///
/// What the user typed is shown escaped (`TerminalSafeText`): an argument may hold a line break or
/// a control character, and the message must stay one line.
public enum UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownOption(String, suggestion: String?)
    case missingValue(String)
    case unexpectedValue(String)
    case invalidValue(option: String, value: String, expected: String)
    /// A language given by its name or Tesseract's data name (`--to english`, `--to eng`).
    case languageNotACode(option: String, value: String, code: String)
    case noInputs
    case nothingToDo
    case conflictingOptions(String, String)
    /// The first option means nothing without the second.
    case needsOption(String, String)

    public var description: String { description(in: .english) }

    /// The message in `language`, from the catalogue.
    public func description(in language: MessageLanguage) -> String {
        func text(_ key: MessageKey, _ arguments: String...) -> String {
            MessageCatalogue.filled(MessageCatalogue.text(key, language), with: arguments)
        }
        // The parser's phrases ("a whole number from 1 to 64", "line or paragraph") in `language`.
        func phrase(_ english: String) -> String {
            MessageCatalogue.reworded(english, as: MessageCatalogue.usagePhrases, in: language) ?? english
        }
        switch self {
        case .unknownOption(let option, let suggestion):
            return text(.unknownOption, TerminalSafeText.oneLine(option)) + (suggestion.map { text(.didYouMean, $0) } ?? "")
        case .missingValue(let option): return text(.missingValue, option)
        case .unexpectedValue(let option): return text(.unexpectedValue, option)
        case .invalidValue(let option, let value, let expected):
            return text(.invalidValue, TerminalSafeText.oneLine(value), option, phrase(expected))
        case .languageNotACode(let option, let value, let code):
            return text(.invalidValueFor, TerminalSafeText.oneLine(value), option) + text(.didYouMean, code)
        case .noInputs: return text(.noInputs)
        case .nothingToDo: return text(.nothingToDo)
        case .conflictingOptions(let first, let second): return text(.conflictingOptions, phrase(first), phrase(second))
        case .needsOption(let option, let other): return text(.needsOption, option, other)
        }
    }
}
