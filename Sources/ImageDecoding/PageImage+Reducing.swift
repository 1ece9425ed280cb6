internal import CTesseract

extension PageImage {
    /// The page scaled down, in colour as decoded, so that its shorter side is `shortSide`
    /// pixels; the page itself when that side is already no longer. Nil when Leptonica fails.
    package func reduced(toShortSide shortSide: Int) -> PageImage? {
        let shorter = min(width, height)
        guard shorter > shortSide else { return self }
        let factor = Float(shortSide) / Float(shorter)
        guard let scaled = pixScale(pix, factor, factor) else { return nil }
        return PageImage(page: page, pix: scaled)
    }
}
