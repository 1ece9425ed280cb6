internal import CTesseract
import ImageDecoding
import TranslateModel

/// A Leptonica `PIX` owned by Swift: destroyed when the last reference goes.
///
/// Used for the images made while preparing a page (grey, inverted, scaled, rotated). Never
/// mutated after it is made; read by one Tesseract handle at a time.
final class LeptonicaImage {
    let pix: UnsafeMutablePointer<PIX>

    /// Takes ownership of `pix`.
    init(owning pix: UnsafeMutablePointer<PIX>) {
        self.pix = pix
    }

    deinit {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }

    var width: Int { Int(pixGetWidth(pix)) }
    var height: Int { Int(pixGetHeight(pix)) }

    /// Turns 90° clockwise `quarterTurns` times (0–3); nil when Leptonica fails.
    func rotated(quarterTurns: Int) -> LeptonicaImage? {
        guard let result = pixRotateOrth(pix, Int32(((quarterTurns % 4) + 4) % 4)) else { return nil }
        return LeptonicaImage(owning: result)
    }

    /// A page holding a copy of this image, as if it had been decoded from a file.
    func pageImage(page: Int = 1) -> PageImage? {
        guard let copy = pixCopy(nil, pix) else { return nil }
        return PageImage(page: page, pix: copy)
    }
}
