import TesseractReading
import TranslateModel

/// How much of a reading was read surely, counted from the confidence below which a page is
/// read again (`tuning.retryConfidence`), here beside it.
extension ReadingConfidence {
    /// Characters in words read at `tuning.retryConfidence` or better. Unlike mean
    /// confidence, it also counts what a reading left out: a grey dark chat read with the right
    /// data was sure of every line it kept (93) but dropped the bubbles that the normalised page
    /// read at 86.
    static func confidentCharacters(in words: some Sequence<RecognizedWord>) -> Int {
        words.reduce(0) { $0 + ($1.confidence >= tuning.retryConfidence ? $1.text.count : 0) }
    }

    /// `confidentCharacters(in:)` of the words of `page`'s lines.
    static func confidentCharacters(in page: RecognizedPage) -> Int {
        confidentCharacters(in: page.lines.lazy.flatMap(\.words))
    }

    /// `confidentCharacters(in:)` of the words of `boxes`.
    static func confidentCharacters(in boxes: [BoxResult]) -> Int {
        confidentCharacters(in: boxes.lazy.flatMap(\.words))
    }
}
