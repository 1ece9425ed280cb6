internal import CTesseract
import Foundation
import ImageDecoding

/// Whether a page is flat: every pixel within `tolerance` levels of the others in each channel
/// (a blank scan saved losslessly, an empty canvas, one solid colour). A flat page holds no
/// text, and is given back with no boxes without being prepared or read: preparing a 7999×7999
/// white PNG took 15 s and 1.0 GB, for nothing.
///
/// Every pixel is looked at, not a sample: a thin stroke between sampled rows or columns would
/// be missed, and a page with any mark on it must be read. One pass over the decoded pixels,
/// which stops at the first pixel out of range (on a page with text, within its first dark
/// stroke); rows identical to the first are compared whole (`memcmp`).
package struct FlatPage: Equatable {
    /// The widest range of values a channel may span on a flat page. Anti-aliased text spans
    /// far more; a lossless blank image spans 0, a slightly uneven one a level or two.
    static let tolerance = 2

    /// The lowest and highest value seen in each channel (grey; or red, green, blue, and alpha
    /// when there is one), as far as the pass went: it stops once a range is too wide.
    struct Range: Equatable {
        var low: UInt8
        var high: UInt8
    }

    let ranges: [Range]

    package var isFlat: Bool {
        ranges.allSatisfy { Int($0.high) - Int($0.low) <= Self.tolerance }
    }

    init(ranges: [Range]) {
        self.ranges = ranges
    }

    /// The ranges of a decoded page's pixels.
    package init(_ page: PageImage) {
        self.init(page.pix)
    }

    /// The ranges of `pix`'s pixels; an image with a colour map, or of another depth than 1, 8
    /// or 32 bits, is flat only when all its pixels hold the same value.
    init(_ pix: UnsafeMutablePointer<PIX>) {
        let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix)), depth = Int(pixGetDepth(pix))
        let wordsPerLine = Int(pixGetWpl(pix))
        guard width > 0, height > 0, let data = pixGetData(pix) else {
            self.init(ranges: [])
            return
        }
        let rows = Rows(data: data, wordsPerLine: wordsPerLine, height: height)
        if depth == 32 {
            self.init(ranges: Self.channelRanges(rows, width: width, channels: pixGetSpp(pix) == 4 ? 4 : 3))
        } else if depth == 8, pixGetColormap(pix) == nil {
            self.init(ranges: Self.grayRanges(rows, width: width))
        } else {
            self.init(ranges: Self.sameValue(rows, width: width, depth: depth) ? [Range(low: 0, high: 0)] : [Range(low: 0, high: 255)])
        }
    }

    /// A page's rows of 32-bit words.
    private struct Rows {
        let data: UnsafeMutablePointer<UInt32>
        let wordsPerLine: Int
        let height: Int

        func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { data + y * wordsPerLine }

        /// Row `y` holds the same bytes as row 0 over its first `bytes` bytes.
        func sameAsFirst(_ y: Int, bytes: Int) -> Bool {
            memcmp(row(0), row(y), bytes) == 0
        }
    }

    /// 32-bit pixels (0xRRGGBBAA): each channel's range, alpha only when the image has one.
    private static func channelRanges(_ rows: Rows, width: Int, channels: Int) -> [Range] {
        var low = [UInt8](repeating: 255, count: 4), high = [UInt8](repeating: 0, count: 4)
        func wide() -> Bool { (0..<channels).contains { Int(high[$0]) - Int(low[$0]) > tolerance } }
        for y in 0..<rows.height {
            if y > 0, rows.sameAsFirst(y, bytes: width * 4) { continue }
            let row = rows.row(y)
            var previous: UInt32?
            for x in 0..<width {
                let word = row[x]
                if word == previous { continue }
                previous = word
                for channel in 0..<channels {
                    let value = UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * channel))
                    low[channel] = min(low[channel], value)
                    high[channel] = max(high[channel], value)
                }
                if wide() { return (0..<channels).map { Range(low: low[$0], high: high[$0]) } }
            }
        }
        return (0..<channels).map { Range(low: low[$0], high: high[$0]) }
    }

    /// 8-bit grey pixels, four to a word (the order within a word does not matter here).
    private static func grayRanges(_ rows: Rows, width: Int) -> [Range] {
        var low: UInt8 = 255, high: UInt8 = 0
        for y in 0..<rows.height {
            // Whole words: a pixel's byte lies anywhere in its word (`GrayImage.byteOffset`).
            if y > 0, rows.sameAsFirst(y, bytes: (width + 3) / 4 * 4) { continue }
            let bytes = UnsafeRawPointer(rows.row(y)).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let value = bytes[GrayImage.byteOffset(x)]
                if value < low { low = value }
                if value > high { high = value }
            }
            if Int(high) - Int(low) > tolerance { break }
        }
        return [Range(low: low, high: high)]
    }

    /// Every pixel of `depth` bits holds the value of the first one (pixels packed from the
    /// most significant bit of each word).
    private static func sameValue(_ rows: Rows, width: Int, depth: Int) -> Bool {
        guard [1, 2, 4, 8, 16].contains(depth) else { return false }
        let first = rows.row(0)[0] >> UInt32(32 - depth)
        var pattern: UInt32 = 0
        for _ in 0..<(32 / depth) { pattern = pattern << UInt32(depth) | first }
        let bits = width * depth
        let fullWords = bits / 32, rest = bits % 32
        let lastMask: UInt32 = rest == 0 ? 0 : ~UInt32(0) << UInt32(32 - rest)
        for y in 0..<rows.height {
            let row = rows.row(y)
            for index in 0..<fullWords where row[index] != pattern { return false }
            if rest > 0, row[fullWords] & lastMask != pattern & lastMask { return false }
        }
        return true
    }
}
