import Foundation
import ImageDecoding
import Testing
import FuzzTargets
import TestSupport
import TextRecognition

/// The header-dimensions target on an image of each format, with extreme values written into
/// its declared sizes: each input is refused (or its page fails), none stops the process.
extension FuzzTargetTests {
    /// Tiny complete images of the formats without a fixture, made with ImageMagick (8×8, one
    /// black dot) and kept here as their bytes.
    enum TinyImages {
        static let webp = Data(base64Encoded: "UklGRiIAAABXRUJQVlA4TBUAAAAvB8ABAA8w//M///MfePj9f0T/4x4A")!
        static let gif = Data(base64Encoded: "R0lGODlhCAAIAPABAAAAAP///yH5BAAAAAAALAAAAAAIAAgAAAIIjI+pCusPTQEAOw==")!
        static let jp2 = Data(base64Encoded: """
            AAAADGpQICANCocKAAAAFGZ0eXBqcDIgAAAAAGpwMiAAAABPanAyaAAAABZpaGRyAAAACAAAAAgABA8HAAAAAAAPY29scgEAAAAAABAAAAAiY2RlZgAE\
            AAAAAAABAAEAAAACAAIAAAADAAMAAQAAAAABfGpwMmP/T/9RADIAAAAAAAgAAAAIAAAAAAAAAAAAAAAIAAAACAAAAAAAAAAAAAQPAQEPAQEPAQEPAQH/\
            UgAMAAAAAQADBAQAAf9cAA1AgIiIkIiIkIiIkP9kACUAAUNyZWF0ZWQgYnkgT3BlbkpQRUcgdmVyc2lvbiAyLjUuMP+QAAoAAAAAAPgAAf+Tz/wwDABz\
            T8/8MAwAc0/P/DAMAHNPz/wwCAE/wH8gcB/IHAP5AgXRfwXRfwiPwH8gcB/IHAP5AgXRfwXRfwiPwH8gcB/IHAP5AgXRfwXRfwiPgMD/AEgf4BYH/gAG\
            DzsrRw9ch12DEDVfwP8ASB/gFgf+AAYPOytHD1yHXYMQNV/A/wBIH+AWB/4ABg87K0cPXIddgxA1X4DH/hgLH/hgNH/iQIAVt5kLWxXriwb/fxYCnH/H\
            /hgLH/hgNH/iQIAVt5kLWxXriwb/fxYCnH/H/hgLH/hgNH/iQIAVt5kLWxXriwb/fxYCnH+A/9k=
            """)!

        /// A 2×2 uncompressed 24-bit BMP, rows bottom up, each padded to 4 bytes.
        static var bmp: Data {
            var data = Data("BM".utf8)
            func le32(_ value: UInt32) { data.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }) }
            func le16(_ value: UInt16) { data.append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
            le32(54 + 16); le32(0); le32(54)
            le32(40); le32(2); le32(2); le16(1); le16(24); le32(0); le32(16); le32(2835); le32(2835); le32(0); le32(0)
            data.append(contentsOf: [0, 0, 0, 255, 255, 255, 0, 0, 255, 255, 255, 0, 0, 0, 0, 0])
            return data
        }

        /// An 8×8 binary PGM, white with a black dot.
        static var pgm: Data {
            var pixels = [UInt8](repeating: 255, count: 64)
            pixels[27] = 0
            return Data("P5\n8 8\n255\n".utf8) + Data(pixels)
        }
    }

    private func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.fixtures.appendingPathComponent(name))
    }

    /// The index of the first field of `image` whose name starts with `prefix` ("width ispe@").
    private func field(_ prefix: String, in image: Data, skipping: Int = 0) throws -> Int {
        let names = HeaderDimensionsTarget.fieldNames(of: image)
        let matching = names.indices.filter { names[$0].hasPrefix(prefix) }
        return try #require(matching.dropFirst(skipping).first, "no field \(prefix) among \(names)")
    }

    /// `image` with `value` written into its first width and height fields (or those named).
    private func outcome(_ image: Data, _ value: HeaderDimensionsTarget.Value, width: String = "width@", height: String = "height@",
                         skipping: Int = 0) throws -> ImageDecodingTarget.Outcome {
        let edits = [HeaderDimensionsTarget.Edit(field: try field(width, in: image, skipping: skipping), value: value),
                     HeaderDimensionsTarget.Edit(field: try field(height, in: image, skipping: skipping), value: value)]
        let input = HeaderDimensionsTarget.input(image: image, edits: edits)
        return input.withUnsafeBytes { HeaderDimensionsTarget.run($0) }.decoded
    }

    private func tooLarge(_ width: Int, _ height: Int) -> ImageDecodingTarget.Outcome {
        .refused(.tooLarge(width: width, height: height, limit: ImageDecodingTarget.pixelLimit))
    }

    /// The run stopped on `Int(width) * Int(height)` of the `ispe` box; the whole batch with it.
    @Test("header dimensions: the HEIC whose ispe box declares 2^32-1 × 2^32-1 is refused as too large")
    func heicWithMaximalExtent() throws {
        let heic = try fixture("english-page.heic")
        #expect(try outcome(heic, .twoTo32Minus1, width: "width ispe@", height: "height ispe@") == tooLarge(4_294_967_295, 4_294_967_295))
    }

    @Test("header dimensions: each format's declared sizes at their extremes are refused")
    func everyFormatRefusesExtremeSizes() throws {
        let max32 = 4_294_967_295
        #expect(try outcome(try fixture("korean-menu.png"), .twoTo32Minus1) == tooLarge(max32, max32))
        #expect(try outcome(try fixture("english-page.jpg"), .twoTo16Minus1) == tooLarge(65535, 65535))
        // The image's own size, after the logical screen's.
        #expect(try outcome(TinyImages.gif, .twoTo16Minus1, skipping: 1) == tooLarge(65535, 65535))
        #expect(try outcome(TinyImages.bmp, .twoTo31Minus1) == tooLarge(2_147_483_647, 2_147_483_647))
        #expect(try outcome(TinyImages.pgm, .twoTo32Minus1) == tooLarge(max32, max32))
        // 19 digits: longer than any header number, a malformed header.
        #expect(try outcome(TinyImages.pgm, .twoTo63Minus1) == .refused(.decodeFailed))
        // Lossless WebP keeps 14 bits a side.
        #expect(try outcome(TinyImages.webp, .twoTo15) == tooLarge(16384, 16384))
        #expect(try outcome(TinyImages.jp2, .twoTo32Minus1, width: "width ihdr@", height: "height ihdr@") == tooLarge(max32, max32))
        #expect(try outcome(SyntheticImages.tiff(pages: 1), .twoTo16Minus1) == tooLarge(65535, 65535))
        // A PDF page fails alone.
        #expect(try outcome(try fixture("english-spanish-pages.pdf"), .twoTo32Minus1) == .pages(["image_too_large", "720x1040"]))
    }

    @Test("header dimensions: an ISO box's size made 64-bit is read as the same box, or refused when it is past the file")
    func largeBoxSizes() throws {
        let heic = try fixture("english-page.heic")
        let meta = try field("boxSize meta@", in: heic)
        func decoded(_ value: HeaderDimensionsTarget.Value) -> ImageDecodingTarget.Outcome {
            let input = HeaderDimensionsTarget.input(image: heic, edits: [.init(field: meta, value: value, asLargeSize: true)])
            return input.withUnsafeBytes { HeaderDimensionsTarget.run($0) }.decoded
        }
        // The extent inside is found through the 64-bit size, as it was through the 32-bit one.
        #expect(decoded(.original) == tooLarge(1000, 1100))
        #expect(decoded(.twoTo64Minus1) == .refused(.decodeFailed))
        #expect(decoded(.twoTo63Minus1) == .refused(.decodeFailed))
        let jp2 = TinyImages.jp2
        let header = try field("boxSize jp2h@", in: jp2)
        let huge = HeaderDimensionsTarget.input(image: jp2, edits: [.init(field: header, value: .twoTo63Minus1, asLargeSize: true)])
        #expect(huge.withUnsafeBytes { HeaderDimensionsTarget.run($0) }.decoded == .refused(.decodeFailed))
    }

    @Test("header dimensions: zero control bytes leave the image as it is")
    func noEdit() throws {
        let input = Data(count: HeaderDimensionsTarget.controlLength) + TinyImages.gif
        let outcome = input.withUnsafeBytes { HeaderDimensionsTarget.run($0) }
        #expect(outcome.decoded == .pages(["8x8"]))
        #expect(outcome.edits == ["width@6 = 8"])
    }
}
