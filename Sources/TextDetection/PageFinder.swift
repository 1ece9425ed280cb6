import Foundation
internal import CTextDetection

/// A sheet of paper found in a photo.
public struct FoundPage: Sendable, Hashable {
    /// The page's corners in the photo's pixels: top-left, top-right, bottom-right, bottom-left
    /// as the photo shows the page (the top edge is the one whose middle is highest). A page
    /// lying sideways or upside down in the photo is not turned: that is for the reader to tell.
    public var quadrilateral: Quadrilateral
    /// The share of the page's outline that shows in the photo as a step from bright paper to
    /// a darker background, 0 to 1.
    public var confidence: Double

    public init(quadrilateral: Quadrilateral, confidence: Double) {
        self.quadrilateral = quadrilateral
        self.confidence = confidence
    }
}

/// Finds a photographed sheet of paper, so that it can be warped flat and read as a page, as
/// document-scanner apps do.
///
/// The flat page is `quadrilateral.flatCrop(..., size:)` with the size
/// `quadrilateral.flatPageSize(imageWidth:imageHeight:)`, the sheet's true proportions;
/// `quadrilateral.flatCropToImage(size:)` puts what is read on it back into the photo.
public enum PageFinder {
    /// The largest plausible sheet of paper in an 8-bit image, or nil when there is none.
    ///
    /// A page is a bright convex quadrilateral covering at least a fifth of the image, each
    /// corner within 40 degrees of square, whose outline shows against a darker background
    /// along at least four fifths of its length. Nil means "read the image as it is", and is the answer
    /// for:
    /// - a page that fills the photo or runs off its edge: only a page seen whole is reported,
    ///   since cropping to part of one could lose text the image still has;
    /// - an upright rectangle (every side within a degree of level or plumb), such as a panel
    ///   of a screenshot or a sign seen straight on: there is nothing to flatten;
    /// - a dark page on a lighter background.
    ///
    /// The search runs on a reduced copy whose longest side is `maxSide`, so a large photo need
    /// not be scaled down first: a 12-megapixel one takes about 20 ms, most of it reducing.
    /// Corners come back in the original image's pixels, to a fraction of a reduced pixel.
    ///
    /// - Parameters:
    ///   - pixels: rows of interleaved grey (1 channel), RGB (3) or RGBA (4) bytes.
    ///   - bytesPerRow: the distance between the starts of two rows, at least `width * channels`.
    ///   - maxSide: the longest side of the reduced copy searched, 32 to 8192.
    public static func findPage(
        pixels: some ContiguousBytes,
        width: Int,
        height: Int,
        bytesPerRow: Int,
        channels: Int,
        maxSide: Int = 800
    ) throws(TextDetectionError) -> FoundPage? {
        let layout = PixelLayout(width: width, height: height, bytesPerRow: bytesPerRow, channels: channels)
        guard (32...8192).contains(maxSide) else {
            throw .invalidArgument("maximum side \(maxSide) outside 32...8192")
        }
        var options = CTextDetection_defaultPageOptions()
        options.maxSide = Int32(maxSide)

        let result: Result<FoundPage?, TextDetectionError> = pixels.withUnsafeBytes { buffer in
            Result { () throws(TextDetectionError) in
                try layout.validate(byteCount: buffer.count)
                return try findPage(layout.cImage(buffer.baseAddress!), options: options)
            }
        }
        return try result.get()
    }

    private static func findPage(
        _ image: CTextDetection_Image,
        options: CTextDetection_PageOptions
    ) throws(TextDetectionError) -> FoundPage? {
        var options = options
        var corners = [CTextDetection_Point](repeating: CTextDetection_Point(), count: 4)
        var confidence: Float = 0
        let status = try corners.withUnsafeMutableBufferPointer { buffer throws(TextDetectionError) in
            try checkedStatus(failure: { .pageFindingFailed($0) }, accepting: CTextDetection_Status_noPage) { message, capacity in
                CTextDetection_findPage(image, &options, buffer.baseAddress, &confidence, message, capacity)
            }
        }
        guard status == CTextDetection_Status_ok else { return nil }
        let quadrilateral = Quadrilateral(
            topLeft: Point(corners[0]),
            topRight: Point(corners[1]),
            bottomRight: Point(corners[2]),
            bottomLeft: Point(corners[3])
        )
        return FoundPage(quadrilateral: quadrilateral, confidence: Double(confidence))
    }
}
