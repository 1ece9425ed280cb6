package import CTesseract
import PagePreparation
import TranslateModel

/// What a line's reading depends on in the image: the pixels of its box and of a margin
/// around it, and the box's place in that crop.
///
/// A line is read from its box and `TesseractEngine.linePadding` pixels around it; the crop
/// here takes `margin`, which is wider, so two lines with equal keys give Tesseract the same
/// input. Two 64-bit hashes of the crop stand for its pixels.
package struct LinePixels: Hashable, Sendable {
    var cropWidth: Int
    var cropHeight: Int
    /// The line's box inside the crop (the crop is cut short at the image's edges).
    var box: PixelRect
    var firstHash: Int
    var secondHash: Int

    /// How far around a line's box the crop reaches.
    static let margin = 16

    /// The key of `line` in `image`.
    package init(of line: PixelRect, in image: GrayPixels) {
        let left = max(0, line.x - Self.margin), top = max(0, line.y - Self.margin)
        let right = min(image.width, line.x + line.width + Self.margin)
        let bottom = min(image.height, line.y + line.height + Self.margin)
        cropWidth = max(0, right - left)
        cropHeight = max(0, bottom - top)
        box = PixelRect(x: line.x - left, y: line.y - top, width: line.width, height: line.height)
        var first = Hasher(), second = Hasher()
        first.combine(0)
        second.combine(1)
        var row = [UInt8](repeating: 0, count: cropWidth)
        for y in top..<max(top, bottom) {
            image.copyRow(y, from: left, into: &row)
            row.withUnsafeBytes { bytes in
                first.combine(bytes: bytes)
                second.combine(bytes: bytes)
            }
        }
        firstHash = first.finalize()
        secondHash = second.finalize()
    }
}

/// An 8-bit Leptonica image's pixels, read in place.
package struct GrayPixels {
    let width: Int
    let height: Int
    private let bytes: UnsafePointer<UInt8>
    private let bytesPerRow: Int

    /// Nil unless `pix` has 8 bits a pixel and no colour map.
    package init?(_ pix: UnsafeMutablePointer<PIX>) {
        guard pixGetDepth(pix) == 8, pixGetColormap(pix) == nil, let data = pixGetData(pix) else { return nil }
        width = Int(pixGetWidth(pix))
        height = Int(pixGetHeight(pix))
        bytesPerRow = Int(pixGetWpl(pix)) * 4
        bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
    }

    /// Pixels `left..<left + row.count` of row `y`, in order.
    func copyRow(_ y: Int, from left: Int, into row: inout [UInt8]) {
        let start = bytes + y * bytesPerRow
        for index in row.indices { row[index] = start[GrayImage.byteOffset(left + index)] }
    }
}
