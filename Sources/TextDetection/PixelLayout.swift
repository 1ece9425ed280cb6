internal import CTextDetection

/// How a caller's 8-bit pixel buffer is laid out, checked before C sees the pointer.
struct PixelLayout {
    var width: Int
    var height: Int
    var bytesPerRow: Int
    var channels: Int

    /// The largest side OpenCV is asked to handle.
    static let maximumSide = 32768

    /// Throws unless a buffer of `byteCount` bytes holds every row this layout describes.
    func validate(byteCount: Int) throws(TextDetectionError) {
        guard width > 0, height > 0 else { throw .invalidImage("empty image (\(width)x\(height))") }
        guard width <= Self.maximumSide, height <= Self.maximumSide else {
            throw .invalidImage("image larger than \(Self.maximumSide) pixels on a side")
        }
        guard [1, 3, 4].contains(channels) else {
            throw .invalidImage("unsupported channel count \(channels) (1, 3 or 4)")
        }
        guard bytesPerRow >= width * channels else {
            throw .invalidImage("\(bytesPerRow) bytes per row, less than \(width * channels) for a row")
        }
        let needed = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        guard !needed.overflow, needed.partialValue + width * channels <= byteCount else {
            throw .invalidImage("\(byteCount) bytes, too few for \(width)x\(height) at \(bytesPerRow) bytes per row")
        }
    }

    /// The C description of the buffer at `pixels`, which must outlive its use.
    func cImage(_ pixels: UnsafeRawPointer) -> CTextDetection_Image {
        CTextDetection_Image(
            pixels: pixels.assumingMemoryBound(to: UInt8.self),
            width: Int32(width),
            height: Int32(height),
            bytesPerRow: bytesPerRow,
            channels: Int32(channels)
        )
    }
}
