import Foundation
@testable import ImageDecoding
import Testing
import TestSupport
import TesseractReading
import TextRecognition

/// Headers declaring the largest numbers their fields hold: each is refused as too large (or
/// corrupt), alone, and nothing multiplies or adds them past `Int.max` on the way.
@Suite struct DeclaredSizeOverflowTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    let decoder = ImageDecoder()

    private func declared(_ data: Data) -> ImageHeader.DeclaredSize {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return ImageHeader.declaredSize(of: ImageFormat(sniffing: bytes), in: bytes)
        }
    }

    private func tooLarge(_ width: Int, _ height: Int) -> ImageError {
        .tooLarge(width: width, height: height, limit: ImageDecoder.defaultPixelLimit)
    }

    /// The HEIC fixture with its `ispe` box saying 4294967295 × 4294967295: the product of its
    /// two 32-bit sides passed `Int.max`, and the process stopped on the overflow.
    static func heicDeclaringMaximalSides() throws -> Data {
        var data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("english-page.heic"))
        let ispe = try #require(data.range(of: Data("ispe".utf8))).lowerBound
        data.replaceSubrange(ispe + 8 ..< ispe + 16, with: Data(repeating: 0xFF, count: 8))
        return data
    }

    @Test("a HEIC whose ispe box declares 2^32-1 × 2^32-1 is too large, not a crash")
    func heicMaximalSides() throws {
        let heic = try Self.heicDeclaringMaximalSides()
        #expect(declared(heic) == .size(width: 4_294_967_295, height: 4_294_967_295))
        #expect(throws: tooLarge(4_294_967_295, 4_294_967_295)) { try decoder.decodePages(heic) }
        let synthetic = SyntheticImages.heifHeader(width: .max, height: .max)
        #expect(throws: tooLarge(4_294_967_295, 4_294_967_295)) { try decoder.decodePages(synthetic) }
    }

    @Test("of several HEIF extents, the largest is found when the areas saturate")
    func heifLargestOfSaturatedExtents() {
        // A small extent after a maximal one must not replace it: the maximal one's area does
        // not fit an Int and compares as the largest.
        let header = SyntheticImages.heifHeader(extents: [(.max, .max), (640, 480), (.max, 1)])
        #expect(declared(header) == .size(width: 4_294_967_295, height: 4_294_967_295))
        let growing = SyntheticImages.heifHeader(extents: [(640, 480), (.max, 3), (.max, .max)])
        #expect(declared(growing) == .size(width: 4_294_967_295, height: 4_294_967_295))
    }

    @Test("a GIF image of 65535 × 65535 is compared by its whole area")
    func gifMaximalImage() {
        #expect(throws: tooLarge(65535, 65535)) { try decoder.decodePages(SyntheticImages.gifHeader(width: .max, height: .max)) }
    }

    @Test("PNM numbers of 16 digits, whose product passes Int.max, are too large")
    func pnmSixteenDigits() {
        let side = 9_999_999_999_999_999
        #expect(declared(SyntheticImages.pgmHeader(width: side, height: side)) == .size(width: side, height: side))
        #expect(throws: tooLarge(side, side)) { try decoder.decodePages(SyntheticImages.pgmHeader(width: side, height: side)) }
        let pam = Data("P7\nWIDTH \(side)\nHEIGHT \(side)\nDEPTH 1\nMAXVAL 255\nTUPLTYPE GRAYSCALE\nENDHDR\n".utf8)
        #expect(throws: tooLarge(side, side)) { try decoder.decodePages(pam) }
        // The same with no pixel limit at all: the decoder (Leptonica) refuses it.
        #expect(throws: ImageError.self) { try ImageDecoder(pixelLimit: 0).decodePages(pam) }
    }

    @Test("the largest sides each other format's header can hold are too large")
    func otherFormatsMaximalSides() {
        #expect(throws: tooLarge(4_294_967_295, 4_294_967_295)) {
            try decoder.decodePages(SyntheticImages.pngHeader(width: .max, height: .max))
        }
        #expect(throws: tooLarge(65535, 65535)) { try decoder.decodePages(SyntheticImages.jpegHeader(width: .max, height: .max)) }
        // Rows stored top down: the helper writes the height negated.
        #expect(throws: tooLarge(2_147_483_648, 2_147_483_647)) {
            try decoder.decodePages(SyntheticImages.bmpHeader(width: .min, height: .max))
        }
        #expect(throws: tooLarge(1 << 24, 1 << 24)) { try decoder.decodePages(SyntheticImages.webpHeader(width: 1 << 24, height: 1 << 24)) }
        #expect(throws: tooLarge(4_294_967_295, 4_294_967_295)) {
            try decoder.decodePages(SyntheticImages.jp2Header(width: .max, height: .max))
        }
        #expect(throws: tooLarge(65535, 65535)) {
            try decoder.decodePages(SyntheticImages.tiff(pages: 1, width: .max, height: .max, pixels: false))
        }
    }

    @Test("a BigTIFF page declaring 2^64-1 × 2^64-1 is held at Int.max a side, and too large")
    func bigTIFFMaximalSides() {
        let tiff = SyntheticImages.bigTIFFHeader(width: .max, height: .max)
        #expect(declared(tiff) == .size(width: .max, height: .max))
        #expect(throws: tooLarge(.max, .max)) { try decoder.decodePages(tiff) }
    }

    @Test("an ISO box whose 64-bit size passes Int.max is malformed, not an overflow")
    func isoBoxLargeSizes() {
        for large in [UInt64.max, UInt64(Int.max), UInt64(Int.max) - 4, 1 << 40] {
            var bytes = Data([0, 0, 0, 1]) + Data("free".utf8)
            bytes.append(contentsOf: (0..<8).map { UInt8(truncatingIfNeeded: large >> (56 - 8 * $0)) })
            let lookup = bytes.withUnsafeBytes { raw in
                ISOBox.read(ByteReader(raw.bindMemory(to: UInt8.self)), at: 0, parentEnd: .max)
            }
            guard case .malformed = lookup else {
                Issue.record("a box of \(large) bytes read as \(lookup)")
                continue
            }
        }
        // The largest 32-bit size: a box that ends past the bytes at hand, found as it is.
        let header = Data([0xFF, 0xFF, 0xFF, 0xFF]) + Data("free".utf8)
        let near = header.withUnsafeBytes { raw in
            ISOBox.read(ByteReader(raw.bindMemory(to: UInt8.self)), at: 0, parentEnd: .max)
        }
        guard case .found(let box) = near else {
            Issue.record("a box of 2^32-1 bytes read as \(near)")
            return
        }
        #expect(box.end == 4_294_967_295)
    }

    @Test("declared areas saturate instead of trapping")
    func areasSaturate() {
        #expect(DeclaredArea(width: 4_294_967_295, height: 4_294_967_295).pixels == .max)
        #expect(DeclaredArea(width: .max, height: 2).saturated)
        #expect(DeclaredArea(width: 3_037_000_500, height: 3_037_000_500).saturated)
        #expect(DeclaredArea(width: 3_037_000_499, height: 3_037_000_499).pixels == 3_037_000_499 * 3_037_000_499)
        #expect(DeclaredArea(width: 640, height: 480).pixels == 307_200)
        #expect(DeclaredArea(width: -5, height: 480).pixels == 0)
        #expect(DeclaredArea(width: 640, height: 480) < DeclaredArea(width: .max, height: .max))
        #expect(DeclaredArea(width: 100, height: 100).bytes(perPixel: 4, plus: 10) == 40_010)
        #expect(DeclaredArea(width: 1 << 31, height: 1 << 31).bytes(perPixel: 4) == .max)
        #expect(DeclaredArea(width: 1 << 30, height: 1 << 30).bytes(perPixel: 1, plus: .max) == .max)
    }

    @Test("a page larger than Leptonica's 32-bit sides is not made, rather than trapping")
    func pagesPastThirtyTwoBitSides() {
        let row = [UInt8](repeating: 0, count: 3)
        let page = row.withUnsafeBufferPointer { buffer in
            PageImage(page: 1, width: Int(Int32.max) + 1, height: 1, copyingRGB: buffer.baseAddress!, bytesPerRow: 3)
        }
        #expect(page == nil)
        let drawn = PageImage(page: 1, width: 1, height: Int(UInt32.max)) { _, _ in true }
        #expect(drawn == nil)
    }
}
