import TranslateModel

/// Boxes of a page read with data that has no English beside it (`tha`, `jpn`, `chi_sim`,
/// `chi_tra`), read unsurely, read again with `eng`.
///
/// Thai, Chinese and Japanese pages are read with their data alone: with `eng` beside it,
/// Tesseract read some of their lines as Latin junk. But then a Latin button or a time on such
/// a page comes out in the page's letters: a Thai dialog's `OK` as `เอ1เจ็` (confidence 61), a
/// battery level `87%` as `879%` (64). `eng` reads those surely (95), and the page's own text
/// as junk it is unsure of, so its reading is kept only when it is sure and far surer.
struct LatinRereadRule: WholeBoxRereadRule {
    /// Boxes read less surely than this are read again: the misread Latin boxes were at 36 to 64.
    static let doubtfulConfidence = 75.0
    /// How sure `eng`'s reading must be to be kept: it read the page's own text at 78 at most.
    static let leastConfidence = 85.0
    /// How much surer than the box's first reading: `eng` must clearly outdo the page's own data.
    static let margin = 20.0

    /// The data of the first pass: with `eng` in it, Latin boxes were read with it already.
    let firstPass: [String]

    /// `eng`, for a doubtful box of a page read without it.
    func data(for box: BoxResult, wordLists: some WordLists) -> [String]? {
        guard !firstPass.contains("eng"), box.confidence < Self.doubtfulConfidence else { return nil }
        return ["eng"]
    }

    /// Other text, with Latin letters or digits, read at `leastConfidence` or more and `margin`
    /// surer.
    func accepts(_ again: RecognizedBox, over box: BoxResult) -> Bool {
        again.text != box.text && again.confidence >= Self.leastConfidence && again.confidence >= box.confidence + Self.margin
            && again.text.unicodeScalars.contains { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
