internal import CHEIF
import TranslateModel

/// Decodes HEIC/HEIF photos (what phones save) with libheif, loaded on first use (`CHEIF`).
///
/// The primary image is decoded, turned and mirrored as the file says (libheif applies `irot`
/// and `imir`), into 8-bit RGB. Its size is checked before decoding, as libheif reads it from
/// the container.
enum HEIFDecoder {
    /// The image in `buffer`; `checkSize` refuses a size before any pixel is decoded.
    static func decode(_ buffer: UnsafeBufferPointer<UInt8>,
                       checkSize: (_ width: Int, _ height: Int) throws(ImageError) -> Void) throws(ImageError) -> PageImage {
        var message = [CChar](repeating: 0, count: 256)
        var file: OpaquePointer?
        var width: Int32 = 0, height: Int32 = 0
        try check(CHEIF_open(buffer.baseAddress, buffer.count, &file, &width, &height, &message, message.count), message)
        defer { CHEIF_close(file) }
        try checkSize(Int(width), Int(height))

        var rgb: UnsafePointer<UInt8>?
        var bytesPerRow: Int32 = 0
        let (status, messages) = LibraryMessages.capturing {
            CHEIF_decode(file, &rgb, &bytesPerRow, &width, &height, &message, message.count)
        }
        try check(status, message, printed: messages)
        try checkSize(Int(width), Int(height))
        guard let rgb, let page = PageImage(page: 1, width: Int(width), height: Int(height), copyingRGB: rgb,
                                            bytesPerRow: Int(bytesPerRow)) else { throw .decodeFailed }
        return page
    }

    /// Turns a `CHEIF` status into an `ImageError`: data that ends early is a truncated file.
    private static func check(_ status: Int32, _ message: [CChar], printed: [String] = []) throws(ImageError) {
        switch Int(status) {
        case CHEIF_OK: return
        case CHEIF_TRUNCATED: throw .truncated
        case CHEIF_UNAVAILABLE: throw .decoderMissing(format: "HEIF", package: "libheif1")
        default:
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // libheif ends some messages with a line break: an error is one line.
            throw .pageCorrupt(.init(1), detail: text.isEmpty ? printed.first : LibraryMessages.oneLine("libheif: " + text))
        }
    }
}
