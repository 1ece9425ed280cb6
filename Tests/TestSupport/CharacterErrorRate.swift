import Locking
import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline
import TranslateCLI

/// Character error rate: edit distance between what was read and the truth, over the truth's length.
///
/// Both sides are compared with whitespace runs collapsed to one space, because Tesseract's
/// spacing inside a line (it pads wide gaps) says nothing about whether it read the characters.
package enum CharacterErrorRate {
    package static func of(_ recognized: String, truth: String) -> Double {
        let read = normalize(recognized), expected = normalize(truth)
        guard !expected.isEmpty else { return read.isEmpty ? 0 : 1 }
        return Double(EditDistance.between(read, expected)) / Double(expected.count)
    }

    package static func normalize(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
