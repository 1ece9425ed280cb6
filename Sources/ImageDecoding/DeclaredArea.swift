/// Width × height as a header declares them, multiplied without trapping.
///
/// A header's numbers are whatever its bytes say: two 32-bit sides (an `ispe` box of
/// 4294967295 × 4294967295), or a PNM header's 16-digit numbers, multiply past `Int.max`, and
/// Swift's `*` stops the process there, taking a whole batch with it. Here such a product
/// saturates at `Int.max`: larger than any pixel limit, so the input is refused as too large,
/// alone.
struct DeclaredArea: Comparable {
    /// The number of pixels, or `Int.max` when it does not fit in an `Int`.
    let pixels: Int

    /// A negative side (which no parser hands over) counts as 0.
    init(width: Int, height: Int) {
        let (product, overflow) = max(0, width).multipliedReportingOverflow(by: max(0, height))
        pixels = overflow ? Int.max : product
    }

    /// True when the product did not fit and was saturated.
    var saturated: Bool { pixels == Int.max }

    static func < (lhs: DeclaredArea, rhs: DeclaredArea) -> Bool {
        lhs.pixels < rhs.pixels
    }

    /// `count` bytes for each pixel plus `extra`, saturating like the area itself.
    func bytes(perPixel count: Int, plus extra: Int = 0) -> Int {
        let (bytes, overflow) = pixels.multipliedReportingOverflow(by: count)
        let (total, overflowAgain) = bytes.addingReportingOverflow(extra)
        return overflow || overflowAgain ? Int.max : total
    }
}
