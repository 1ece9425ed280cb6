internal import CTesseract
import TranslateModel

extension PageImage {
    /// The page as decoded, in the layout drawing uses; nil when Leptonica cannot convert it.
    package func pixels() -> PagePixels? {
        guard let converted = pixConvertTo32(pix) else { return nil }
        defer {
            var pointer: UnsafeMutablePointer<PIX>? = converted
            pixDestroy(&pointer)
        }
        guard let data = pixGetData(converted) else { return nil }
        let wordsPerLine = Int(pixGetWpl(converted))
        // Leptonica bounds a page's size, but the product is checked all the same.
        let byteCount = DeclaredArea(width: width, height: height).bytes(perPixel: 4)
        guard byteCount < Int.max else { return nil }
        var bytes = [UInt8](repeating: 255, count: byteCount)
        bytes.withUnsafeMutableBytes { raw in
            // Leptonica keeps a pixel as one 32-bit word 0xRRGGBBAA; drawing wants the bytes
            // B, G, R, A, which on this little-endian machine is the word 0xAARRGGBB.
            let target = raw.bindMemory(to: UInt32.self)
            for row in 0..<height {
                let source = data + row * wordsPerLine
                let start = row * width
                for column in 0..<width {
                    target[start + column] = (source[column] >> 8) | 0xFF00_0000
                }
            }
        }
        return PagePixels(width: width, height: height, bytes: bytes)
    }
}

extension PageImage {
    /// The page's pixels as red, green and blue bytes, row after row, for the text-line
    /// detector; nil when Leptonica cannot convert it.
    package func rgbBytes() -> [UInt8]? {
        guard let converted = pixConvertTo32(pix) else { return nil }
        defer {
            var pointer: UnsafeMutablePointer<PIX>? = converted
            pixDestroy(&pointer)
        }
        guard let data = pixGetData(converted) else { return nil }
        let wordsPerLine = Int(pixGetWpl(converted))
        let byteCount = DeclaredArea(width: width, height: height).bytes(perPixel: 3)
        guard byteCount < Int.max else { return nil }
        var bytes = [UInt8](repeating: 0, count: byteCount)
        bytes.withUnsafeMutableBufferPointer { out in
            // Leptonica keeps a pixel as one 32-bit word 0xRRGGBBAA.
            for row in 0..<height {
                let source = data + row * wordsPerLine
                var target = row * width * 3
                for column in 0..<width {
                    let word = source[column]
                    out[target] = UInt8(truncatingIfNeeded: word >> 24)
                    out[target + 1] = UInt8(truncatingIfNeeded: word >> 16)
                    out[target + 2] = UInt8(truncatingIfNeeded: word >> 8)
                    target += 3
                }
            }
        }
        return bytes
    }
}
