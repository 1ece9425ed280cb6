import TesseractReading
import TranslateModel

/// The lines of a box, for reading it again line by line: a paragraph, or a sentence that runs
/// onto the next line, would read as nothing useful in one piece (and its rectangle would take
/// in the other text of its lines).
enum BoxLines {
    /// A box's words by the line they are on (a new line where a word's middle lies below the
    /// previous word's box); one line of one word, the box, for a box without words.
    static func words(of box: BoxResult) -> [[RecognizedWord]] {
        var lines: [[RecognizedWord]] = []
        for word in box.words {
            let middle = word.rect.y + word.rect.height / 2
            if let last = lines.last?.last, middle <= last.rect.y + last.rect.height {
                lines[lines.count - 1].append(word)
            } else {
                lines.append([word])
            }
        }
        return lines.isEmpty ? [[RecognizedWord(rect: box.rect, confidence: box.confidence, text: box.text)]] : lines
    }

    /// The rectangle of each line of `box`: a box on one line keeps its own, as Tesseract gave it.
    static func rects(of box: BoxResult) -> [PixelRect] {
        let lines = words(of: box)
        guard lines.count > 1 else { return [box.rect] }
        return lines.map { PixelRect.union($0.map(\.rect)) ?? box.rect }
    }

    /// The readings of a box's lines (at least one) as one reading: their texts joined by
    /// spaces, their words, and their mean confidence by length.
    static func joined(_ lines: [RecognizedBox], box: BoxResult) -> RecognizedBox {
        guard lines.count > 1 else { return lines[0] }
        let confidence = ReadingConfidence.mean(of: lines, confidence: \.confidence, weight: \.text.count)
        return RecognizedBox(rect: box.rect, confidence: confidence, text: lines.map(\.text).joined(separator: " "),
                             words: lines.flatMap(\.words), paragraph: box.paragraph)
    }
}
