internal import CPoppler
import Foundation
import Locking
import TranslateModel

/// A PDF file whose pages are rendered with Poppler (into Cairo) one at a time, when each is
/// read, so that a long document never holds more than one page's pixels.
///
/// Pages are drawn at `resolution` on white (a PDF page is transparent where nothing is
/// drawn), smaller when that would pass the pixel limit. Not `Sendable`: a Poppler document
/// stays on the thread that opened it, like the pages it renders.
final class PDFDocument {
    /// Dots per inch of a rendered page: the resolution Tesseract is trained and tuned for.
    /// A page that is a scan at that resolution comes back at the scan's own size.
    static let resolution = 300.0
    /// The least resolution a page is drawn at to keep within the pixel limit; a page that
    /// needs less is refused.
    static let leastResolution = 72.0
    /// Cairo's largest image surface, in pixels per side.
    static let largestSide = 32767

    /// Poppler's global settings are created by the first document opened; opening is
    /// serialised so two threads never create them at once.
    private static let opening = Locked(())

    private let document: OpaquePointer
    let pageCount: Int

    /// Opens the PDF in `buffer` (Poppler keeps its own copy of the bytes).
    init(_ buffer: UnsafeBufferPointer<UInt8>) throws(ImageError) {
        var error: UnsafeMutablePointer<GError>?
        let opened: OpaquePointer? = Self.opening.withLock { _ in
            let bytes = g_bytes_new(buffer.baseAddress, gsize(buffer.count))
            defer { g_bytes_unref(bytes) }
            return poppler_document_new_from_bytes(bytes, nil, &error)
        }
        guard let opened else {
            defer { g_error_free(error) }
            guard let error else { throw .decodeFailed }
            if error.pointee.domain == poppler_error_quark(), error.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
                throw .unsupportedFormat("password-protected PDF")
            }
            throw .pageCorrupt(.init(1), detail: "poppler: " + String(cString: error.pointee.message))
        }
        document = opened
        pageCount = Int(poppler_document_get_n_pages(opened))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(document))
    }

    /// Page `number` (1-based) drawn at `resolution`, or less to keep within `pixelLimit`
    /// (0: no limit).
    func render(page number: Int, pixelLimit: Int) throws(ImageError) -> PageImage {
        let declared = ImageError.PageCount(pageCount)
        guard let page = poppler_document_get_page(document, Int32(number - 1)) else {
            throw .pageCorrupt(declared, detail: "poppler cannot read the page")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        var widthInPoints = 0.0, heightInPoints = 0.0
        poppler_page_get_size(page, &widthInPoints, &heightInPoints)
        guard widthInPoints > 0, heightInPoints > 0, widthInPoints.isFinite, heightInPoints.isFinite else {
            throw .pageCorrupt(declared, detail: "the page has no size")
        }
        let dotsPerInch = try Self.resolution(width: widthInPoints, height: heightInPoints, pixelLimit: pixelLimit)
        let scale = dotsPerInch / 72
        let width = max(1, Int((widthInPoints * scale).rounded())), height = max(1, Int((heightInPoints * scale).rounded()))
        let image = PageImage(page: number, width: width, height: height) { pixels, bytesPerRow in
            let surface = cairo_image_surface_create_for_data(UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: UInt8.self),
                                                              CAIRO_FORMAT_RGB24, Int32(width), Int32(height), Int32(bytesPerRow))
            defer { cairo_surface_destroy(surface) }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else { return false }
            defer { cairo_destroy(context) }
            cairo_set_source_rgb(context, 1, 1, 1)
            cairo_paint(context)
            cairo_scale(context, scale, scale)
            poppler_page_render(page, context)
            cairo_surface_flush(surface)
            return cairo_status(context) == CAIRO_STATUS_SUCCESS
        }
        guard let image else { throw .pageCorrupt(declared, detail: "the page could not be drawn") }
        return image
    }

    /// The resolution a page of this size (in points) is drawn at.
    static func resolution(width: Double, height: Double, pixelLimit: Int) throws(ImageError) -> Double {
        func pixels(_ points: Double, at dotsPerInch: Double) -> Double { max(1, (points * dotsPerInch / 72).rounded()) }
        var dotsPerInch = resolution
        let area = pixels(width, at: dotsPerInch) * pixels(height, at: dotsPerInch)
        if pixelLimit > 0, area > Double(pixelLimit) {
            dotsPerInch *= (Double(pixelLimit) / area).squareRoot() * 0.999
        }
        let longest = max(pixels(width, at: dotsPerInch), pixels(height, at: dotsPerInch))
        if longest > Double(largestSide) { dotsPerInch *= Double(largestSide) / longest * 0.999 }
        guard dotsPerInch >= leastResolution else {
            throw .tooLarge(width: Int(min(pixels(width, at: leastResolution), Double(Int32.max))),
                            height: Int(min(pixels(height, at: leastResolution), Double(Int32.max))), limit: pixelLimit)
        }
        return dotsPerInch
    }
}
