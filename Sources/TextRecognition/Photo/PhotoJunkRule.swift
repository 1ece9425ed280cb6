/// Which of a photo's read lines are dropped: as unreadable, or as junk, from how surely they
/// were read and their shape.
///
/// The detector also finds bricks, icons and patterns, which Tesseract reads as scattered
/// letters, and handwriting, stamps, bar codes and the fine print around a receipt's items;
/// read, these give short strings the recognizer or Tesseract is only fairly sure of. Every
/// junk line costs a translation request and shows the user garbage. The thresholds were tuned
/// on half of the shared photos (with the EasyOCR signs and the rendered documents) and checked
/// on the other half, each way (`bench/photos/drop_rules.py`, BENCHMARKS.md).
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

    /// The recognizer's confidence (0-100) below which its reading is not text at all: dropping
    /// those cut junk on the shared photos from 0.21 to 0.13 at the same CER (BENCHMARKS.md).
    static let recognizerTextFloor = 70.0
    /// The recognizer's confidence (0-100) below which its reading is dropped: handwriting
    /// read as Latin look-alikes comes out at 70-80.
    static let recognizerFloor = 75.0
    /// Tesseract's confidence below which its reading is always dropped, and is not text at all.
    static let tesseractFloor = 50.0
    /// How far below the median confidence of the photo's readable Tesseract lines a Tesseract
    /// line may be read before it is dropped. Tesseract is less sure of some scripts than others (a sign's kana line is
    /// read right at 62), so a fixed floor high enough to drop handwriting among print (63-75
    /// among lines at 90 and more) also drops good lines of those scripts.
    static let tesseractMargin = 20.0
    /// Lines thinner than this share of the photo's median line are dropped: specks, rules and
    /// the edges of bigger letters, read as a letter or two.
    static let thinnestShare = 0.4

    /// What becomes of each of `lines`, all the lines of one photo (nil where nothing was read).
    /// Only the readable lines (`isText`) count towards the medians the others are measured by.
    static func verdicts(_ lines: [Line?]) -> [Verdict] {
        let readable = lines.map { line in
            line.map { isText(confidence: $0.confidence, byRecognizer: $0.byRecognizer, text: $0.text) } ?? false
        }
        let read = zip(lines, readable).compactMap { line, readable in readable ? line : nil }
        let median = median(of: read.map(\.thickness))
        let tesseractConfidences = read.filter { !$0.byRecognizer }.map(\.confidence)
        let floor = tesseractConfidences.isEmpty ? tesseractFloor
            : max(tesseractFloor, Self.median(of: tesseractConfidences) - tesseractMargin)
        return zip(lines, readable).map { line, readable in
            guard let line, readable else { return .unreadable }
            let kept = line.confidence >= (line.byRecognizer ? recognizerFloor : floor) && line.thickness >= thinnestShare * median
            return kept ? .kept : .junk
        }
    }

    /// Whether a reading is text rather than a pattern read as letters: read at its reader's
    /// floor (`recognizerTextFloor`, `tesseractFloor`) or more, with a letter or digit.
    static func isText(confidence: Double, byRecognizer: Bool, text: String) -> Bool {
        confidence >= (byRecognizer ? recognizerTextFloor : tesseractFloor) && text.contains { $0.isLetter || $0.isNumber }
    }

    private static func median(of values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0
            : sorted.count % 2 == 1 ? sorted[sorted.count / 2]
            : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
