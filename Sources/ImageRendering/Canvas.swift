internal import CImageRendering
import TranslateModel

/// A page being drawn on: one copy of its pixels, changed in place box by box.
///
/// Not `Sendable`: Pango's font map is per thread, so a canvas is drawn on by the thread that made it.
final class Canvas {
    private(set) var pixels: PagePixels

    init(_ pixels: PagePixels) {
        self.pixels = pixels
    }

    var width: Int { pixels.width }
    var height: Int { pixels.height }

    /// Runs `body` with the C view of the pixels, which it may change.
    func withPage<Result>(_ body: (CImageRendering_Page) -> Result) -> Result {
        let (width, height, stride) = (pixels.width, pixels.height, pixels.bytesPerRow)
        return pixels.bytes.withUnsafeMutableBufferPointer { buffer in
            body(CImageRendering_Page(pixels: buffer.baseAddress, width: Int32(width), height: Int32(height), stride: Int32(stride)))
        }
    }

    /// Fills the masked pixels of `region` from those around them.
    func inpaint(_ region: PixelRect, mask: [UInt8], radius: Double) {
        precondition(mask.count == region.width * region.height, "mask does not match its region")
        _ = withPage { page in
            mask.withUnsafeBufferPointer { maskBuffer in
                CImageRendering_inpaint(page, CImageRendering_Rect(region), maskBuffer.baseAddress, radius)
            }
        }
    }

    /// How much the unmasked pixels of `region` differ from their neighbours: near 0 on a flat
    /// or shaded surround, more on a photographed one; nil when no unmasked pixels touch.
    func surroundRoughness(_ region: PixelRect, mask: [UInt8]) -> Double? {
        precondition(mask.count == region.width * region.height, "mask does not match its region")
        var roughness = 0.0
        let status = withPage { page in
            mask.withUnsafeBufferPointer { CImageRendering_surround_roughness(page, CImageRendering_Rect(region), $0.baseAddress, &roughness) }
        }
        return status == 0 ? roughness : nil
    }

    /// Fills the masked pixels of `region` with a blend of the nearest unmasked pixels in their
    /// row and column; false when some could not be filled that way.
    func blendFromSurround(_ region: PixelRect, mask: [UInt8]) -> Bool {
        precondition(mask.count == region.width * region.height, "mask does not match its region")
        let status = withPage { page in
            mask.withUnsafeBufferPointer { CImageRendering_fill_from_surround(page, CImageRendering_Rect(region), $0.baseAddress) }
        }
        return status == 0
    }

    /// Draws `layout` through `matrix`, never outside `clip`.
    func draw(_ layout: TextLayout, matrix: AffineMatrix, color: RGBColor, clip: PixelRect) {
        _ = withPage { page in
            layout.withLayout { CImageRendering_draw_layout(page, $0, matrix.cValue, color.cValue(), CImageRendering_Rect(clip)) }
        }
    }

    /// Outlines (or, with `lineWidth` 0, fills) a polygon.
    func draw(polygon: [Point], lineWidth: Double, color: RGBColor, alpha: Double = 1) {
        let coordinates = polygon.flatMap { [$0.x, $0.y] }
        _ = withPage { page in
            CImageRendering_draw_polygon(page, coordinates, Int32(polygon.count), lineWidth, color.cValue(alpha: alpha))
        }
    }

}

/// PNG files from page pixels, with libpng (`CImageRendering_encode_png`); a photograph is
/// compressed for speed, a drawn page for size.
public enum PNGEncoder {
    public static func encode(_ pixels: PagePixels) -> [UInt8]? {
        let (width, height, stride) = (pixels.width, pixels.height, pixels.bytesPerRow)
        return pixels.bytes.withUnsafeBufferPointer { buffer -> [UInt8]? in
            var size = 0
            // Encoding only reads the pixels; the page is given as mutable because Cairo's
            // surface type is, and borrowing it this way spares a copy of the whole page.
            let page = CImageRendering_Page(pixels: UnsafeMutablePointer(mutating: buffer.baseAddress), width: Int32(width),
                                            height: Int32(height), stride: Int32(stride))
            guard let encoded = CImageRendering_encode_png(page, PhotoLikeness.isPhotograph(pixels) ? 1 : 0, &size) else { return nil }
            defer { CImageRendering_free(encoded) }
            return Array(UnsafeBufferPointer(start: encoded, count: size))
        }
    }
}

extension CImageRendering_Rect {
    init(_ rect: PixelRect) {
        self.init(x: Int32(rect.x), y: Int32(rect.y), width: Int32(rect.width), height: Int32(rect.height))
    }
}
