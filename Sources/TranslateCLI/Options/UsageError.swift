import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline
/// A mistake in how the command was called; reported with the usage line and a hint to `--help`.
public enum UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownOption(String, suggestion: String?)
    case missingValue(String)
    case unexpectedValue(String)
    case invalidValue(option: String, value: String, expected: String)
    case noInputs
    case nothingToDo
    case conflictingOptions(String, String)
    /// The first option means nothing without the second.
    case needsOption(String, String)

    public var description: String {
        switch self {
        case .unknownOption(let option, let suggestion):
            "unknown option '\(option)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case .missingValue(let option):
            "option '\(option)' needs a value"
        case .unexpectedValue(let option):
            "option '\(option)' does not take a value"
        case .invalidValue(let option, let value, let expected):
            "invalid value '\(value)' for \(option): expected \(expected)"
        case .noInputs:
            "no input images given"
        case .nothingToDo:
            "nothing to do: give --to LANG to translate (or save a default with 'translate config'), or --ocr-only to print the text as read"
        case .conflictingOptions(let first, let second):
            "\(first) and \(second) cannot be used together"
        case .needsOption(let option, let other):
            "\(option) only works with \(other)"
        }
    }
}
