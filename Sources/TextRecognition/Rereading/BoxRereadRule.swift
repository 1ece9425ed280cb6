import TesseractReading
import TranslateModel

/// One reason to read boxes again once a page is read and its boxes have languages: which
/// boxes, with which data, which lines of each, and whether the new reading is kept.
///
/// A rule only decides; `BoxRereading` crops the lines and reads them, so that a test can
/// feed a rule fake readings.
protocol BoxRereadRule {
    /// The data to read `box` again with, or nil to leave it. `wordLists` looks spellings up in
    /// a data's word list, for a rule that chooses boxes by their words.
    func data(for box: BoxResult, wordLists: some WordLists) -> TesseractData?
    /// The rectangles of the page to read, each as one line of text.
    func lines(of box: BoxResult) -> [PixelRect]
    /// Whether a line that reads as nothing leaves the whole box as it was (and the rest of its
    /// lines unread), rather than just that line.
    var needsEveryLine: Bool { get }
    /// What becomes of `box`, given the readings of its `lines(of:)` in order (nil where a line
    /// read as nothing).
    func decision(for box: BoxResult, readings: [RecognizedBox?]) -> BoxRereadDecision
}

/// What a rule makes of a box read again.
enum BoxRereadDecision: Equatable {
    /// The first reading stays.
    case keep
    /// The box as read again; `changed` when it now reads otherwise, so that the page's box
    /// languages are detected again.
    case replace(BoxResult, changed: Bool)
}
