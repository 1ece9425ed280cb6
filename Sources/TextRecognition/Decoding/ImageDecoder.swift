internal import CTesseract
import Foundation
import TranslateModel

/// Turns the bytes of an image file into pages, refusing oversized images before decoding them.
public struct ImageDecoder: Sendable {
    /// The default ceiling on width × height: room for a 48-megapixel phone photo, while a
    /// decompression bomb (a tiny file declaring 60000×60000) is refused from its header.
    public static let defaultPixelLimit = 64_000_000

    public var pixelLimit: Int

    public init(pixelLimit: Int = ImageDecoder.defaultPixelLimit) {
        self.pixelLimit = pixelLimit
        RecognitionRuntime.prepare()
    }

    /// Decodes every page of `data` (one for most formats, every page of a multi-page TIFF).
    public func decodePages(_ data: Data) throws(ImageError) -> [PageImage] {
        let result: Result<[PageImage], ImageError> = data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress, raw.count > 0 else {
                return .failure(.empty)
            }
            do throws(ImageError) {
                return .success(try decode(base, count: raw.count))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func decode(_ bytes: UnsafePointer<UInt8>, count: Int) throws(ImageError) -> [PageImage] {
        var format: Int32 = 0
        findFileFormatBuffer(bytes, &format)
        let kind = ImageFormat(leptonicaFormat: Int(format))
        switch kind {
        case .unknown:
            throw .notAnImage
        case .unsupported(let name):
            throw .unsupportedFormat(name)
        case .tiff:
            return try decodeTIFF(bytes, count: count)
        case .gif:
            try checkGIFHeader(bytes, count: count)
            return [try decodeSingle(bytes, count: count)]
        case .png, .jpeg, .other:
            try checkHeader(bytes, count: count)
            try ImageFormat.checkComplete(kind, bytes: UnsafeBufferPointer(start: bytes, count: count))
            return [try decodeSingle(bytes, count: count)]
        }
    }

    private func checkHeader(_ bytes: UnsafePointer<UInt8>, count: Int) throws(ImageError) {
        var format: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        var bitsPerSample: Int32 = 0, samplesPerPixel: Int32 = 0, colormapped: Int32 = 0
        guard pixReadHeaderMem(bytes, count, &format, &width, &height, &bitsPerSample, &samplesPerPixel, &colormapped) == 0 else {
            throw .truncated
        }
        try checkSize(width: Int(width), height: Int(height))
    }

    /// Leptonica reads a whole GIF to learn its size, so the logical screen size is read here first.
    private func checkGIFHeader(_ bytes: UnsafePointer<UInt8>, count: Int) throws(ImageError) {
        guard count >= 10 else { throw .truncated }
        let width = Int(bytes[6]) | Int(bytes[7]) << 8
        let height = Int(bytes[8]) | Int(bytes[9]) << 8
        try checkSize(width: width, height: height)
    }

    private func checkSize(width: Int, height: Int) throws(ImageError) {
        guard width > 0, height > 0 else { throw .decodeFailed }
        if pixelLimit > 0, width.multipliedReportingOverflow(by: height).partialValue > pixelLimit || width > 1_000_000 || height > 1_000_000 {
            throw .tooLarge(width: width, height: height, limit: pixelLimit)
        }
    }

    private func decodeSingle(_ bytes: UnsafePointer<UInt8>, count: Int) throws(ImageError) -> PageImage {
        guard let pix = pixReadMem(bytes, count) else { throw .decodeFailed }
        return PageImage(page: 1, pix: pix)
    }

    private func decodeTIFF(_ bytes: UnsafePointer<UInt8>, count: Int) throws(ImageError) -> [PageImage] {
        var pageCount: Int32 = 0
        guard let file = fopenReadFromMemory(bytes, count) else { throw .decodeFailed }
        let counted = tiffGetCount(file, &pageCount)
        fclose(file)
        guard counted == 0, pageCount > 0 else { throw .decodeFailed }
        // Check every page's size before decoding any of them.
        for index in 0..<pageCount {
            var width: Int32 = 0, height: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0
            var resolution: Int32 = 0, colormapped: Int32 = 0, format: Int32 = 0
            guard readHeaderMemTiff(bytes, count, index, &width, &height, &bps, &spp, &resolution, &colormapped, &format) == 0 else {
                throw .truncated
            }
            try checkSize(width: Int(width), height: Int(height))
        }
        var pages: [PageImage] = []
        for index in 0..<pageCount {
            guard let pix = pixReadMemTiff(bytes, count, index) else { throw .decodeFailed }
            pages.append(PageImage(page: Int(index) + 1, pix: pix))
        }
        return pages
    }
}
