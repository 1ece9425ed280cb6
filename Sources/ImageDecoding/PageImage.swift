package import CTesseract
import TranslateModel

/// One decoded page, owning its Leptonica `PIX`.
///
/// Not `Sendable`: Leptonica 1.82 counts references to a `PIX` without atomics, so a page
/// stays on the thread that decoded it (a worker decodes, prepares and reads it).
public final class PageImage {
    /// 1-based page number within its file (TIFF files can hold many).
    public let page: Int
    public let width: Int
    public let height: Int
    /// The pixels, for the modules that prepare and read the page.
    package let pix: UnsafeMutablePointer<PIX>

    /// Takes ownership of `pix`.
    package init(page: Int, pix: UnsafeMutablePointer<PIX>) {
        self.page = page
        self.pix = pix
        self.width = Int(pixGetWidth(pix))
        self.height = Int(pixGetHeight(pix))
    }

    deinit {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }
}
