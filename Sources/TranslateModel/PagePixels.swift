/// A page's pixels, kept so that its translation can be drawn on it.
///
/// 8 bits per channel in blue, green, red, alpha order (the layout Cairo and OpenCV draw on),
/// fully opaque, rows `width * 4` bytes long, top row first.
public struct PagePixels: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(width > 0 && height > 0 && bytes.count == width * height * 4, "pixel buffer does not match its size")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// A page of one colour.
    public init(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for offset in stride(from: 0, to: bytes.count, by: 4) {
            bytes[offset] = blue
            bytes[offset + 1] = green
            bytes[offset + 2] = red
        }
        self.init(width: width, height: height, bytes: bytes)
    }

    public var bytesPerRow: Int { width * 4 }

    /// The pixels of `rect`, which must lie within the page.
    public func cropped(to rect: PixelRect) -> PagePixels {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rect.width * rect.height * 4)
        for row in rect.y..<(rect.y + rect.height) {
            let start = row * bytesPerRow + rect.x * 4
            bytes += self.bytes[start..<(start + rect.width * 4)]
        }
        return PagePixels(width: rect.width, height: rect.height, bytes: bytes)
    }

    /// The red, green and blue of the pixel at column `x`, row `y`.
    public func color(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let offset = y * bytesPerRow + x * 4
        return (bytes[offset + 2], bytes[offset + 1], bytes[offset])
    }
}
