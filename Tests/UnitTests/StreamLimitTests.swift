import Foundation
@testable import ImageDecoding
import Testing
import TestSupport
import TesseractReading
import TextRecognition

/// How many bytes a stream may bring: the input size limit, or less when its header declares a
/// small image and the limit is the default.
@Suite struct StreamLimitTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    private let margin = StreamLimit.metadataMargin
    private let defaultLimit = ImageDecoder.defaultByteLimit(forPixelLimit: ImageDecoder.defaultPixelLimit)

    @Test("a small declared image bounds the stream by its worst-case bytes and a margin")
    func smallImage() {
        let limit = StreamLimit(byteLimit: defaultLimit, given: false, format: .png, declared: .size(width: 100, height: 100))
        #expect(limit.bytes == 100 * 100 * 10 + margin)
        #expect(limit.exceeded == .streamTooLarge(limit: 100 * 100 * 10 + margin, width: 100, height: 100))
        #expect(StreamLimit(byteLimit: defaultLimit, given: false, format: .pnm, declared: .size(width: 10, height: 10)).bytes
                == 10 * 10 * 24 + margin)
        #expect(StreamLimit(byteLimit: defaultLimit, given: false, format: .jpeg, declared: .size(width: 4032, height: 3024)).bytes
                == 4032 * 3024 * 8 + margin)
    }

    @Test("a declared image that needs more than the input size limit leaves the limit as it is")
    func largeImage() {
        let limit = StreamLimit(byteLimit: defaultLimit, given: false, format: .png, declared: .size(width: 8000, height: 8000))
        #expect(limit.bytes == defaultLimit)
        #expect(limit.exceeded == .inputTooLarge(limit: defaultLimit))
        // Sides whose product passes Int.max saturate rather than trap.
        let huge = StreamLimit(byteLimit: defaultLimit, given: false, format: .heif, declared: .size(width: .max, height: .max))
        #expect(huge.bytes == defaultLimit)
    }

    @Test("a limit given on the command line is kept, for streams as for files")
    func givenLimit() {
        let given = StreamLimit(byteLimit: 1 << 30, given: true, format: .png, declared: .size(width: 100, height: 100))
        #expect(given.bytes == 1 << 30 && given.exceeded == .inputTooLarge(limit: 1 << 30))
        // No limit at all (--max-input-size 0) is no limit.
        #expect(StreamLimit(byteLimit: 0, given: true, format: .png, declared: .size(width: 100, height: 100)).bytes == 0)
        // No limit by default (--max-pixels 0): the declared size still bounds the stream.
        #expect(StreamLimit(byteLimit: 0, given: false, format: .png, declared: .size(width: 100, height: 100)).bytes
                == 100 * 100 * 10 + margin)
    }

    @Test("formats whose header does not bound the file keep the input size limit")
    func unboundedFormats() {
        for format in [ImageFormat.tiff, .pdf] {
            let limit = StreamLimit(byteLimit: defaultLimit, given: false, format: format, declared: .size(width: 100, height: 100))
            #expect(limit.bytes == defaultLimit, "\(format)")
        }
        for declared in [ImageHeader.DeclaredSize.perPage, .needsMoreBytes] {
            #expect(StreamLimit(byteLimit: defaultLimit, given: false, format: .jpeg, declared: declared).bytes == defaultLimit)
        }
    }

    /// A PNG header declaring 100×100 on a stream without end: held until 256 MB (374 MB
    /// resident) before being refused.
    @Test("an endless stream behind a small PNG header is refused past what the image can need")
    func endlessStreamBehindASmallHeader() {
        let stream = EndlessStream(prefix: SyntheticImages.pngHeader(width: 100, height: 100), filler: 0x41)
        let expected = 100 * 100 * 10 + margin
        #expect(throws: ImageError.streamTooLarge(limit: expected, width: 100, height: 100)) {
            try ImageDecoder().decodePages(from: stream)
        }
        #expect(stream.bytesRead <= expected + 1)
        // A file of the same bytes is held to the input size limit alone: its size is known,
        // and it is read whole (then refused by libpng for what it holds).
        let file = DataStream(SyntheticImages.pngHeader(width: 100, height: 100) + Data(count: 9 << 20))
        let error = #expect(throws: ImageError.self) { try ImageDecoder().decodePages(from: file) }
        #expect(error?.code == "corrupt_image")
    }

    @Test("a stream holding a whole image longer than the first bytes read is read as before")
    func wholeImageOnAStream() throws {
        // Bytes after the end chunk, as some writers leave them: the image is within its limit.
        let png = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("korean-menu.png")) + Data(count: 300_000)
        #expect(png.count > ImageDecoder.sniffLength)
        let pages = try ImageDecoder().decodePages(from: PipeLikeStream(png))
        #expect(pages.count == 1 && pages.first?.image?.width == 720)
    }
}

/// Bytes in memory read as a stream of unknown size, as a pipe is.
private final class PipeLikeStream: ByteStream {
    private let inner: DataStream

    init(_ data: Data) {
        inner = DataStream(data)
    }

    func read(upTo count: Int) throws(StreamReadError) -> Data {
        try inner.read(upTo: count)
    }

    var knownSize: Int? { nil }
}
