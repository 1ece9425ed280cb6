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
            guard let language = result.boxes[index].language, !firstPass.contains(language.tesseractName),
                  let engine = engines.engine(for: Self.languages(for: language)) else { continue }
            let box = result.boxes[index]
            let rect = padded(box.rect, page: page)
            guard let again = try? engine.recognizeLine(in: page, rect: rect), !again.text.isEmpty,
                  again.confidence >= box.confidence - Self.confidenceTolerance else { continue }
            if again.text != box.text { changed += 1 }
            result.boxes[index].text = again.text
            result.boxes[index].words = again.words
            result.boxes[index].confidence = again.confidence
        }
        return changed
    }

    /// The language's own data, with English where that data needs it for Latin words and digits.
    static func languages(for language: Language) -> [String] {
        ScriptLanguages.reading(language.tesseractName)
    }

    private func padded(_ rect: PixelRect, page: PageImage) -> PixelRect {
        let left = max(0, rect.x - Self.margin), top = max(0, rect.y - Self.margin)
        let right = min(page.width, rect.x + rect.width + Self.margin)
        let bottom = min(page.height, rect.y + rect.height + Self.margin)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
