/// A box that reading found and then left out as not text, with why: for `--verbose`, never in
/// the output formats.
public struct DroppedBox: Sendable, Equatable {
    /// Why a box was left out.
    public enum Reason: Sendable, Equatable {
        /// Nothing but a few symbols: a drawn switch or chevron.
        case iconSymbols
        /// Much thinner than the page's other boxes, a letter or two, read unsurely.
        case smallAndUnsure
        /// One letter at most, far taller than the text around it, read short of surely.
        case iconLike
        /// A short line read unsurely where the page's ink is a filled shape: a drawn dot or badge.
        case filledShape
        /// A short line taller than the label centred under it, in a row of such: a tab bar's icon.
        case iconAboveLabel
        /// A short line read unsurely inside a line read whole: a piece of it read twice.
        case pieceOfLine
        /// A photo's line read below its reader's floor, without a letter or digit, or thinner
        /// than the photo's other lines.
        case photoJunk
    }

    public var rect: PixelRect
    public var text: String
    /// The reading's confidence, 0–100.
    public var confidence: Double
    /// The box's height in the page's pixels (its shorter side for a turned photo line).
    public var height: Double
    public var reason: Reason

    public init(rect: PixelRect, text: String, confidence: Double, height: Double, reason: Reason) {
        self.rect = rect
        self.text = text
        self.confidence = confidence
        self.height = height
        self.reason = reason
    }
}
