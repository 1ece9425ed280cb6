import Foundation
import TranslateModel

/// Draws on a page's pixels: each translation in place of its text, or (for `--ocr-only`)
/// every recognised box with what was read in it.
///
/// One copy of the page is made and changed box by box; each box touches only the pixels
/// around it, so a 20-megapixel photo costs its own size once, not once per box.
public struct PictureRenderer {
    public init() {}

    /// The page of `result` with its translated boxes covered and their translations drawn;
    /// nil when the result kept no pixels.
    public func translated(_ result: ImageResult) -> PagePixels? {
        draw(result, writing: true)
    }

    /// The page of `result` with its translated boxes covered and nothing drawn in them: what
    /// the HTML view lays its text over.
    public func covered(_ result: ImageResult) -> PagePixels? {
        draw(result, writing: false)
    }

    private func draw(_ result: ImageResult, writing: Bool) -> PagePixels? {
        guard let pixels = result.pixels else { return nil }
        let canvas = Canvas(pixels)
        let fitter = TextFitter(measurer: PangoMeasurer())
        for members in BoxSelection.redrawnUnits(of: result) {
            // A sentence wrapped over several lines is set across their block, wrapped to its width.
            let block = members.count == 1 ? members[0] : Self.block(of: members)
            var areas: [PixelRect] = []
            var ink: RGBColor?
            for box in members {
                guard let (area, colors) = cover(box, on: canvas, original: pixels) else { continue }
                areas.append(area)
                ink = ink ?? colors.ink
            }
            guard writing, let ink, let clip = PixelRect.union(areas) else { continue }
            let text = members.count == 1 ? block.translation : members[0].unitTranslation
            write(text ?? "", in: block, on: canvas, ink: ink, clip: clip, language: result.target, fitter: fitter, pageWidth: pixels.width)
        }
        return canvas.pixels
    }

    /// One box standing for a unit's lines: their rectangles' union, their texts as its lines.
    public static func block(of members: [BoxResult]) -> BoxResult {
        var block = members[0]
        block.rect = PixelRect.union(members.map(\.rect)) ?? block.rect
        block.text = members.map(\.text).joined(separator: "\n")
        block.translation = members[0].unitTranslation
        return block
    }

    /// Covers `box` on `canvas` with its background; returns the area covered and the box's colours in `original`.
    private func cover(_ box: BoxResult, on canvas: Canvas, original: PagePixels) -> (PixelRect, BoxColors)? {
        let frame = BoxFrame(box)
        guard frame.width >= 2, frame.height >= 2 else { return nil }
        let colors = BoxColors.of(box.rect, in: original)
        guard let cover = BoxCover(frame: frame, colors: colors, pixels: canvas.pixels) else { return nil }
        cover.fill(on: canvas)
        return (cover.area, colors)
    }

    /// Sets `text` in `box`'s frame in the colour `ink`, drawing nothing outside `clip`.
    private func write(_ text: String, in box: BoxResult, on canvas: Canvas, ink: RGBColor, clip: PixelRect, language: Language?,
                       fitter: TextFitter<PangoMeasurer>, pageWidth: Int) {
        let frame = BoxFrame(box)
        let text = DrawnTextLimit.shown(text, width: frame.width, height: frame.height)
        let fit = fitter.fit(text, width: frame.width, height: frame.height, language: language, lines: Self.lineCount(of: box.text))
        // Laid out at the fitter's reference size and drawn scaled, as it was measured.
        let scale = fit.pixelSize / TextFitter<PangoMeasurer>.referenceSize
        guard let layout = TextLayout(text, pixelSize: TextFitter<PangoMeasurer>.referenceSize,
                                      wrapWidth: fit.wrapWidth.map { $0 / scale }, language: language, vertical: fit.vertical) else { return }
        let centered = !fit.turned && Self.isCentered(box, pageWidth: pageWidth)
        if centered { layout.center() }
        let size = (width: layout.width * scale, height: layout.height * scale)
        let placement = Self.placement(of: size, wraps: layout.wraps, in: frame, turned: fit.turned, centered: centered)
        canvas.draw(layout, matrix: placement.after(AffineMatrix(xx: scale, yx: 0, xy: 0, yy: scale, x0: 0, y0: 0)),
                    color: ink, clip: clip)
    }

    /// An upright box in the middle of the page (a title, a button): its text stays centred
    /// when the translation is shorter or longer. A box nearly as wide as the page is a
    /// paragraph that fills its column, set from the left.
    public static func isCentered(_ box: BoxResult, pageWidth: Int) -> Bool {
        guard box.polygon == nil, Double(box.rect.width) < Double(pageWidth) * 0.7 else { return false }
        let middle = Double(box.rect.x) + Double(box.rect.width) / 2
        return abs(middle - Double(pageWidth) / 2) < Double(pageWidth) * 0.02
    }

    /// Lines of the original text: a paragraph box holds several.
    public static func lineCount(of text: String) -> Int {
        max(1, text.split(separator: "\n", omittingEmptySubsequences: true).count)
    }

    /// Where a layout goes in its box: from the start of the line (or in the middle of it),
    /// centred across it; a
    /// turned layout runs down the box, its first line at the right.
    static func placement(of layout: (width: Double, height: Double), wraps: Bool, in frame: BoxFrame, turned: Bool,
                          centered: Bool = false) -> AffineMatrix {
        if turned {
            let inset = (frame.width - layout.height) / 2
            let turn = AffineMatrix(xx: 0, yx: 1, xy: -1, yy: 0, x0: frame.width - inset, y0: 0)
            return frame.matrix.after(turn)
        }
        let inset = (frame.height - layout.height) / 2
        // A wrapped layout centres its own lines within the box's width.
        let start = centered && !wraps ? (frame.width - layout.width) / 2 : 0
        return frame.matrix.after(AffineMatrix(xx: 1, yx: 0, xy: 0, yy: 1, x0: start, y0: inset))
    }

    /// The page of `result` with each box outlined and labelled with its language, its
    /// confidence and the text read in it: a picture of what OCR saw.
    public func recognized(_ result: ImageResult) -> PagePixels? {
        guard let pixels = result.pixels else { return nil }
        let canvas = Canvas(pixels)
        let page = PixelRect(x: 0, y: 0, width: pixels.width, height: pixels.height)
        for box in result.boxes {
            let frame = BoxFrame(box)
            let color = Self.outlineColor(for: box.language)
            canvas.draw(polygon: frame.corners, lineWidth: 2, color: color)
            let label = "\(box.language?.code ?? "?") \(Int(box.confidence.rounded()))  \(box.text)"
            let size = min(20, max(11, frame.height * 0.45))
            guard let layout = TextLayout(label, pixelSize: size, wrapWidth: nil, language: box.language) else { continue }
            let labelHeight = layout.height + 2
            let top = Double(box.rect.y) >= labelHeight ? Double(box.rect.y) - labelHeight : Double(box.rect.y + box.rect.height)
            let left = Double(box.rect.x)
            let backing = [Point(x: left, y: top), Point(x: left + layout.width + 4, y: top),
                           Point(x: left + layout.width + 4, y: top + labelHeight), Point(x: left, y: top + labelHeight)]
            canvas.draw(polygon: backing, lineWidth: 0, color: .white, alpha: 0.85)
            canvas.draw(layout, matrix: AffineMatrix(xx: 1, yx: 0, xy: 0, yy: 1, x0: left + 2, y0: top + 1), color: color, clip: page)
        }
        return canvas.pixels
    }

    /// A colour per language, so that boxes of one language look alike.
    static func outlineColor(for language: Language?) -> RGBColor {
        let palette = [RGBColor(red: 214, green: 39, blue: 40), RGBColor(red: 31, green: 119, blue: 180),
                       RGBColor(red: 44, green: 160, blue: 44), RGBColor(red: 148, green: 103, blue: 189),
                       RGBColor(red: 255, green: 127, blue: 14), RGBColor(red: 23, green: 190, blue: 207)]
        guard let language, let index = Language.allCases.firstIndex(of: language) else { return RGBColor(red: 90, green: 90, blue: 90) }
        return palette[index % palette.count]
    }
}

extension AffineMatrix {
    /// This map applied after `inner`.
    func after(_ inner: AffineMatrix) -> AffineMatrix {
        AffineMatrix(xx: xx * inner.xx + xy * inner.yx, yx: yx * inner.xx + yy * inner.yx,
                     xy: xx * inner.xy + xy * inner.yy, yy: yx * inner.xy + yy * inner.yy,
                     x0: xx * inner.x0 + xy * inner.y0 + x0, y0: yx * inner.x0 + yy * inner.y0 + y0)
    }
}
