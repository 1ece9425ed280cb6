@testable import TranslateModel
@testable import TextRecognition
@testable import LanguageDetection
@testable import TranslationEngines
@testable import TranslateOutput
@testable import TranslatePipeline
@testable import TranslateCLI
import Locking

/// Character error rate: edit distance between what was read and the truth, over the truth's length.
///
/// Both sides are compared with whitespace runs collapsed to one space, because Tesseract's
/// spacing inside a line (it pads wide gaps) says nothing about whether it read the characters.
enum CharacterErrorRate {
    static func of(_ recognized: String, truth: String) -> Double {
        let read = normalize(recognized), expected = normalize(truth)
        guard !expected.isEmpty else { return read.isEmpty ? 0 : 1 }
        return Double(EditDistance.between(read, expected)) / Double(expected.count)
    }

    static func normalize(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
