import TranslateModel

/// How big a laid-out paragraph is.
public struct TextMeasure: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var lines: Int

    public init(width: Double, height: Double, lines: Int) {
        self.width = width
        self.height = height
        self.lines = lines
    }
}

/// Lays text out to measure it: Pango in the tool.
public protocol TextMeasuring: Sendable {
    func measure(_ text: String, pixelSize: Double, wrapWidth: Double?, language: Language?, vertical: Bool) -> TextMeasure
}

/// How a translation is set in its box.
public struct TextFit: Equatable, Sendable {
    /// The font size, in pixels.
    public var pixelSize: Double
    /// The line length the text wraps at (the box's length along its lines); nil for one line.
    public var wrapWidth: Double?
    /// Laid out along the box's height and drawn turned a quarter clockwise: a tall, narrow box.
    public var turned: Bool
    /// In columns with upright glyphs (Chinese, Japanese and Korean in a turned box).
    public var vertical: Bool
    /// The laid-out paragraph.
    public var measure: TextMeasure
}

/// Finds the font size at which a text fits a box: the size of the original lines when it
/// fits, smaller on one line when it is a little long, wrapped onto more lines when shrinking
/// would make it much smaller and the box is tall enough, and turned when the box is tall and
/// narrow.
public struct TextFitter<Measurer: TextMeasuring> {
    let measurer: Measurer

    /// The size text is laid out at; it is drawn scaled to its fitted size.
    public static var referenceSize: Double { 100 }

    /// Below this the text no longer shrinks; it is drawn at this size and clipped.
    public static var smallestSize: Double { 3 }
    /// One line is kept while it is at least this share of the original size; below it,
    /// wrapping is tried.
    static var oneLineShare: Double { 0.6 }

    public init(measurer: Measurer) {
        self.measurer = measurer
    }

    /// The fit of `text` in a box `width` long and `height` tall (along its lines and across
    /// them) that held `lines` lines of original text.
    public func fit(_ text: String, width: Double, height: Double, language: Language?, lines: Int = 1) -> TextFit {
        let across = fit(text, length: width, thickness: height, lines: lines, language: language, vertical: false, turned: false)
        // A box clearly taller than wide holds a column: its text runs down it.
        guard height > width * 1.5 else { return across }
        let vertical = language.map(Self.writesInColumns) ?? false
        let down = fit(text, length: height, thickness: width, lines: lines, language: language, vertical: vertical, turned: true)
        // Across such a box text only fits broken into a few letters a line: it goes across
        // only when it fits on one line, larger.
        return across.wrapWidth == nil && across.pixelSize >= down.pixelSize ? across : down
    }

    /// Chinese, Japanese and Korean are set in columns with upright characters.
    static func writesInColumns(_ language: Language) -> Bool {
        [.chineseSimplified, .chineseTraditional, .japanese, .korean].contains(language)
    }

    private func fit(_ text: String, length: Double, thickness: Double, lines: Int, language: Language?,
                     vertical: Bool, turned: Bool) -> TextFit {
        // Every measure is taken at one size, the line length scaled to match: text measures in
        // proportion to its size, and Pango then matches fonts once per language, not once per size.
        func measured(_ size: Double, wrapping: Bool) -> TextMeasure {
            let scale = size / Self.referenceSize
            let measure = measurer.measure(text, pixelSize: Self.referenceSize, wrapWidth: wrapping ? length / scale : nil,
                                           language: language, vertical: vertical)
            return TextMeasure(width: measure.width * scale, height: measure.height * scale, lines: measure.lines)
        }
        func result(_ size: Double, _ measure: TextMeasure, wrapped: Bool) -> TextFit {
            TextFit(pixelSize: size, wrapWidth: wrapped ? length : nil, turned: turned, vertical: vertical, measure: measure)
        }
        // The original size: one line as tall as one of the box's original lines. Text
        // measures in proportion to its size, so one measure gives it.
        let lineThickness = thickness / Double(max(1, lines))
        let probe = measured(Self.referenceSize, wrapping: false)
        guard probe.height > 0, probe.height.isFinite, probe.width.isFinite else { return result(Self.smallestSize, probe, wrapped: false) }
        let original = max(Self.smallestSize, 100 * lineThickness / (probe.height / Double(max(1, probe.lines))))
        // The largest size on one line, a little under the exact fit so that rounding never
        // pushes it past the box.
        let oneLine = max(Self.smallestSize, min(original, 100 * thickness / probe.height, 99 * length / max(probe.width, 0.001)))
        let single = result(oneLine, measured(oneLine, wrapping: false), wrapped: false)
        if oneLine >= original * Self.oneLineShare { return single }
        // Wrapped: the largest size between the one-line size and the original that fits.
        var low = oneLine, high = original
        var best = measured(oneLine, wrapping: true), bestSize = oneLine
        for _ in 0..<10 where high - low > 0.25 {
            let middle = (low + high) / 2
            let measure = measured(middle, wrapping: true)
            if measure.width <= length + 0.5 && measure.height <= thickness + 0.5 {
                low = middle
                best = measure
                bestSize = middle
            } else {
                high = middle
            }
        }
        // Wrapping is worth its extra lines only when the text grows clearly larger.
        return bestSize >= oneLine * Self.wrappingGain ? result(bestSize, best, wrapped: true) : single
    }

    /// How much larger wrapped text must be than the same text on one line.
    static var wrappingGain: Double { 1.3 }
}
