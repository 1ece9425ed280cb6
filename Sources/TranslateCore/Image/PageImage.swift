import CTesseract

/// One decoded page, owning its Leptonica `PIX`.
///
/// Not thread-safe to mutate, but never mutated after decoding; it moves between threads
/// as a whole and is read by one Tesseract handle at a time, which is why it is `Sendable`.
public final class PageImage: @unchecked Sendable {
    /// 1-based page number within its file (TIFF files can hold many).
    public let page: Int
    public let width: Int
    public let height: Int
    let pix: UnsafeMutablePointer<PIX>

    init(page: Int, pix: UnsafeMutablePointer<PIX>) {
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
