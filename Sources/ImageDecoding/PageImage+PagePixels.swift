internal import CTesseract
import TranslateModel

extension PageImage {
    /// The page as decoded, in the layout drawing uses; nil when Leptonica cannot convert it.
    package func pixels() -> PagePixels? {
        guard let bytes = colourBytes(perPixel: 4, fill: 255, { source, target, count in
            // Drawing wants the bytes B, G, R, A, which on this little-endian machine is the
            // word 0xAARRGGBB.
            target.withMemoryRebound(to: UInt32.self, capacity: count) { words in
                for column in 0..<count { words[column] = (source[column] >> 8) | 0xFF00_0000 }
            }
        }) else { return nil }
        return PagePixels(width: width, height: height, bytes: bytes)
    }

    /// The page's pixels as red, green and blue bytes, row after row, for the text-line
    /// detector; nil when Leptonica cannot convert it.
    package func rgbBytes() -> [UInt8]? {
        colourBytes(perPixel: 3, fill: 0) { source, target, count in
            for column in 0..<count {
                let word = source[column]
                target[3 * column] = UInt8(truncatingIfNeeded: word >> 24)
                target[3 * column + 1] = UInt8(truncatingIfNeeded: word >> 16)
                target[3 * column + 2] = UInt8(truncatingIfNeeded: word >> 8)
            }
        }
    }

    /// The page in colour, `perPixel` bytes a pixel, each row written by `row` from Leptonica's
    /// words (one a pixel, 0xRRGGBBAA) into the row's bytes; nil when Leptonica cannot convert it.
    private func colourBytes(perPixel: Int, fill: UInt8,
                             _ row: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt8>, Int) -> Void) -> [UInt8]? {
        guard let converted = pixConvertTo32(pix) else { return nil }
        defer {
            var pointer: UnsafeMutablePointer<PIX>? = converted
            pixDestroy(&pointer)
        }
        guard let data = pixGetData(converted) else { return nil }
        let wordsPerLine = Int(pixGetWpl(converted))
        // Leptonica bounds a page's size, but the product is checked all the same.
        let byteCount = DeclaredArea(width: width, height: height).bytes(perPixel: perPixel)
        guard byteCount < Int.max else { return nil }
        var bytes = [UInt8](repeating: fill, count: byteCount)
        bytes.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            for line in 0..<height {
                row(data + line * wordsPerLine, base + line * width * perPixel, width)
            }
        }
        return bytes
    }
}
