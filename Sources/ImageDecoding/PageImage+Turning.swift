internal import CTesseract

extension PageImage {
    /// The page turned 90° clockwise `quarterTurns` times (0–3), in colour as decoded; nil when
    /// Leptonica fails.
    package func turned(quarterTurns: Int) -> PageImage? {
        guard let turned = pixRotateOrth(pix, Int32(((quarterTurns % 4) + 4) % 4)) else { return nil }
        return PageImage(page: page, pix: turned)
    }
}
