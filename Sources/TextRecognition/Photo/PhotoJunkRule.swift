/// Which of a photo's read lines are dropped as junk, from how surely they were read and their
/// shape.
///
/// The detector also finds handwriting, stamps, bar codes and the fine print around a
/// receipt's items; read, these give short strings the recognizer or Tesseract is only fairly
/// sure of. Every junk line costs a translation request and shows the user garbage. The
/// thresholds were tuned on half of the shared photos (with the EasyOCR signs and the rendered
/// documents) and checked on the other half, each way (`bench/photos/drop_rules.py`,
/// BENCHMARKS.md).
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

    /// The recognizer's confidence (0-100) below which its reading is dropped: handwriting
    /// read as Latin look-alikes comes out at 70-80.
    static let recognizerFloor = 75.0
    /// Tesseract's confidence below which its reading is always dropped.
    static let tesseractFloor = 50.0
    /// How far below the median confidence of the photo's Tesseract lines (those at
    /// `tesseractFloor` or more, with a letter or digit) a Tesseract line may be read before it
    /// is dropped. Tesseract is less sure of some scripts than others (a sign's kana line is
    /// read right at 62), so a fixed floor high enough to drop handwriting among print (63-75
    /// among lines at 90 and more) also drops good lines of those scripts.
    static let tesseractMargin = 20.0
    /// Lines thinner than this share of the photo's median line are dropped: specks, rules and
    /// the edges of bigger letters, read as a letter or two.
    static let thinnestShare = 0.4
    /// Lines with fewer letters and digits than this are dropped.
    static let fewestLetters = 1

    /// Whether each of `lines` (all the lines read on one photo) is kept.
    static func kept(_ lines: [Line]) -> [Bool] {
        let median = median(of: lines.map(\.thickness))
        let tesseractConfidences = lines.filter { !$0.byRecognizer && $0.confidence >= tesseractFloor && $0.letterCount >= fewestLetters }
            .map(\.confidence)
        let floor = tesseractConfidences.isEmpty ? tesseractFloor
            : max(tesseractFloor, Self.median(of: tesseractConfidences) - tesseractMargin)
        return lines.map { line in
            line.confidence >= (line.byRecognizer ? recognizerFloor : floor)
                && line.thickness >= thinnestShare * median
                && line.letterCount >= fewestLetters
        }
    }

    private static func median(of values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0
            : sorted.count % 2 == 1 ? sorted[sorted.count / 2]
            : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

extension PhotoJunkRule.Line {
    var letterCount: Int { text.filter { $0.isLetter || $0.isNumber }.count }
}
