import Foundation
@testable import ImageDecoding
import Testing
import TestSupport
import TesseractReading
import TextRecognition

@Suite struct ImageDecoderTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    let decoder = ImageDecoder()

    private func bytes(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.fixtures.appendingPathComponent(name))
    }

    @Test func decodesAPNG() throws {
        let pages = try decoder.decodePages(try bytes("korean-menu.png"))
        #expect(pages.count == 1)
        let page = try #require(pages.first?.image)
        #expect(page.page == 1)
        #expect(page.width > 100 && page.height > 100)
    }

    /// Found by the decoding fuzz target: a PNG chunk declaring 400 MB in a 409-byte file made
    /// libpng allocate the 400 MB before finding the data missing.
    @Test("a PNG chunk that runs past the end is truncation, found before libpng allocates it")
    func pngChunkPastTheEnd() throws {
        var png = try bytes("korean-menu.png")
        let oversized = Data([0x17, 0xD7, 0x84, 0x00]) + Data("tEXt".utf8)  // 400,000,000 bytes
        png.insert(contentsOf: oversized, at: png.startIndex + 33)  // right after IHDR
        #expect(throws: ImageError.truncated) { try decoder.decodePages(png) }
        var withTrailer = try bytes("korean-menu.png")
        withTrailer.append(Data(repeating: 0, count: 100))
        #expect(try decoder.decodePages(withTrailer).first?.image?.width == 720)
    }

    /// Found by the decoding fuzz target: libtiff said this in two lines, and the page's error
    /// took both, splitting its line on stderr.
    @Test("a library's message in several lines is one line of the page's error")
    func libraryMessageOnOneLine() throws {
        let input = TestPaths.repository.appendingPathComponent("Fixtures/fuzz-found/image-decoding/tiff-jpeg-message-on-two-lines.tif")
        let pages = try decoder.decodePages(try Data(contentsOf: input))
        let failed = try #require(pages.first)
        guard case .failed(1, .pageCorrupt(_, let detail)) = failed else {
            Issue.record("page 1 is \(failed)")
            return
        }
        #expect(detail == "libtiff: Improper JPEG sampling factors 3,1 Apparently should be 1,1.")
    }

    /// Found by the header-dimensions fuzz target (under AddressSanitizer: a heap use after
    /// free): libheif's message for a file it refuses on opening lives in its context, which was
    /// freed before the message was copied; the error said whatever the freed memory held.
    @Test("libheif's message for a file it refuses on opening is copied before its context is freed")
    func heifMessageOfARefusedFile() throws {
        let input = TestPaths.repository.appendingPathComponent("Fixtures/fuzz-found/header-dimensions/heif-error-message-after-free.heic.fuzz")
        // The target's control bytes first; their one edit leaves the file as it is.
        let heif = try Data(contentsOf: input).dropFirst(31)
        #expect(throws: ImageError.pageCorrupt(.init(1), detail: "libheif: Invalid input: Non-existing item ID referenced: 'pitm' box references a non-existing image")) {
            try decoder.decodePages(Data(heif))
        }
    }

    /// Found by the header-dimensions fuzz target: libheif's message ended in a line break,
    /// which split the file's line on stderr.
    @Test("libheif's message that ends in a line break is one line of the error")
    func heifMessageOnOneLine() throws {
        let input = TestPaths.repository.appendingPathComponent("Fixtures/fuzz-found/header-dimensions/heif-message-ending-in-a-line-break.heic.fuzz")
        let heif = try Data(contentsOf: input).dropFirst(31)
        #expect(throws: ImageError.pageCorrupt(.init(1), detail: "libheif: Unsupported file-type: Unspecified: File does not include any supported brands.")) {
            try decoder.decodePages(Data(heif))
        }
    }

    @Test func decodesEveryPageOfAMultiPageTIFF() throws {
        let pages = try decoder.decodePages(try bytes("english-two-pages.tif"))
        #expect(pages.map(\.page) == [1, 2])
        #expect(pages.allSatisfy { $0.image != nil })
    }

    @Test func refusesAHugeImageFromItsHeader() {
        let tooLarge = ImageError.tooLarge(width: 60000, height: 60000, limit: ImageDecoder.defaultPixelLimit)
        for header in [SyntheticImages.pngHeader(width: 60000, height: 60000), SyntheticImages.gifHeader(width: 60000, height: 60000),
                       SyntheticImages.jpegHeader(width: 60000, height: 60000), SyntheticImages.bmpHeader(width: 60000, height: 60000),
                       SyntheticImages.pgmHeader(width: 60000, height: 60000), SyntheticImages.webpHeader(width: 60000, height: 60000),
                       SyntheticImages.jp2Header(width: 60000, height: 60000), SyntheticImages.heifHeader(width: 60000, height: 60000),
                       SyntheticImages.tiff(pages: 1, width: 60000, height: 60000, pixels: false)] {
            #expect(throws: tooLarge) { try decoder.decodePages(header) }
        }
    }

    @Test("the declared size is checked before the rest of the input is read")
    func refusesABombBeforeReadingTheRest() {
        let stream = EndlessStream(prefix: SyntheticImages.pngHeader(width: 60000, height: 60000))
        #expect(throws: ImageError.tooLarge(width: 60000, height: 60000, limit: ImageDecoder.defaultPixelLimit)) {
            try decoder.decodePages(from: stream)
        }
        #expect(stream.bytesRead <= ImageDecoder.sniffLength)
    }

    @Test("an endless stream of zeros is not an image, known from its first bytes")
    func endlessZerosAreRefusedEarly() {
        let stream = EndlessStream()
        #expect(throws: ImageError.notAnImage) { try decoder.decodePages(from: stream) }
        #expect(stream.bytesRead <= ImageDecoder.sniffLength)
    }

    @Test("an input that goes on past the size limit is refused when it gets there")
    func endlessImageStopsAtTheByteLimit() {
        let limited = ImageDecoder(pixelLimit: 1_000_000, byteLimit: 3 << 20)
        let stream = EndlessStream(prefix: SyntheticImages.pngHeader(width: 100, height: 100))
        #expect(throws: ImageError.inputTooLarge(limit: 3 << 20)) { try limited.decodePages(from: stream) }
        #expect(stream.bytesRead <= (3 << 20) + 1)
        // A size known up front (a regular file) is refused after the header alone.
        let file = DataStream(SyntheticImages.pngHeader(width: 100, height: 100) + Data(count: 4 << 20))
        #expect(throws: ImageError.inputTooLarge(limit: 3 << 20)) { try limited.decodePages(from: file) }
    }

    @Test func theDefaultByteLimitFollowsThePixelLimit() {
        #expect(ImageDecoder().byteLimit == ImageDecoder.defaultPixelLimit * ImageDecoder.bytesPerPixel)
        #expect(ImageDecoder(pixelLimit: 1000).byteLimit == 4000)
        #expect(ImageDecoder(pixelLimit: 0).byteLimit == 0)
        #expect(ImageDecoder(pixelLimit: 1000, byteLimit: 0).byteLimit == 0)
    }

    @Test func honoursALowerLimit() throws {
        let small = ImageDecoder(pixelLimit: 1000)
        #expect(throws: ImageError.self) { try small.decodePages(try bytes("korean-menu.png")) }
    }

    @Test func refusesNonImages() {
        #expect(throws: ImageError.notAnImage) { try decoder.decodePages(Data("hello, not a picture\n".utf8)) }
        #expect(throws: ImageError.notAnImage) { try decoder.decodePages(Data("x".utf8)) }
        #expect(throws: ImageError.empty) { try decoder.decodePages(Data()) }
        #expect(throws: ImageError.unsupportedFormat("PostScript")) { try decoder.decodePages(Data("%!PS-Adobe-3.0\n".utf8)) }
    }

    @Test func decodesAHEICPhotoAtItsDeclaredSize() throws {
        let pages = try decoder.decodePages(try bytes("english-page.heic"))
        let page = try #require(pages.first?.image)
        #expect(pages.count == 1 && page.page == 1)
        #expect(page.width == 1000 && page.height == 1100)
    }

    @Test func refusesBrokenHEICAndPDFFiles() throws {
        let heic = try bytes("english-page.heic")
        #expect(throws: ImageError.truncated) { try decoder.decodePages(heic.prefix(heic.count / 2)) }
        // The file type box alone: the boxes that declare the size never come.
        #expect(throws: ImageError.truncated) { try decoder.decodePages(Data([0, 0, 0, 0x18]) + Data("ftypheic".utf8) + Data(count: 12)) }
        let pdf = try bytes("english-spanish-pages.pdf")
        #expect(throws: ImageError.truncated) { try decoder.decodePages(pdf.prefix(pdf.count / 2)) }
        #expect(throws: ImageError.truncated) { try decoder.decodePages(Data("%PDF-1.4\n%âãÏÓ\n".utf8)) }
        #expect(throws: ImageError.pageCorrupt(.init(1), detail: "poppler: PDF document is damaged")) {
            try decoder.decodePages(Data("%PDF-1.4\nnot a PDF body\n%%EOF\n".utf8))
        }
    }

    @Test func rendersEveryPageOfAPDFWhenItIsRead() throws {
        let pages = try decoder.decodePages(try bytes("english-spanish-pages.pdf"))
        #expect(pages.map(\.page) == [1, 2])
        #expect(pages.allSatisfy { $0.image == nil })  // nothing drawn yet
        // Scans at 300 dpi come back at their own size.
        let sizes = pages.map { $0.rendered().image.map { [$0.width, $0.height] } }
        #expect(sizes == [[1000, 1100], [720, 1040]])
    }

    @Test("a PDF page too large to draw fails alone, the page before it kept")
    func aPDFPageTooLargeFailsAlone() throws {
        let pdf = try #require(SyntheticImages.pdfWithHugeSecondPage(try bytes("english-spanish-pages.pdf")))
        let pages = try decoder.decodePages(pdf).map { $0.rendered() }
        #expect(pages.map(\.page) == [1, 2])
        #expect(pages[0].image?.width == 1000)
        guard case .failed(_, let error) = pages[1] else { Issue.record("page 2 was drawn"); return }
        #expect(error == .tooLarge(width: 99999, height: 99999, limit: ImageDecoder.defaultPixelLimit))
    }

    @Test("a PDF page is drawn at 300 dpi, or less to keep within the pixel limit, never under 72 dpi")
    func pdfResolutionKeepsWithinThePixelLimit() throws {
        // A4 is 595×842 points: 2479×3508 pixels at 300 dpi.
        #expect(try PDFDocument.resolution(width: 595, height: 842, pixelLimit: 64_000_000) == 300)
        let reduced = try PDFDocument.resolution(width: 595, height: 842, pixelLimit: 4_000_000)
        #expect(reduced < 300 && reduced > 200)
        #expect((595 * reduced / 72).rounded() * (842 * reduced / 72).rounded() <= 4_000_000)
        #expect(throws: ImageError.tooLarge(width: 10000, height: 10000, limit: 1_000_000)) {
            try PDFDocument.resolution(width: 10000, height: 10000, pixelLimit: 1_000_000)
        }
        // No limit: Cairo's largest surface still bounds a side.
        #expect(try PDFDocument.resolution(width: 20000, height: 100, pixelLimit: 0) < 120)
    }

    /// A page with a side over 32767 points was refused ("1×50000 pixels, more than the limit of
    /// 64000000 pixels", neither of which was the reason) instead of drawn at a lower resolution.
    @Test("a PDF page longer than the renderer's largest side is drawn smaller, not refused")
    func pdfResolutionKeepsWithinTheLargestSide() throws {
        let thin = try PDFDocument.resolution(width: 0.001, height: 50000, pixelLimit: 64_000_000)
        #expect(thin > 47 && (50000 * thin / 72).rounded() == 32767)
        // Held to the pixel limit first (800×80000 at 144 dpi), then to the largest side.
        let long = try PDFDocument.resolution(width: 400, height: 40000, pixelLimit: 64_000_000)
        #expect(long > 58 && (40000 * long / 72).rounded() <= 32767)
        // A side under a pixel counts as one: the area is no square of the resolution (scaling
        // by the square root of the excess drew this page 1 × 32767, over the limit).
        let needle = try PDFDocument.resolution(width: 0.001, height: 15000, pixelLimit: 20_000)
        #expect((15000 * needle / 72).rounded() <= 20_000 && needle > 95)
        // Too large for the pixel limit even at 72 dpi: refused, with its size at 72 dpi.
        #expect(throws: ImageError.tooLarge(width: 40000, height: 40000, limit: 64_000_000)) {
            try PDFDocument.resolution(width: 40000, height: 40000, pixelLimit: 64_000_000)
        }
        // Too long for the renderer even at 1 dpi: refused for that.
        #expect(throws: ImageError.pageTooLong(points: 100_000_000_000, largestSide: 32767, leastResolution: 1)) {
            try PDFDocument.resolution(width: 10, height: 1e11, pixelLimit: 0)
        }
        #expect(throws: ImageError.pageTooLong(points: 50_000_000, largestSide: 32767, leastResolution: 1)) {
            try PDFDocument.resolution(width: 0.001, height: 5e7, pixelLimit: 64_000_000)
        }
    }

    @Test("a PDF page of 0.001 × 50000 points is drawn 1 × 32767 pixels")
    func thinPDFPageIsDrawn() throws {
        let pages = try decoder.decodePages(SyntheticImages.pdf(width: "0.001", height: "50000")).map { $0.rendered() }
        #expect(pages.map { $0.image.map { [$0.width, $0.height] } } == [[1, 32767]])
    }

    @Test func refusesTruncatedImages() throws {
        let png = try bytes("korean-menu.png")
        #expect(throws: ImageError.truncated) { try decoder.decodePages(png.prefix(png.count / 2)) }
        #expect(throws: ImageError.truncated) { try decoder.decodePages(png.prefix(20)) }
        let jpeg = try bytes("english-page.jpg")
        _ = try decoder.decodePages(jpeg)
        #expect(throws: ImageError.truncated) { try decoder.decodePages(jpeg.prefix(jpeg.count / 2)) }
        #expect(throws: ImageError.truncated) { try decoder.decodePages(jpeg.prefix(3)) }
        #expect(throws: ImageError.truncated) { try decoder.decodePages(SyntheticImages.pgmHeader(width: 10, height: 10).prefix(5)) }
    }

    @Test("a multi-page TIFF cut short keeps the pages before the cut and reports the lost one",
          arguments: [60000, 75000, 82000])
    func truncatedTIFFKeepsEarlierPages(length: Int) throws {
        let pages = try decoder.decodePages(try bytes("english-two-pages.tif").prefix(length))
        #expect(pages.map(\.page) == [1, 2])
        #expect(pages[0].image != nil)
        guard case .failed(_, let error) = pages[1] else {
            Issue.record("page 2 decoded from \(length) bytes")
            return
        }
        #expect(error == .pageTruncated(.init(2, isLowerBound: true)))
        #expect(error.code == "truncated_image")
        #expect(error.description == "image data is truncated (the file declares at least 2 pages)")
    }

    @Test("a page whose compressed data is scrambled fails alone, with libtiff's words")
    func corruptTIFFPageFailsAlone() throws {
        let pages = try decoder.decodePages(try Self.scrambledSecondPage())
        #expect(pages.map(\.page) == [1, 2])
        #expect(pages[0].image != nil)
        guard case .failed(_, let error) = pages[1] else {
            Issue.record("a scrambled page decoded")
            return
        }
        #expect(error.code == "corrupt_image")
        #expect(error.description.hasPrefix("image data is corrupt: libtiff: "))
        #expect(error.description.hasSuffix("(the file declares 2 pages)"))
    }

    @Test("a strip that points past the end is a truncated page, not a corrupt file")
    func stripPastTheEnd() throws {
        var data = try bytes("english-two-pages.tif")
        let strips = try Self.stripOffsetsField(ofPage: 1, in: data)
        data.replaceSubrange(strips..<strips + 4, with: [0x7F, 0x96, 0x98, 0x00])  // 9999999
        let pages = try decoder.decodePages(data)
        #expect(pages[0].image != nil)
        guard case .failed(2, .pageTruncated(let declared)) = pages[1] else {
            Issue.record("expected a truncated page 2, got \(pages[1])")
            return
        }
        #expect(declared == .init(2))
    }

    @Test func tiffChainThatLoopsIsCorrupt() throws {
        let pages = try decoder.decodePages(SyntheticImages.tiff(pages: 2, loop: true))
        #expect(pages.map(\.page) == [1, 2, 3])
        #expect(pages[0].image != nil && pages[1].image != nil)
        guard case .failed(3, let error) = pages[2] else {
            Issue.record("expected a failed page 3")
            return
        }
        #expect(error.code == "corrupt_image")
    }

    /// The fixture with page 2's compressed strips scrambled (its directory left intact).
    static func scrambledSecondPage() throws -> Data {
        var data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("english-two-pages.tif"))
        let offsets = try stripOffsetsField(ofPage: 1, in: data)
        let first = Int(data.littleEndianUInt32(at: offsets))
        for index in first + 100 ..< first + 4000 {
            data[index] ^= 0x5A
        }
        return data
    }

    /// Where the StripOffsets value of page `index` (from 0) lies in a little-endian TIFF file
    /// whose strips are listed by offset (more than one strip).
    static func stripOffsetsField(ofPage index: Int, in data: Data) throws -> Int {
        var directory = Int(data.littleEndianUInt32(at: 4))
        for _ in 0..<index {
            let count = Int(data.littleEndianUInt16(at: directory))
            directory = Int(data.littleEndianUInt32(at: directory + 2 + 12 * count))
        }
        let count = Int(data.littleEndianUInt16(at: directory))
        for entry in 0..<count where data.littleEndianUInt16(at: directory + 2 + 12 * entry) == 273 {
            return Int(data.littleEndianUInt32(at: directory + 2 + 12 * entry + 8))
        }
        throw CocoaError(.fileReadCorruptFile)
    }
}

@Suite struct ImageHeaderTests {
    private func declared(_ data: Data) -> ImageHeader.DeclaredSize {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return ImageHeader.declaredSize(of: ImageFormat(sniffing: bytes), in: bytes)
        }
    }

    /// A 1×1 GIF: the screen, a global color table, a graphic control extension, one image.
    private static func gif(imageWidth: UInt16, imageHeight: UInt16) -> Data {
        var data = Data("GIF89a".utf8) + Data([1, 0, 1, 0, 0x80, 0, 0, 0xFF, 0xFF, 0xFF, 0, 0, 0])
        data.append(contentsOf: [0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00])
        data.append(contentsOf: [0x2C, 0, 0, 0, 0])
        data.append(contentsOf: [UInt8(imageWidth & 0xFF), UInt8(imageWidth >> 8), UInt8(imageHeight & 0xFF), UInt8(imageHeight >> 8)])
        data.append(contentsOf: [0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B])
        return data
    }

    /// Found by the decoding fuzz target: a 182-byte GIF whose screen said 48×32 and whose image
    /// said 12288×8192 passed the pixel limit, and giflib then asked for 500 MB.
    @Test("a GIF's images are held to the pixel limit, not only its screen")
    func gifImagesAreChecked() throws {
        let pages = try ImageDecoder().decodePages(Self.gif(imageWidth: 1, imageHeight: 1))
        #expect(pages.map { $0.image.map { "\($0.width)x\($0.height)" } } == ["1x1"])
        #expect(throws: ImageError.tooLarge(width: 12288, height: 8192, limit: 1_000_000)) {
            try ImageDecoder(pixelLimit: 1_000_000).decodePages(Self.gif(imageWidth: 12288, imageHeight: 8192))
        }
        #expect(declared(Self.gif(imageWidth: 12288, imageHeight: 8192).prefix(40)) == .size(width: 12288, height: 8192))
        // Bytes that end inside a block still count the images before it.
        #expect(declared(Self.gif(imageWidth: 1, imageHeight: 1).prefix(30)) == .size(width: 1, height: 1))
    }

    @Test func readsTheDeclaredSizeOfEveryFormat() throws {
        #expect(declared(SyntheticImages.pngHeader(width: 640, height: 480)) == .size(width: 640, height: 480))
        #expect(declared(SyntheticImages.gifHeader(width: 640, height: 480)) == .size(width: 640, height: 480))
        #expect(declared(SyntheticImages.jpegHeader(width: 640, height: 480)) == .size(width: 640, height: 480))
        #expect(declared(SyntheticImages.bmpHeader(width: 640, height: 480)) == .size(width: 640, height: 480))
        #expect(declared(SyntheticImages.pgmHeader(width: 640, height: 480)) == .size(width: 640, height: 480))
        #expect(declared(SyntheticImages.webpHeader(width: 640, height: 480)) == .size(width: 640, height: 480))
        #expect(declared(SyntheticImages.jp2Header(width: 640, height: 480)) == .size(width: 640, height: 480))
        #expect(declared(SyntheticImages.tiff(pages: 1, width: 640, height: 480)) == .size(width: 640, height: 480))
        let fixture = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("english-page.jpg"))
        #expect(declared(fixture) == .size(width: 1000, height: 1100))
    }

    @Test("a header cut short asks for more bytes; every shorter prefix of a header does")
    func headersCutShort() {
        for header in [SyntheticImages.pngHeader(width: 640, height: 480), SyntheticImages.jpegHeader(width: 640, height: 480),
                       SyntheticImages.bmpHeader(width: 640, height: 480), SyntheticImages.webpHeader(width: 640, height: 480),
                       SyntheticImages.jp2Header(width: 640, height: 480)] {
            for length in ImageFormat.magicLength ..< header.count - 8 {
                let size = declared(header.prefix(length))
                #expect(size == .needsMoreBytes || size == .size(width: 640, height: 480), "\(length) bytes: \(size)")
            }
        }
    }

    @Test func malformedHeaders() {
        var png = SyntheticImages.pngHeader(width: 640, height: 480)
        png[12] = UInt8(ascii: "X")  // not IHDR
        #expect(declared(png) == .malformed)
        #expect(declared(Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02])) == .malformed)  // a scan before any frame
        #expect(declared(Data("P5\n# no size\nwide tall\n".utf8)) == .malformed)
    }

    @Test func tiffLayoutCountsPagesAndTheirData() {
        let three = SyntheticImages.tiff(pages: 3)
        let layout = three.withUnsafeBytes { TIFFLayout($0.bindMemory(to: UInt8.self)) }
        #expect(layout?.pages.count == 3)
        #expect(layout?.end == .complete)
        #expect(layout?.declaredPages == .init(3))
        #expect(layout?.pages.allSatisfy { $0.dataComplete && $0.width == 8 && $0.height == 8 } == true)

        // Cut inside the second page's pixels: its directory (after them) is gone too.
        let cut = three.prefix(three.count * 2 / 3 - 40)
        let cutLayout = cut.withUnsafeBytes { TIFFLayout($0.bindMemory(to: UInt8.self)) }
        #expect(cutLayout?.end == .cut)
        #expect(cutLayout?.declaredPages == .init(cutLayout!.pages.count + 1, isLowerBound: true))
    }
}

private extension Data {
    func littleEndianUInt16(at offset: Int) -> UInt16 {
        UInt16(self[startIndex + offset]) | UInt16(self[startIndex + offset + 1]) << 8
    }

    func littleEndianUInt32(at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(self[startIndex + offset + $1]) << (8 * $1) }
    }
}
