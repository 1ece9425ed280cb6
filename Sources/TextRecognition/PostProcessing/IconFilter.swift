import Foundation
import TranslateModel
/// Drops what Tesseract reads from the icons of a screen: a chevron at the end of a settings
/// row (`>`), a back arrow (`<`), a switch read as `©`.
///
/// Only a box of at most three such symbols, and a single arrow-like symbol standing as the last
/// word of a line, are removed: letters and digits are never touched.
enum IconFilter {
    /// Symbols that, standing alone, are drawn icons rather than text.
    static let iconSymbols: Set<Character> = [">", "<", "›", "‹", "〉", "〈", "»", "«", "》", "《", "©", "®", "@", "|", "°", "•", "·", "-", "_", "~", "=", "+", "*", "#", "(", ")", "[", "]", "{", "}", "/", "\\", "!", "?", ".", ",", ":", ";", "'", "\""]
    /// Of those, the ones that end a line as a chevron.
    static let trailingChevrons: Set<Character> = [">", "›", "〉", "»", "》", "©"]

    static func filter(_ lines: [RecognizedBox]) -> [RecognizedBox] {
        lines.compactMap { line in
            let symbols = line.text.filter { !$0.isWhitespace }
            // A line of nothing but a few such symbols is a drawn switch or chevron (". @" for a
            // toggle), not text.
            if !symbols.isEmpty, symbols.count <= tuning.maximumIconLength, symbols.allSatisfy(iconSymbols.contains) { return nil }
            guard line.words.count >= 2, let last = line.words.last, last.text.count == 1, let symbol = last.text.first,
                  trailingChevrons.contains(symbol), line.text.hasSuffix(" " + last.text) else { return line }
            var trimmed = line
            trimmed.words.removeLast()
            trimmed.text = String(line.text.dropLast(last.text.count)).trimmingCharacters(in: .whitespaces)
            trimmed.rect = PixelRect.union(trimmed.words.map(\.rect)) ?? line.rect
            return trimmed
        }
    }
}
