internal import CImageRendering
import TranslateModel

/// A paragraph laid out by Pango at one size, owning its layout.
///
/// Not `Sendable`: made, measured and drawn on one thread (Pango's font map is per thread).
final class TextLayout {
    private let layout: OpaquePointer
    let width: Double
    let height: Double
    let lineCount: Int
    /// Whether lines wrap at a width (and can be aligned within it).
    let wraps: Bool

    /// The family asked for; Fontconfig falls back to Noto's CJK, Thai and other faces for
    /// the scripts it lacks.
    static let family = "Noto Sans"

    /// `text` at `pixelSize`, wrapped at `wrapWidth` when given; `vertical` lays out columns
    /// for a layout drawn turned a quarter clockwise. Nil when Pango fails.
    init?(_ text: String, pixelSize: Double, wrapWidth: Double?, language: Language?, vertical: Bool = false) {
        guard let made = CImageRendering_layout_create(text, Self.family, pixelSize, wrapWidth ?? 0,
                                                       language.map(Self.pangoLanguage), vertical ? 1 : 0) else { return nil }
        layout = made
        var width = 0.0, height = 0.0
        var lines: Int32 = 0
        CImageRendering_layout_size(made, &width, &height, &lines)
        self.width = width
        self.height = height
        self.lineCount = Int(lines)
        wraps = wrapWidth != nil
    }

    /// Centres each line within the wrap width.
    func center() {
        CImageRendering_layout_set_centered(layout, 1)
    }

    deinit {
        CImageRendering_layout_destroy(layout)
    }

    func withLayout<Result>(_ body: (OpaquePointer) -> Result) -> Result {
        body(layout)
    }

    /// Pango's language tag: it picks the Korean, Japanese, Simplified or Traditional glyphs
    /// of a Han character.
    static func pangoLanguage(_ language: Language) -> String {
        language.code.lowercased()
    }
}

/// Measures text with Pango, for fitting.
public struct PangoMeasurer: TextMeasuring {
    public init() {}

    public func measure(_ text: String, pixelSize: Double, wrapWidth: Double?, language: Language?, vertical: Bool) -> TextMeasure {
        guard let layout = TextLayout(text, pixelSize: pixelSize, wrapWidth: wrapWidth, language: language, vertical: vertical) else {
            return TextMeasure(width: .infinity, height: .infinity, lines: 0)
        }
        return TextMeasure(width: layout.width, height: layout.height, lines: layout.lineCount)
    }
}
