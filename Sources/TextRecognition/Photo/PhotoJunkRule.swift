/// Which of a photo's read lines are dropped: as unreadable, or as junk, from how surely they
/// were read and their shape.
///
/// The detector also finds bricks, icons and patterns, which Tesseract reads as scattered
/// letters, and handwriting, stamps, bar codes and the fine print around a receipt's items;
/// read, these give short strings the recognizer or Tesseract is only fairly sure of. Every
/// junk line costs a translation request and shows the user garbage. The thresholds were tuned
/// on half of the shared photos (with the EasyOCR signs and the rendered documents) and checked
/// on the other half, each way (`bench/photos/drop_rules.py`:
/// docs/experiments/photos.md, "2026-12-01: the junk rule"; the recognizer's floor since
/// docs/experiments/photos.md, "Camera photos with PP-OCRv6 small").
enum PhotoJunkRule {
    /// One read line, as the rule sees it.
    struct Line {
        /// 0 to 100.
        var confidence: Double
        /// Read by the text-line recognizer (its confidence scaled to 100), else by Tesseract.
        var byRecognizer: Bool
        /// The line's thickness in the photo's pixels: the shorter side of its box.
        var thickness: Double
        var text: String
    }

    /// What becomes of a read line.
    enum Verdict: Equatable {
        case kept
        /// Read as nothing, or not text (`isText`): not counted among the photo's lines at all.
        case unreadable
        /// Dropped by the floors and the shape of the photo's other lines.
        case junk
    }

    /// What becomes of each of `lines`, all the lines of one photo (nil where nothing was read).
    /// Only the readable lines (`isText`) count towards the medians the others are measured by.
    static func verdicts(_ lines: [Line?]) -> [Verdict] {
        let readable = lines.map { line in
            line.map { isText(confidence: $0.confidence, byRecognizer: $0.byRecognizer, text: $0.text) } ?? false
        }
        let read = zip(lines, readable).compactMap { line, readable in readable ? line : nil }
        let median = Median.of(read.map(\.thickness))
        let tesseractConfidences = read.filter { !$0.byRecognizer }.map(\.confidence)
        let floor = tesseractConfidences.isEmpty ? tuning.tesseractFloor
            : max(tuning.tesseractFloor, Median.of(tesseractConfidences) - tuning.tesseractMargin)
        return zip(lines, readable).map { line, readable in
            guard let line, readable else { return .unreadable }
            let sure = line.confidence >= (line.byRecognizer ? tuning.recognizerFloor : floor)
            return sure && (line.thickness >= tuning.thinnestShare * median || !isSpeck(line.text)) ? .kept : .junk
        }
    }

    /// Whether a reading is as short as what a speck, a rule or the edge of a bigger letter
    /// reads as: a letter or two. A longer line is not dropped for being thin (a shop's English
    /// name, 68 px, under its Chinese one, 279 px, read whole at 100).
    static func isSpeck(_ text: String) -> Bool {
        text.filter { $0.isLetter || $0.isNumber }.count <= tuning.speckLetters
    }

    /// Whether a reading is text rather than a pattern read as letters: read at its reader's
    /// floor (`recognizerTextFloor`, `tesseractFloor`) or more, with a letter or digit.
    static func isText(confidence: Double, byRecognizer: Bool, text: String) -> Bool {
        confidence >= (byRecognizer ? tuning.recognizerTextFloor : tuning.tesseractFloor) && text.contains { $0.isLetter || $0.isNumber }
    }
}
