internal import CTesseract
import Foundation
import TranslateModel

/// Turns an input's bytes into pages, reading no more of it than it must.
///
/// In order, for one input:
/// 1. the first bytes (`sniffLength`) are read, and with them the format is told and the size
///    the header declares is checked against the pixel limit: an endless stream, a file of
///    zeros or a decompression bomb is refused before the rest is read (a TIFF file may put its
///    directories anywhere: one whose first directory lies further in is checked once read,
///    within the input size limit, before any page is decoded);
/// 2. the rest is read, up to the input size limit (`byteLimit`; a regular file larger than
///    that is refused from its size; a stream whose size is not known, unless the limit was
///    given, up to what the image its header declares can need: `StreamLimit`);
/// 3. the pages are decoded: one for most formats, each page of a multi-page TIFF on its own,
///    so that a page that is cut off or corrupt fails alone, the pages before it kept, and a
///    file cut short still reports the pages it declared. A TIFF's or a PDF's pages are decoded
///    (or rendered) one at a time, when each is asked for (`DecodedPages`), so that a long
///    document holds one page's pixels at a time and its first page is read before its last is
///    decoded; a PDF page is checked against the pixel limit when it is rendered.
public struct ImageDecoder: Sendable {
    /// The default ceiling on width × height: room for a 48-megapixel phone photo, while a
    /// decompression bomb (a tiny file declaring 60000×60000) is refused from its header.
    public static let defaultPixelLimit = 64_000_000

    /// Bytes per pixel of the pixel limit that the default input size limit allows: an
    /// uncompressed 8-bit RGBA image at the pixel limit still fits (256 MiB at the default).
    public static let bytesPerPixel = 4

    /// How many bytes are read before the format and the declared size are checked.
    public static let sniffLength = 256 << 10

    /// The most pixels a page may declare; 0: no limit.
    public var pixelLimit: Int
    /// The most bytes read from one input; 0: no limit.
    public var byteLimit: Int
    /// Whether `byteLimit` was given: a stream is then held to it alone, not to its header's
    /// declared size as well.
    public var byteLimitGiven: Bool

    /// `byteLimit` nil: `bytesPerPixel` bytes per pixel of `pixelLimit`.
    public init(pixelLimit: Int = ImageDecoder.defaultPixelLimit, byteLimit: Int? = nil) {
        self.pixelLimit = pixelLimit
        self.byteLimit = byteLimit ?? Self.defaultByteLimit(forPixelLimit: pixelLimit)
        self.byteLimitGiven = byteLimit != nil
    }

    /// The input size limit that goes with a pixel limit when none is given (0: none).
    public static func defaultByteLimit(forPixelLimit pixelLimit: Int) -> Int {
        let (bytes, overflow) = pixelLimit.multipliedReportingOverflow(by: bytesPerPixel)
        return overflow ? Int.max : max(0, bytes)
    }

    /// Every page of `source`, opened through `reader`.
    public func decodePages(of source: InputSource, reader: InputReader) throws(ImageError) -> [DecodedPage] {
        try openPages(of: source, reader: reader).all
    }

    /// Every page of an image already in memory.
    public func decodePages(_ data: Data) throws(ImageError) -> [DecodedPage] {
        try openPages(from: DataStream(data)).all
    }

    /// Every page of the image `stream` holds; whole-input failures are thrown, a page that
    /// fails alone is among the pages.
    public func decodePages(from stream: any ByteStream) throws(ImageError) -> [DecodedPage] {
        try openPages(from: stream).all
    }

    /// The pages of `source`, opened through `reader`, each decoded when it is asked for.
    public func openPages(of source: InputSource, reader: InputReader) throws(ImageError) -> DecodedPages {
        try openPages(from: try reader.open(source))
    }

    /// The pages of the image `stream` holds, each decoded when it is asked for; whole-input
    /// failures are thrown, a page that fails alone is among the pages.
    public func openPages(from stream: any ByteStream) throws(ImageError) -> DecodedPages {
        var data = try read(stream, upTo: Self.sniffLength)
        guard !data.isEmpty else { throw .empty }
        let complete = data.count < Self.sniffLength
        let format = data.withUnsafeBytes { ImageFormat(sniffing: $0.bindMemory(to: UInt8.self)) }
        switch format {
        case .unknown: throw .notAnImage
        case .unsupported(let name): throw .unsupportedFormat(name)
        default: break
        }
        let declared = declaredSize(of: format, in: data)
        try check(declared, complete: complete)
        if byteLimit > 0, data.count > byteLimit { throw .inputTooLarge(limit: byteLimit) }
        if !complete {
            if byteLimit > 0, let size = stream.knownSize, size > byteLimit { throw .inputTooLarge(limit: byteLimit) }
            // A file's size is known and checked above; a stream's is known only once read.
            let limit = stream.knownSize == nil
                ? StreamLimit(byteLimit: byteLimit, given: byteLimitGiven, format: format, declared: declared)
                : StreamLimit(byteLimit: byteLimit, given: true, format: format, declared: declared)
            try readRest(of: stream, into: &data, limit: limit)
            try check(declaredSize(of: format, in: data), complete: true)
        }
        return try decode(data, format: format)
    }

    private func declaredSize(of format: ImageFormat, in data: Data) -> ImageHeader.DeclaredSize {
        data.withUnsafeBytes { ImageHeader.declaredSize(of: format, in: $0.bindMemory(to: UInt8.self)) }
    }

    /// Applies the pixel limit to a declared size; a header the bytes end in is truncated once
    /// there are no more bytes.
    private func check(_ declared: ImageHeader.DeclaredSize, complete: Bool) throws(ImageError) {
        switch declared {
        case .size(let width, let height): try checkSize(width: width, height: height)
        case .needsMoreBytes: if complete { throw .truncated }
        case .malformed: throw .decodeFailed
        case .perPage: break
        }
    }

    private func checkSize(width: Int, height: Int) throws(ImageError) {
        guard width > 0, height > 0 else { throw .decodeFailed }
        // The area saturates: an overflowing product is over the limit, not wrapped under it.
        if pixelLimit > 0, DeclaredArea(width: width, height: height).pixels > pixelLimit || width > 1_000_000 || height > 1_000_000 {
            throw .tooLarge(width: width, height: height, limit: pixelLimit)
        }
    }

    private func read(_ stream: any ByteStream, upTo count: Int) throws(ImageError) -> Data {
        do {
            return try stream.read(upTo: count)
        } catch {
            throw .unreadable(error.reason)
        }
    }

    /// Reads `stream` to its end after what `data` holds, stopping past `limit`. A file's size
    /// is reserved up front, so that it is read into one buffer, chunk by chunk.
    private func readRest(of stream: any ByteStream, into data: inout Data, limit: StreamLimit) throws(ImageError) {
        if let size = stream.knownSize { data.reserveCapacity(size + 1) }
        while true {
            var chunk = 4 << 20
            if limit.bytes > 0 { chunk = min(chunk, limit.bytes - data.count + 1) }
            let more = try read(stream, upTo: chunk)
            if more.isEmpty { return }
            data.append(more)
            if limit.bytes > 0, data.count > limit.bytes { throw limit.exceeded }
        }
    }

    private func decode(_ data: Data, format: ImageFormat) throws(ImageError) -> DecodedPages {
        if format == .tiff { return try tiffPages(data) }
        let result: Result<DecodedPages, ImageError> = data.withUnsafeBytes { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            guard let base = buffer.baseAddress else { return .failure(.empty) }
            do throws(ImageError) {
                try ImageFormat.checkComplete(format, bytes: buffer)
                if format == .pdf { return .success(try pdfPages(buffer)) }
                if format == .heif {
                    return .success(DecodedPages(.decoded(try HEIFDecoder.decode(buffer) { width, height throws(ImageError) in
                        try checkSize(width: width, height: height)
                    })))
                }
                return .success(DecodedPages(try decodeSingle(base, count: buffer.count,
                                                              tag: OrientationTag.of(buffer, format: format))))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The one page of a file, seen as its orientation `tag` says (stored pixels when nil).
    private func decodeSingle(_ bytes: UnsafePointer<UInt8>, count: Int, tag: OrientationTag?) throws(ImageError) -> DecodedPage {
        let (pix, errors) = LibraryMessages.capturing { pixReadMem(bytes, count) }
        guard let pix else { throw errors.first.map { .pageCorrupt(.init(1), detail: $0) } ?? .decodeFailed }
        guard errors.isEmpty else {
            Self.destroy(pix)
            throw .pageCorrupt(.init(1), detail: errors.first)
        }
        let stored = PageImage(page: 1, pix: pix)
        guard let tag else { return .decoded(stored) }
        guard let upright = stored.upright(by: tag) else { throw .decodeFailed }
        return .decoded(upright)
    }

    /// The pages of a TIFF file, each decoded alone when it is asked for; the pages its
    /// directories declare but the data does not hold (cut off, corrupt) are failed pages.
    private func tiffPages(_ data: Data) throws(ImageError) -> DecodedPages {
        let found: TIFFLayout? = data.withUnsafeBytes { TIFFLayout($0.bindMemory(to: UInt8.self)) }
        guard let layout = found, !data.isEmpty else { throw .decodeFailed }
        guard !layout.pages.isEmpty else { throw layout.end == .cut ? .truncated : .decodeFailed }
        // Every page's size is checked before any is decoded.
        for page in layout.pages {
            if let width = page.width, let height = page.height { try checkSize(width: width, height: height) }
        }
        let declared = layout.declaredPages
        let count = layout.pages.count + (layout.end == .complete ? 0 : 1)
        return DecodedPages(count: count) { number in
            guard number <= layout.pages.count else {
                return .failed(page: number, layout.end == .cut ? .pageTruncated(declared)
                                                                  : .pageCorrupt(declared, detail: "its directory is corrupt"))
            }
            let page = layout.pages[number - 1]
            guard page.dataComplete else { return .failed(page: number, .pageTruncated(declared)) }
            guard !page.isTiled else { return .failed(page: number, .unsupportedFormat("tiled TIFF")) }
            let (pix, errors) = data.withUnsafeBytes { raw in
                LibraryMessages.capturing { pixReadMemTiff(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Int32(number - 1)) }
            }
            if let pix, errors.isEmpty { return .decoded(PageImage(page: number, pix: pix)) }
            if let pix { Self.destroy(pix) }
            return .failed(page: number, .pageCorrupt(declared, detail: errors.first))
        }
    }

    /// Every page of a PDF, each to be rendered when it is read.
    private func pdfPages(_ buffer: UnsafeBufferPointer<UInt8>) throws(ImageError) -> DecodedPages {
        let document = try PDFDocument(buffer)
        guard document.pageCount > 0 else { throw .decodeFailed }
        let pixelLimit = pixelLimit
        return DecodedPages(count: document.pageCount) { number in
            .pending(page: number, PendingPage { () throws(ImageError) in try document.render(page: number, pixelLimit: pixelLimit) })
        }
    }

    private static func destroy(_ pix: UnsafeMutablePointer<PIX>) {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }
}

/// One page of an input: decoded, failed on its own (the other pages of its file may be fine),
/// or still to be rendered (a PDF page, drawn only when it is read).
public enum DecodedPage {
    case decoded(PageImage)
    case failed(page: Int, ImageError)
    case pending(page: Int, PendingPage)

    /// The 1-based page number within its file.
    public var page: Int {
        switch self {
        case .decoded(let image): image.page
        case .failed(let page, _): page
        case .pending(let page, _): page
        }
    }

    /// The decoded page, or nil when it failed or is still to be rendered.
    public var image: PageImage? {
        if case .decoded(let image) = self { image } else { nil }
    }

    /// The page decoded or failed: a pending page rendered now.
    public func rendered() -> DecodedPage {
        guard case .pending(let page, let pending) = self else { return self }
        do throws(ImageError) {
            return .decoded(try pending.render())
        } catch {
            return .failed(page: page, error)
        }
    }
}

/// How to render one page of a document that is read page by page. Not `Sendable`: it holds
/// the document, which stays on the thread that opened it.
public final class PendingPage {
    let render: () throws(ImageError) -> PageImage

    init(render: @escaping () throws(ImageError) -> PageImage) {
        self.render = render
    }
}
