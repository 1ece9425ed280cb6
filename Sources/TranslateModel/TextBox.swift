/// A rectangle in the original image's pixels.
public struct PixelRect: Sendable, Equatable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest rectangle holding all of `rects`; nil for none.
    public static func union(_ rects: [PixelRect]) -> PixelRect? {
        guard let left = rects.map(\.x).min(), let top = rects.map(\.y).min(),
              let right = rects.map({ $0.x + $0.width }).max(), let bottom = rects.map({ $0.y + $0.height }).max() else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// A point in the original image's pixels.
public struct PixelPoint: Sendable, Equatable, Hashable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// One recognised word.
public struct RecognizedWord: Sendable, Equatable {
    public var rect: PixelRect
    public var confidence: Double
    public var text: String
    /// The Tesseract data whose model read the word, when a reading with several (`spa+eng`)
    /// says which: `eng` for a Spanish word it read without its accent.
    public var readWith: String?

    public init(rect: PixelRect, confidence: Double, text: String, readWith: String? = nil) {
        self.rect = rect
        self.confidence = confidence
        self.text = text
        self.readWith = readWith
    }
}

/// A box of text as Tesseract read it: a line or a paragraph.
public struct RecognizedBox: Sendable, Equatable {
    public var rect: PixelRect
    /// Tesseract's confidence, 0–100.
    public var confidence: Double
    public var text: String
    public var words: [RecognizedWord]
    /// Index of the paragraph the box belongs to (for a paragraph box, its own index).
    public var paragraph: Int
    /// The box's four corners (top-left, top-right, bottom-right, bottom-left as its text
    /// reads) when it is not an upright rectangle: a line in a photo, a photographed page.
    /// `rect` is then their bounding box.
    public var polygon: [PixelPoint]?

    public init(rect: PixelRect, confidence: Double, text: String, words: [RecognizedWord], paragraph: Int,
                polygon: [PixelPoint]? = nil) {
        self.rect = rect
        self.confidence = confidence
        self.text = text
        self.words = words
        self.paragraph = paragraph
        self.polygon = polygon
    }
}

/// Everything read from one page, at both levels.
public struct RecognizedPage: Sendable, Equatable {
    public var lines: [RecognizedBox]
    public var paragraphs: [RecognizedBox]
    /// The lines read and left out as not text, with why.
    public var dropped: [DroppedBox]

    public init(lines: [RecognizedBox], paragraphs: [RecognizedBox], dropped: [DroppedBox] = []) {
        self.lines = lines
        self.paragraphs = paragraphs
        self.dropped = dropped
    }
}

/// Which boxes become the units of output and translation.
public enum BoxLevel: String, Sendable, CaseIterable {
    case line
    case paragraph
}
