/// How many bytes a stream whose size is not known up front (standard input, a FIFO, a process
/// substitution) may bring before it is refused.
///
/// A regular file larger than the input size limit is refused from its size; a stream can only
/// be read until it passes the limit, and everything read is held. With the default limit
/// (256 000 000 bytes) a PNG header declaring 100×100 pixels followed by endless bytes was held
/// until 256 MB (374 MB resident) before being refused. A header that declares its size says how
/// many bytes its image can need at most: that many (with room for metadata) is the default
/// limit of such a stream. A limit given on the command line (`--max-input-size`) is kept as it
/// is, for streams as for files.
struct StreamLimit: Equatable {
    /// Room for what is not pixels: EXIF and its thumbnail, ICC profiles, XMP, comments.
    static let metadataMargin = 8 << 20

    /// The most bytes a pixel of `format` can take when stored as inefficiently as the format
    /// allows, or nil when the declared size does not bound the file (more pages than the one
    /// declared, or no size in the header at all).
    static func bytesPerPixel(of format: ImageFormat) -> Int? {
        switch format {
        // 16-bit RGBA stored without compression, and a filter byte per row of one pixel.
        case .png: 10
        // Plain (ASCII) PNM: "65535 " for each of three samples.
        case .pnm: 24
        // 32-bit pixels with row padding (BMP); LZW codes of 12 bits for a few frames (GIF);
        // codecs whose worst case stays under 8 bytes a pixel (JPEG at quality 100 on noise,
        // lossless WebP and JPEG 2000, 10-bit HEIC).
        case .bmp, .gif, .jpeg, .webp, .jp2, .heif: 8
        // A TIFF file holds any number of pages, each with its own size; a PDF declares none.
        case .tiff, .pdf, .unknown, .unsupported: nil
        }
    }

    /// The limit, in bytes; 0: none.
    let bytes: Int
    /// The declared size the limit comes from, when it is lower than the input size limit.
    let declared: (width: Int, height: Int)?

    /// `byteLimit`: the input size limit (0: none); `given`: whether it was given rather than
    /// the default.
    init(byteLimit: Int, given: Bool, format: ImageFormat, declared: ImageHeader.DeclaredSize) {
        guard !given, let perPixel = Self.bytesPerPixel(of: format), case .size(let width, let height) = declared else {
            self.bytes = byteLimit
            self.declared = nil
            return
        }
        let needed = DeclaredArea(width: width, height: height).bytes(perPixel: perPixel, plus: Self.metadataMargin)
        if byteLimit > 0, byteLimit <= needed {
            self.bytes = byteLimit
            self.declared = nil
        } else {
            self.bytes = needed
            self.declared = (width, height)
        }
    }

    /// The error for a stream that goes on past the limit.
    var exceeded: ImageError {
        if let declared { return .streamTooLarge(limit: bytes, width: declared.width, height: declared.height) }
        return .inputTooLarge(limit: bytes)
    }

    static func == (lhs: StreamLimit, rhs: StreamLimit) -> Bool {
        lhs.bytes == rhs.bytes && lhs.declared?.width == rhs.declared?.width && lhs.declared?.height == rhs.declared?.height
    }
}
