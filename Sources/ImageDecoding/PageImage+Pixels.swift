internal import CTesseract

/// Pages made from pixels other libraries decoded, copied into Leptonica's 32-bit RGB layout
/// (one word per pixel, red in the most significant byte).
extension PageImage {
    /// A page from rows of 8-bit R, G, B samples; nil when Leptonica cannot allocate it.
    convenience init?(page: Int, width: Int, height: Int, copyingRGB rows: UnsafePointer<UInt8>, bytesPerRow: Int) {
        guard let pix = Self.blankPix(width: width, height: height), let data = pixGetData(pix) else { return nil }
        let wordsPerLine = Int(pixGetWpl(pix))
        for y in 0..<height {
            let source = rows + y * bytesPerRow
            let target = data + y * wordsPerLine
            for x in 0..<width {
                let red = UInt32(source[3 * x]), green = UInt32(source[3 * x + 1]), blue = UInt32(source[3 * x + 2])
                target[x] = red << 24 | green << 16 | blue << 8
            }
        }
        self.init(page: page, pix: pix)
    }

    /// A blank page, white, whose pixels `draw` fills in place as Cairo RGB24 words
    /// (`0x00RRGGBB`), then turned into Leptonica's layout. Nil when it cannot be allocated.
    convenience init?(page: Int, width: Int, height: Int,
                      drawingRGB24 draw: (_ pixels: UnsafeMutablePointer<UInt32>, _ bytesPerRow: Int) -> Bool) {
        guard let pix = Self.blankPix(width: width, height: height), let data = pixGetData(pix) else { return nil }
        let wordsPerLine = Int(pixGetWpl(pix))
        guard draw(data, wordsPerLine * 4) else {
            var pointer: UnsafeMutablePointer<PIX>? = pix
            pixDestroy(&pointer)
            return nil
        }
        for y in 0..<height {
            let row = data + y * wordsPerLine
            for x in 0..<width { row[x] = row[x] << 8 }
        }
        self.init(page: page, pix: pix)
    }

    /// A 32-bit Leptonica image of that size; nil when a side does not fit Leptonica's 32-bit
    /// sizes (`Int32(width)` would trap) or the image cannot be allocated.
    private static func blankPix(width: Int, height: Int) -> UnsafeMutablePointer<PIX>? {
        guard width > 0, height > 0, let width = Int32(exactly: width), let height = Int32(exactly: height) else { return nil }
        return pixCreate(width, height, 32)
    }
}
