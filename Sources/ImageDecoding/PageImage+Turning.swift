internal import CTesseract

extension PageImage {
    /// The page turned 90° clockwise `quarterTurns` times (0–3), in colour as decoded; nil when
    /// Leptonica fails.
    package func turned(quarterTurns: Int) -> PageImage? {
        guard let turned = pixRotateOrth(pix, Int32(((quarterTurns % 4) + 4) % 4)) else { return nil }
        return PageImage(page: page, pix: turned)
    }
}

extension PageImage {
    /// The page as `tag` says it is seen (turned or mirrored); nil when Leptonica fails.
    func upright(by tag: OrientationTag) -> PageImage? {
        let turned: UnsafeMutablePointer<PIX>?
        switch tag {
        case .upright: return self
        case .mirrored: turned = pixFlipLR(nil, pix)
        case .upsideDown: turned = pixRotateOrth(pix, 2)
        case .upsideDownMirrored: turned = pixFlipTB(nil, pix)
        case .turnedClockwise: turned = pixRotateOrth(pix, 1)
        case .turnedAnticlockwise: turned = pixRotateOrth(pix, 3)
        case .transposed, .transverse:
            // A quarter turn clockwise, then mirrored left to right (transposed) or top to bottom.
            var quarter = pixRotateOrth(pix, 1)
            defer { pixDestroy(&quarter) }
            guard let quarter else { return nil }
            turned = tag == .transposed ? pixFlipLR(nil, quarter) : pixFlipTB(nil, quarter)
        }
        return turned.map { PageImage(page: page, pix: $0) }
    }
}
