package import CTesseract
import ImageDecoding
import TranslateModel

/// A Leptonica `PIX` owned by Swift: destroyed when the last reference goes.
///
/// Used for the images made while preparing a page (grey, inverted, scaled, rotated). Never
/// mutated after it is made; read by one Tesseract handle at a time.
package final class LeptonicaImage {
    package let pix: UnsafeMutablePointer<PIX>

    /// Takes ownership of `pix`.
    package init(owning pix: UnsafeMutablePointer<PIX>) {
        self.pix = pix
    }

    deinit {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }

    package var width: Int { Int(pixGetWidth(pix)) }
    package var height: Int { Int(pixGetHeight(pix)) }

    /// Turns 90° clockwise `quarterTurns` times (0–3); nil when Leptonica fails.
    package func rotated(quarterTurns: Int) -> LeptonicaImage? {
        guard let result = pixRotateOrth(pix, Int32(((quarterTurns % 4) + 4) % 4)) else { return nil }
        return LeptonicaImage(owning: result)
    }

    /// The part of the image inside `rect`; nil when Leptonica fails.
    package func cropped(to rect: PixelRect) -> LeptonicaImage? {
        guard let box = boxCreate(Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height)) else { return nil }
        var owned: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&owned) }
        return pixClipRectangle(pix, box, nil).map(LeptonicaImage.init(owning:))
    }

    /// An 8-bit grey image enlarged `factor` times, or shrunk when `factor` is under 1 (by the
    /// area each new pixel covers, as interpolation would alias); nil when Leptonica fails.
    package func scaled(by factor: Double) -> LeptonicaImage? {
        let scaled = factor < 1 ? pixScaleAreaMap(pix, Float(factor), Float(factor)) : pixScaleGrayLI(pix, Float(factor), Float(factor))
        return scaled.map(LeptonicaImage.init(owning:))
    }

    /// A page holding a copy of this image, as if it had been decoded from a file.
    package func pageImage(page: Int = 1) -> PageImage? {
        guard let copy = pixCopy(nil, pix) else { return nil }
        return PageImage(page: page, pix: copy)
    }
}
