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

    /// The character error rate of a photo, where reading order is ambiguous: each line of the
    /// truth is matched on its own against its best-matching stretch of what was read, and the
    /// distances are summed over the truth's characters. Whitespace is left out on both sides.
    package static func ofLines(_ recognized: String, truth: String) -> Double {
        let read = Array(recognized.filter { !$0.isWhitespace })
        let lines = truth.split(separator: "\n").map { Array($0.filter { !$0.isWhitespace }) }.filter { !$0.isEmpty }
        let total = lines.reduce(0) { $0 + $1.count }
        guard total > 0 else { return 0 }
        return Double(lines.reduce(0) { $0 + bestStretchDistance($1, in: read) }) / Double(total)
    }

    /// The smallest edit distance between `line` and any stretch of `text` (the stretch may
    /// start and end anywhere).
    static func bestStretchDistance(_ line: [Character], in text: [Character]) -> Int {
        var previous = [Int](repeating: 0, count: text.count + 1)
        for (i, character) in line.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: text.count)
            for j in 1...max(1, text.count) where j <= text.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (character == text[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous.min() ?? line.count
    }
}
