import Foundation
internal import CTextDetection

/// An 8-bit image made by the library: rows of `width * channels` bytes, no padding.
public struct CroppedImage: Sendable, Hashable {
    public var width: Int
    public var height: Int
    /// 1 for grey, 3 for RGB.
    public var channels: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, channels: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.channels = channels
        self.pixels = pixels
    }

    public var bytesPerRow: Int { width * channels }

    /// A crop of `size` with `channels`, its pixels written by `body` from the image `pixels`
    /// laid out as `layout` says (checked first): `body` gets the image, the crop's first byte
    /// and its bytes per row.
    static func made(
        from pixels: some ContiguousBytes,
        layout: PixelLayout,
        size: (width: Int, height: Int),
        channels: Int,
        _ body: (CTextDetection_Image, UnsafeMutablePointer<UInt8>?, Int) throws(TextDetectionError) -> Void
    ) throws(TextDetectionError) -> CroppedImage {
        var crop = CroppedImage(width: size.width, height: size.height, channels: channels,
                                pixels: [UInt8](repeating: 0, count: size.width * size.height * channels))
        let result: Result<Void, TextDetectionError> = pixels.withUnsafeBytes { buffer in
            Result { () throws(TextDetectionError) in
                try layout.validate(byteCount: buffer.count)
                let image = layout.cImage(buffer.baseAddress!)
                let bytesPerRow = crop.bytesPerRow
                try crop.pixels.withUnsafeMutableBufferPointer { output throws(TextDetectionError) in
                    try body(image, output.baseAddress, bytesPerRow)
                }
            }
        }
        try result.get()
        return crop
    }
}

extension Quadrilateral {
    /// The size of this quadrilateral's flat crop: the longer of each pair of opposite sides,
    /// rounded, at least 1.
    public var flatCropSize: (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        withCPoints { CTextDetection_cropSize($0, &width, &height) }
        return (Int(width), Int(height))
    }

    /// This quadrilateral cut out of an image and warped flat and upright: `topLeft` lands on
    /// the crop's top-left corner and `topRight` on its top-right one.
    ///
    /// - Parameters:
    ///   - pixels: rows of interleaved grey (1 channel), RGB (3) or RGBA (4) bytes.
    ///   - outputChannels: 1 for a grey crop, 3 for RGB.
    ///   - size: the crop's size; `flatCropSize` when nil (a page's is `flatPageSize`).
    public func flatCrop(
        pixels: some ContiguousBytes,
        width: Int,
        height: Int,
        bytesPerRow: Int,
        channels: Int,
        outputChannels: Int = 1,
        size: (width: Int, height: Int)? = nil
    ) throws(TextDetectionError) -> CroppedImage {
        guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            throw .invalidArgument("quadrilateral corner is not a number")
        }
        guard outputChannels == 1 || outputChannels == 3 else {
            throw .invalidArgument("crops have 1 or 3 channels, not \(outputChannels)")
        }
        let layout = PixelLayout(width: width, height: height, bytesPerRow: bytesPerRow, channels: channels)
        let size = size ?? flatCropSize
        guard (1...32768).contains(size.width), (1...32768).contains(size.height) else {
            throw .invalidArgument("crop size \(size.width)x\(size.height) outside 1...32768")
        }
        return try CroppedImage.made(from: pixels, layout: layout, size: size, channels: outputChannels) { image, output, bytesPerRow throws(TextDetectionError) in
            try withCPoints { quad throws(TextDetectionError) in
                try checkedCall(failure: { .cropFailed($0) }) { message, capacity in
                    CTextDetection_crop(image, quad, output, Int32(size.width), Int32(size.height),
                                        bytesPerRow, Int32(outputChannels), message, capacity)
                }
            }
        }
    }

    private func withCPoints<R, E: Error>(
        _ body: (UnsafePointer<CTextDetection_Point>) throws(E) -> R
    ) throws(E) -> R {
        let points = corners.map { CTextDetection_Point(x: Float($0.x), y: Float($0.y)) }
        // The C functions take exactly four points.
        return try points.withUnsafeBufferPointer { buffer throws(E) in try body(buffer.baseAddress!) }
    }
}
