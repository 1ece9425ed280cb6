import Foundation
import TranslateModel

/// The won and yen signs put back where Tesseract read them as look-alikes.
///
/// The Korean data reads `₩` before a price as `\`, `W` or `#` (`\4,500`, `W5,000`), the
/// Japanese data reads `¥` as `\` (the same code in Japanese encodings), and the Chinese data
/// as `Y` (`Y299`); a sign the line left out and read on its own is joined to the amount with a
/// space (`W 12,500`). Before an amount those look-alikes are not text of their own: a
/// backslash or a `#` is not written before a grouped amount, nor a `W` or `Y` glued to one.
/// So on a page whose letters are mostly Hangul, a look-alike right before an amount grouped by
/// commas (`4,500`) becomes `₩`; on a page mostly in Han and kana, a `\` or `Y` right before
/// digits becomes `¥`.
enum CurrencySigns {
    /// `W`, `\` or `#` starting a word, right before (or a space before) an amount grouped in thousands.
    private static let won = try! NSRegularExpression(pattern: ##"(?<![\p{L}\p{N}])[W\\#] ?(?=\d{1,3}(?:,\d{3})+(?![\d,]))"##)
    /// `Y` or `\` starting a word, right before (or a space before) digits.
    private static let yen = try! NSRegularExpression(pattern: ##"(?<![\p{L}\p{N}])[Y\\] ?(?=\d)"##)

    /// `boxes` with the signs put back, by the script most of their letters are in.
    static func restored(_ boxes: [BoxResult]) -> [BoxResult] {
        guard let (pattern, sign) = signPattern(for: boxes.map(\.text)) else { return boxes }
        return boxes.map { box in
            var restored = box
            restored.text = replaced(box.text, pattern: pattern, sign: sign)
            for index in restored.words.indices {
                restored.words[index].text = replaced(box.words[index].text, pattern: pattern, sign: sign)
            }
            return restored
        }
    }

    /// `text` with each look-alike `pattern` finds replaced by `sign`.
    static func replaced(_ text: String, pattern: NSRegularExpression, sign: String) -> String {
        let range = NSRange(text.startIndex..., in: text)
        guard pattern.firstMatch(in: text, range: range) != nil else { return text }
        return pattern.stringByReplacingMatches(in: text, range: range, withTemplate: sign)
    }

    /// The won pattern for a page of Hangul, the yen one for a page of Han and kana, else nil.
    static func signPattern(for texts: [String]) -> (NSRegularExpression, String)? {
        var counts: [WritingScript: Int] = [:]
        for scalar in texts.joined().unicodeScalars {
            if let script = WritingScript.of(scalar) { counts[script, default: 0] += 1 }
        }
        let letters = counts.values.reduce(0, +)
        guard letters > 0 else { return nil }
        if (counts[.hangul] ?? 0) * 2 > letters { return (won, "₩") }
        if ((counts[.han] ?? 0) + (counts[.kana] ?? 0)) * 2 > letters { return (yen, "¥") }
        return nil
    }
}
