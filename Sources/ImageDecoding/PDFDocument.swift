internal import CPoppler
import TranslateModel

/// A PDF file whose pages are rendered with Poppler (into Cairo, loaded on first use through
/// `CPoppler`) one at a time, when each is read, so that a long document never holds more than
/// one page's pixels.
///
/// Pages are drawn at `resolution` on white, smaller when that would pass the pixel limit or
/// Cairo's largest side.
/// Not `Sendable`: a Poppler document stays on the thread that opened it, like the pages it
/// renders.
final class PDFDocument {
    /// Dots per inch of a rendered page: the resolution Tesseract is trained and tuned for.
    /// A page that is a scan at that resolution comes back at the scan's own size.
    static let resolution = 300.0
    /// The least resolution a page is drawn at to keep within the pixel limit; a page that
    /// needs less is refused.
    static let leastResolution = 72.0
    /// Cairo's largest image surface, in pixels per side.
    static let largestSide = 32767
    /// The least resolution a page is drawn at to keep its longest side within `largestSide`:
    /// a page longer than 32767 inches (832 m) is no document.
    static let leastSideResolution = 1.0

    private let document: OpaquePointer
    let pageCount: Int

    /// Opens the PDF in `buffer` (Poppler keeps its own copy of the bytes).
    init(_ buffer: UnsafeBufferPointer<UInt8>) throws(ImageError) {
        var message = [CChar](repeating: 0, count: 256)
        var opened: OpaquePointer?
        let status = CPoppler_open(buffer.baseAddress, buffer.count, &opened, &message, message.count)
        switch Int(status) {
        case CPOPPLER_OK: break
        case CPOPPLER_ENCRYPTED: throw .unsupportedFormat("password-protected PDF")
        case CPOPPLER_UNAVAILABLE: throw .decoderMissing(format: "PDF", package: "libpoppler-glib8")
        default:
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .pageCorrupt(.init(1), detail: LibraryMessages.oneLine("poppler: " + text))
        }
        guard let opened else { throw .decodeFailed }
        document = opened
        pageCount = Int(CPoppler_page_count(opened))
    }

    deinit {
        CPoppler_close(document)
    }

    /// Page `number` (1-based) drawn at `resolution`, or less to keep within `pixelLimit`
    /// (0: no limit).
    func render(page number: Int, pixelLimit: Int) throws(ImageError) -> PageImage {
        let declared = ImageError.PageCount(pageCount)
        var widthInPoints = 0.0, heightInPoints = 0.0
        guard CPoppler_page_size(document, Int32(number - 1), &widthInPoints, &heightInPoints) != 0 else {
            throw .pageCorrupt(declared, detail: "poppler cannot read the page")
        }
        guard widthInPoints > 0, heightInPoints > 0, widthInPoints.isFinite, heightInPoints.isFinite else {
            throw .pageCorrupt(declared, detail: "the page has no size")
        }
        let dotsPerInch = try Self.resolution(width: widthInPoints, height: heightInPoints, pixelLimit: pixelLimit)
        let scale = dotsPerInch / 72
        let width = max(1, Int((widthInPoints * scale).rounded())), height = max(1, Int((heightInPoints * scale).rounded()))
        let image = PageImage(page: number, width: width, height: height) { pixels, bytesPerRow in
            CPoppler_render(document, Int32(number - 1), scale, pixels, Int32(width), Int32(height), Int32(bytesPerRow)) != 0
        }
        guard let image else { throw .pageCorrupt(declared, detail: "the page could not be drawn") }
        return image
    }

    /// The resolution a page of this size (in points) is drawn at: `resolution`, or the
    /// highest below it at which the page keeps within the pixel limit (never under
    /// `leastResolution`: a page larger than the limit even then is refused as too large), and
    /// then within Cairo's largest side (as far down as `leastSideResolution`: a long, narrow
    /// page is drawn smaller rather than refused).
    static func resolution(width: Double, height: Double, pixelLimit: Int) throws(ImageError) -> Double {
        func pixels(_ points: Double, at dotsPerInch: Double) -> Double { max(1, (points * dotsPerInch / 72).rounded()) }
        var dotsPerInch = resolution
        if pixelLimit > 0 {
            // A side of less than a pixel counts as one: the area is not the square of the
            // resolution, so the highest resolution within the limit is searched for.
            let fits = { (dotsPerInch: Double) in pixels(width, at: dotsPerInch) * pixels(height, at: dotsPerInch) <= Double(pixelLimit) }
            dotsPerInch = highest(below: dotsPerInch, where: fits)
            guard dotsPerInch >= leastResolution else {
                // Larger than the limit at the least resolution: said at that resolution.
                func side(_ points: Double) -> Int { Int(min(pixels(points, at: leastResolution), 1e15)) }
                throw .tooLarge(width: side(width), height: side(height), limit: pixelLimit)
            }
        }
        let longest = max(width, height)
        dotsPerInch = highest(below: dotsPerInch) { pixels(longest, at: $0) <= Double(largestSide) }
        guard dotsPerInch >= leastSideResolution else {
            throw .pageTooLong(points: Int(min(longest.rounded(.up), 1e15)), largestSide: largestSide, leastResolution: Int(leastSideResolution))
        }
        return dotsPerInch
    }

    /// The highest resolution up to `start` at which `fits` holds, to within a millionth of it;
    /// `fits` holds at every resolution below one where it holds (a page grows with it).
    private static func highest(below start: Double, where fits: (Double) -> Bool) -> Double {
        if fits(start) { return start }
        var low = 0.0, high = start
        for _ in 0..<60 where high - low > start * 1e-6 {
            let middle = (low + high) / 2
            if fits(middle) { low = middle } else { high = middle }
        }
        return low
    }
}
