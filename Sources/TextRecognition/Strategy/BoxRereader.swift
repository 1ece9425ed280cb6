import ImageDecoding
import TranslateModel
/// Reads boxes again with the traineddata of the language they turned out to be in.
///
/// A first pass reads a page with general languages (`kor+eng`); a Spanish or German line read
/// that way loses its accents ("Mañana" → "Mafiana"). Once the detector knows a box's
/// language, the box is read again with that language's data, and the second reading replaces
/// the first unless Tesseract is clearly less sure of it.
struct BoxRereader {
    /// How much lower the second reading's confidence may be and still win: the language-specific
    /// data knows the accented letters, which the first pass scored as confident misreadings.
    static let confidenceTolerance = 5.0
    /// Pixels added around a box, since Tesseract reads a tight crop's edge letters poorly.
    static let margin = 4

    let engines: EngineCache
    /// The traineddata of the first pass; boxes in these languages are not read again.
    let firstPass: Set<String>

    /// Re-reads the boxes of `result` whose detected language the first pass did not have.
    /// Returns how many boxes changed.
    @discardableResult
    func reread(_ result: inout ImageResult, page: PageImage) -> Int {
        var changed = 0
        for index in result.boxes.indices {
            guard let language = result.boxes[index].language, !firstPass.contains(language.tesseractName) else { continue }
            let box = result.boxes[index]
            let reading = try? engines.withEngine(Self.languages(for: language)) { engine in Self.read(box, with: engine, page: page) }
            guard let again = reading ?? nil, !again.text.isEmpty,
                  again.confidence >= box.confidence - Self.confidenceTolerance else { continue }
            if again.text != box.text { changed += 1 }
            BoxRereader.replace(&result.boxes[index], with: again)
        }
        return changed
    }

    /// `box` given the text, words and confidence of its reading `again`.
    static func replace(_ box: inout BoxResult, with again: RecognizedBox) {
        box.text = again.text
        box.words = again.words
        box.confidence = again.confidence
    }

    /// `box` read again, line by line: a paragraph, or a sentence that runs onto the next line,
    /// would read as nothing useful in one piece (and its rectangle would take in the other
    /// text of its lines). Nil when a line reads as nothing.
    static func read(_ box: BoxResult, with engine: TesseractEngine, page: PageImage) -> RecognizedBox? {
        var lines: [RecognizedBox] = []
        let groups = Self.lines(of: box)
        for words in groups {
            // A box on one line is read in its own rectangle, as Tesseract gave it.
            let rect = groups.count == 1 ? box.rect : PixelRect.union(words.map(\.rect)) ?? box.rect
            guard let line = try? engine.recognizeLine(in: page, rect: Self.padded(rect, page: page)), !line.text.isEmpty else { return nil }
            lines.append(line)
        }
        guard lines.count > 1 else { return lines.first }
        let weight = lines.reduce(0) { $0 + $1.text.count }
        let confidence = lines.reduce(0.0) { $0 + $1.confidence * Double($1.text.count) } / Double(max(1, weight))
        return RecognizedBox(rect: box.rect, confidence: confidence, text: lines.map(\.text).joined(separator: " "),
                             words: lines.flatMap(\.words), paragraph: box.paragraph)
    }

    /// A box's words by the line they are on (a new line where a word's middle lies below the
    /// previous word's box); one group for a box without words.
    static func lines(of box: BoxResult) -> [[RecognizedWord]] {
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

    /// The language's own data, with English where that data needs it for Latin words and digits.
    static func languages(for language: Language) -> [String] {
        ScriptLanguages.reading(language.tesseractName)
    }

    /// `rect` with `margin` pixels around it, within `page`.
    static func padded(_ rect: PixelRect, page: PageImage) -> PixelRect {
        padded(rect, by: Self.margin, width: page.width, height: page.height)
    }

    /// `rect` with `margin` pixels around it, within an image of `width` × `height`.
    static func padded(_ rect: PixelRect, by margin: Int, width: Int, height: Int) -> PixelRect {
        let left = max(0, rect.x - margin), top = max(0, rect.y - margin)
        let right = min(width, rect.x + rect.width + margin), bottom = min(height, rect.y + rect.height + margin)
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}
