internal import CImageRendering
import TranslateModel

/// JPEG files from page pixels, with libjpeg: for photographs, which a PNG file stores several
/// times larger.
public enum JPEGEncoder {
    /// Quality 90 with colour at full resolution: text drawn on the photo stays sharp.
    public static let quality = 90

    public static func encode(_ pixels: PagePixels, quality: Int = quality) -> [UInt8]? {
        let (width, height, stride) = (pixels.width, pixels.height, pixels.bytesPerRow)
        return pixels.bytes.withUnsafeBufferPointer { buffer -> [UInt8]? in
            var size = 0
            // Encoding only reads the pixels; the C view of a page is mutable for drawing.
            let page = CImageRendering_Page(pixels: UnsafeMutablePointer(mutating: buffer.baseAddress), width: Int32(width),
                                            height: Int32(height), stride: Int32(stride))
            guard let encoded = CImageRendering_encode_jpeg(page, Int32(quality), &size) else { return nil }
            defer { CImageRendering_free(encoded) }
            return Array(UnsafeBufferPointer(start: encoded, count: size))
        }
    }
}
