import ImageDecoding
import TranslateModel

/// Boxes of a page read with data that has no English beside it (`tha`, `jpn`, `chi_sim`,
/// `chi_tra`), read unsurely, read again with `eng`.
///
/// Thai, Chinese and Japanese pages are read with their data alone: with `eng` beside it,
/// Tesseract read some of their lines as Latin junk. But then a Latin button or a time on such
/// a page comes out in the page's letters: a Thai dialog's `OK` as `เอ1เจ็` (confidence 61), a
/// battery level `87%` as `879%` (64). `eng` reads those surely (95), and the page's own text
/// as junk it is unsure of, so its reading is kept only when it is sure and far surer.
struct LatinBoxRereader {
    /// Boxes read less surely than this are read again.
    static let doubtfulConfidence = 75.0
    /// How sure `eng`'s reading must be to be kept.
    static let leastConfidence = 85.0
    /// How much surer than the box's first reading.
    static let margin = 20.0
    static let english = ["eng"]

    let engines: EngineCache

    /// Reads the doubtful boxes of `result` again with `eng` when the page was read with
    /// `firstPass` data that lacks it. Returns how many boxes changed.
    @discardableResult
    func reread(_ result: inout ImageResult, page: PageImage, firstPass: [String]) -> Int {
        guard !firstPass.contains("eng") else { return 0 }
        var changed = 0
        for index in result.boxes.indices where result.boxes[index].confidence < Self.doubtfulConfidence {
            let box = result.boxes[index]
            let reading = try? engines.withEngine(Self.english) { engine in BoxRereader.read(box, with: engine, page: page) }
            guard let again = reading ?? nil, Self.keeps(again, over: box) else { continue }
            BoxRereader.replace(&result.boxes[index], with: again)
            changed += 1
        }
        return changed
    }

    /// Whether `eng`'s reading `again` replaces `box`: other text, with Latin letters or
    /// digits, read at `leastConfidence` or more and `margin` surer.
    static func keeps(_ again: RecognizedBox, over box: BoxResult) -> Bool {
        again.text != box.text && again.confidence >= leastConfidence && again.confidence >= box.confidence + margin
            && again.text.unicodeScalars.contains { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
