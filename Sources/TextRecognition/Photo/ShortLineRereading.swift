import PagePreparation
import TextDetection

/// How the recognizer reads one photo line: as cut (`LineImage.flat`, padded on every side),
/// and a short line a second time, cut at the detector's own height (`LineImage.shortLineCut`).
///
/// The padding that Tesseract needs above and below a line makes its text smaller once the
/// recognizer scales the line to its height, and on a short line a small mark at an end falls
/// away: a receipt's prices `.75-` and `.50-` read `75-` and `50-`, `1.49-` read `1.49`. Cut at
/// the line's own height, with a little more room before and after (the detector's box can end
/// at a faint point's edge), they keep their marks. The second reading is taken only when it
/// is the first with characters added (the first reading a subsequence of it): a reading that
/// differs otherwise is no fuller, and on the shared photos taking the surer of the two turned
/// a notice's title and two marks into text. Its confidence is the lower of the two, so that
/// reading twice makes no line surer than it was for the junk rule.
enum ShortLineRereading {
    /// The recognizer's reading of `line` (a flat line cut-out, padded by `LineImage.padding`),
    /// or the fuller reading of `shortLineCut` when there is one; nil when it cannot read `line`.
    static func read(_ line: GrayImage, shortLineCut: GrayImage?, with recognizer: TextLineRecognizer) -> RecognizedLine? {
        guard let asCut = try? recognizer.read(pixels: line.pixels, width: line.width, height: line.height,
                                               bytesPerRow: line.width, channels: 1) else { return nil }
        // A line read as nothing at first is not read again: no reading is that one with
        // characters added (`fuller`).
        guard let again = shortLineCut, !asCut.text.isEmpty,
              let readAgain = try? recognizer.read(pixels: again.pixels, width: again.width, height: again.height,
                                                   bytesPerRow: again.width, channels: 1, options: narrow)
        else { return asCut }
        return fuller(asCut, than: readAgain) ?? asCut
    }

    /// Whether `line` (a padded cut-out) is short enough to be read twice: shorter than
    /// `tuning.shortLineLength` times its height.
    static func isShort(_ line: GrayImage) -> Bool {
        Double(line.width) < tuning.shortLineLength * Double(line.height)
    }

    /// `again` when it is `asCut` with characters added, with the lower of their confidences;
    /// nil otherwise.
    static func fuller(_ asCut: RecognizedLine, than again: RecognizedLine) -> RecognizedLine? {
        guard !asCut.text.isEmpty, again.text.count > asCut.text.count, isSubsequence(asCut.text, of: again.text) else { return nil }
        return RecognizedLine(text: again.text, confidence: min(asCut.confidence, again.confidence), unreadShare: again.unreadShare)
    }

    /// Whether every character of `part` comes in `whole`, in order.
    static func isSubsequence(_ part: String, of whole: String) -> Bool {
        var rest = Substring(whole)
        for character in part {
            guard let found = rest.firstIndex(of: character) else { return false }
            rest = rest[rest.index(after: found)...]
        }
        return true
    }

    /// A short line is read again at its own width in steps of 160, not widened to 320 as
    /// PaddleOCR widens every line: half the time on the narrowest, and the same readings on
    /// the benchmark sets.
    static let narrow = TextLineRecognizer.Options(widthStep: 160, minimumWidth: 160, maxWidth: 960, overlap: 96)
}
