package import CTesseract
import TranslateModel

/// An 8-bit grey image held in Swift memory, row by row, for the pixel work of preparation.
@usableFromInline package struct GrayImage: Sendable, Equatable {
    @usableFromInline package let width: Int
    package let height: Int
    /// `width × height` values, 0 black to 255 white, rows top to bottom.
    @usableFromInline package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    package init(width: Int, height: Int, filledWith value: UInt8) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: value, count: width * height))
    }

    /// Inlinable (with `width`, `pixels` and `byteOffset`), so that TextRecognition's pixel
    /// loops compile as they did inside this module, without a call per pixel.
    @inlinable package subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The share of horizontally neighbouring pixel pairs with exactly the same value
    /// (`PhotoFlatness`): 1 for an image too small to tell.
    package var flatness: Double {
        guard width > 1, height > 0 else { return 1 }
        var equal = 0
        pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let row = y * width
                for x in 1..<width where pixels[row + x] == pixels[row + x - 1] { equal += 1 }
            }
        }
        return Double(equal) / Double((width - 1) * height)
    }

    /// The luminance of any Leptonica image: colour by the usual weights, a colour map
    /// resolved, 1-bit images as black and white; nil when Leptonica cannot convert it.
    package init?(_ pix: UnsafeMutablePointer<PIX>) {
        let depth = pixGetDepth(pix)
        let converted: UnsafeMutablePointer<PIX>?
        if depth == 32 {
            converted = pixConvertRGBToLuminance(pix)
        } else if depth == 8 && pixGetColormap(pix) == nil {
            converted = pixClone(pix)
        } else {
            // Colour-mapped images may hold colour: go through RGB so that they weigh like colour.
            if pixGetColormap(pix) != nil, let rgb = pixConvertTo32(pix) {
                var owned: UnsafeMutablePointer<PIX>? = rgb
                converted = pixConvertRGBToLuminance(rgb)
                pixDestroy(&owned)
            } else {
                converted = pixConvertTo8(pix, 0)
            }
        }
        guard let gray = converted else { return nil }
        defer {
            var owned: UnsafeMutablePointer<PIX>? = gray
            pixDestroy(&owned)
        }
        let width = Int(pixGetWidth(gray)), height = Int(pixGetHeight(gray))
        let wordsPerLine = Int(pixGetWpl(gray))
        guard let data = pixGetData(gray) else { return nil }
        var pixels = [UInt8](repeating: 0, count: width * height)
        data.withMemoryRebound(to: UInt8.self, capacity: wordsPerLine * 4 * height) { bytes in
            pixels.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = bytes + y * wordsPerLine * 4
                    let base = y * width
                    for x in 0..<width { out[base + x] = row[Self.byteOffset(x)] }
                }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// A Leptonica copy of this image, for Tesseract and Leptonica's own operations.
    package func leptonicaImage() -> LeptonicaImage? {
        guard let pix = pixCreate(Int32(width), Int32(height), 8), let data = pixGetData(pix) else { return nil }
        let wordsPerLine = Int(pixGetWpl(pix))
        data.withMemoryRebound(to: UInt8.self, capacity: wordsPerLine * 4 * height) { bytes in
            pixels.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    let row = bytes + y * wordsPerLine * 4
                    let base = y * width
                    for x in 0..<width { row[Self.byteOffset(x)] = source[base + x] }
                }
            }
        }
        return LeptonicaImage(owning: pix)
    }

    /// Where byte `x` of a row lives: Leptonica packs bytes into 32-bit words, most significant
    /// first, so on a little-endian machine byte n sits at n ^ 3.
    @inlinable @inline(__always) package static func byteOffset(_ x: Int) -> Int {
        #if _endian(little)
        x ^ 3
        #else
        x
        #endif
    }
}

extension GrayImage {
    /// Resampled by `factor` (bilinear when growing, the mean of each source block when shrinking).
    package func scaled(by factor: Double) -> GrayImage {
        let newWidth = max(1, Int((Double(width) * factor).rounded()))
        let newHeight = max(1, Int((Double(height) * factor).rounded()))
        var out = [UInt8](repeating: 0, count: newWidth * newHeight)
        let stepX = Double(width) / Double(newWidth), stepY = Double(height) / Double(newHeight)
        for y in 0..<newHeight {
            for x in 0..<newWidth {
                if factor >= 1 {
                    let sx = max(0, min(Double(width - 1), (Double(x) + 0.5) * stepX - 0.5))
                    let sy = max(0, min(Double(height - 1), (Double(y) + 0.5) * stepY - 0.5))
                    let x0 = Int(sx), y0 = Int(sy), x1 = min(width - 1, x0 + 1), y1 = min(height - 1, y0 + 1)
                    let fx = sx - Double(x0), fy = sy - Double(y0)
                    let top = Double(self[x0, y0]) * (1 - fx) + Double(self[x1, y0]) * fx
                    let bottom = Double(self[x0, y1]) * (1 - fx) + Double(self[x1, y1]) * fx
                    out[y * newWidth + x] = UInt8((top * (1 - fy) + bottom * fy).rounded())
                } else {
                    let x0 = Int(Double(x) * stepX), x1 = max(x0 + 1, min(width, Int(Double(x + 1) * stepX)))
                    let y0 = Int(Double(y) * stepY), y1 = max(y0 + 1, min(height, Int(Double(y + 1) * stepY)))
                    var total = 0
                    for yy in y0..<y1 { for xx in x0..<x1 { total += Int(self[xx, yy]) } }
                    out[y * newWidth + x] = UInt8(total / ((x1 - x0) * (y1 - y0)))
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// With `size` pixels of `value` added on every side.
    package func bordered(_ size: Int, value: UInt8) -> GrayImage {
        bordered(along: size, across: size, value: value)
    }

    /// With `along` pixels of `value` added before and after each row, and `across` above and
    /// below.
    package func bordered(along: Int, across: Int, value: UInt8) -> GrayImage {
        var out = GrayImage(width: width + 2 * along, height: height + 2 * across, filledWith: value)
        for y in 0..<height {
            for x in 0..<width { out[x + along, y + across] = self[x, y] }
        }
        return out
    }

    /// Turned 90° clockwise `quarterTurns` times.
    package func turned(quarterTurns: Int) -> GrayImage {
        switch ((quarterTurns % 4) + 4) % 4 {
        case 1:
            var out = GrayImage(width: height, height: width, filledWith: 0)
            for y in 0..<height { for x in 0..<width { out[height - 1 - y, x] = self[x, y] } }
            return out
        case 2:
            return GrayImage(width: width, height: height, pixels: pixels.reversed())
        case 3:
            var out = GrayImage(width: height, height: width, filledWith: 0)
            for y in 0..<height { for x in 0..<width { out[y, width - 1 - x] = self[x, y] } }
            return out
        default:
            return self
        }
    }
}
