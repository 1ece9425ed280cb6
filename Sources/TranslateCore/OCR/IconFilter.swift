/// Drops what Tesseract reads from the icons of a screen: a chevron at the end of a settings
/// row (`>`), a back arrow (`<`), a switch read as `©`.
///
/// Only a box that is a single symbol, and a single arrow-like symbol standing as the last word
/// of a line, are removed: letters and digits are never touched.
enum IconFilter {
    /// Symbols that, standing alone, are drawn icons rather than text.
    static let iconSymbols: Set<Character> = [">", "<", "›", "‹", "〉", "〈", "»", "«", "©", "®", "@", "|", "°", "•", "·", "-", "_", "~", "=", "+", "*", "#", "(", ")", "[", "]", "{", "}", "/", "\\", "!", "?", ".", ",", ":", ";", "'", "\""]
    /// Of those, the ones that end a line as a chevron.
    static let trailingChevrons: Set<Character> = [">", "›", "〉", "»", "©"]

    static func filter(_ lines: [RecognizedBox]) -> [RecognizedBox] {
        lines.compactMap { line in
            let text = line.text.trimmingCharacters(in: .whitespaces)
            if text.count == 1, let symbol = text.first, iconSymbols.contains(symbol) { return nil }
            guard line.words.count >= 2, let last = line.words.last, last.text.count == 1, let symbol = last.text.first,
                  trailingChevrons.contains(symbol), line.text.hasSuffix(" " + last.text) else { return line }
            var trimmed = line
            trimmed.words.removeLast()
            trimmed.text = String(line.text.dropLast(last.text.count)).trimmingCharacters(in: .whitespaces)
            let rects = trimmed.words.map(\.rect)
            let left = rects.map(\.x).min() ?? line.rect.x, top = rects.map(\.y).min() ?? line.rect.y
            let right = rects.map { $0.x + $0.width }.max() ?? line.rect.x
            let bottom = rects.map { $0.y + $0.height }.max() ?? line.rect.y
            trimmed.rect = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
            return trimmed
        }
    }
}
