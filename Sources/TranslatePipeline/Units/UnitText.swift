import Foundation
import TranslateModel

/// How the lines of a unit are written as one text, and what a line's ends say about it.
enum UnitText {
    /// Characters of scripts written without spaces between words (Chinese, Japanese, Thai)
    /// and their full-width punctuation: lines of these join with nothing between them.
    static func isUnspaced(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3000...0x303F, 0xFF00...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65: return true
        default: break
        }
        switch WritingScript.of(scalar) {
        case .han, .kana, .thai: return true
        default: return false
        }
    }

    /// One text for a unit's lines: joined by a space, by nothing between unspaced scripts,
    /// and a word hyphenated at a line's end ("infor-" "mation") made whole again.
    static func joined(_ lines: [String]) -> String {
        var text = ""
        for line in lines.map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
            guard let last = text.last, let first = line.first else {
                text += line
                continue
            }
            if last == "-", text.dropLast().last?.isLetter == true, first.isLowercase {
                text.removeLast()
                text += line
            } else if isUnspaced(last) && isUnspaced(first) {
                text += line
            } else {
                text += " " + line
            }
        }
        return text
    }

    /// Closing quotes and brackets that may follow a sentence's end (`."`, `。」`).
    private static let closers: Set<Character> = ["\"", "'", ")", "]", "»", "”", "’", "」", "』", "）", "】", "〉", "》"]
    /// Marks that end a sentence, or introduce what follows as a list (`:`).
    private static let enders: Set<Character> = [".", "!", "?", "…", ":", "。", "！", "？", "：", "‥"]

    /// The line ends a sentence (or a heading that introduces a list).
    static func endsSentence(_ line: String) -> Bool {
        var text = Substring(line.trimmingCharacters(in: .whitespaces))
        while let last = text.last, closers.contains(last) { text = text.dropLast() }
        guard let last = text.last else { return false }
        return enders.contains(last)
    }

    /// Marks that start an item of a list: bullets, dashes, "1.", "2)", "①".
    static func startsItem(_ line: String) -> Bool {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard let first = text.first else { return false }
        if "•·‧∙●○◦■□▪▫▶►▸-–—*✓✔→※".contains(first) { return true }
        if let scalar = first.unicodeScalars.first, (0x2460...0x24FF).contains(scalar.value) { return true }  // ① ⑴ ⒈
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 2 else { return false }
        let after = text.dropFirst(digits.count)
        return after.first == "." || after.first == ")"
    }

    /// The line ends in a figure: a price, a time, a quantity (`4,500원`, `¥299`, `8,90 €`,
    /// `12:30`), as the rows of a menu, a receipt or a settings list do.
    static func endsInFigure(_ line: String) -> Bool {
        // A currency sign or unit written apart after the figure ("8,90 €") belongs to it.
        var words = line.split(separator: " ")
        if let last = words.last, last.count <= 2, !last.contains(where: \.isNumber), words.count > 1 { words.removeLast() }
        guard let lastWord = words.last else { return false }
        let digits = lastWord.filter(\.isNumber).count
        return digits > 0 && digits * 2 >= lastWord.filter { !$0.isPunctuation }.count
    }
}
