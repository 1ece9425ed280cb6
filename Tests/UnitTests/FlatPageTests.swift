import Foundation
@testable import ImageDecoding
@testable import PagePreparation
import Testing
@testable import TesseractReading
@testable import TextRecognition
import TestSupport

/// Which pages are flat (one colour, no text) and given back without being read: only those
/// whose every pixel lies within a level or two of the others.
@Suite struct FlatPageTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    private func gray(_ width: Int, _ height: Int, _ value: UInt8, marks: [(x: Int, y: Int, value: UInt8)] = []) throws -> FlatPage {
        var image = GrayImage(width: width, height: height, filledWith: value)
        for mark in marks { image[mark.x, mark.y] = mark.value }
        let leptonica = try #require(image.leptonicaImage())
        return FlatPage(try #require(leptonica.pageImage()))
    }

    private func rgb(_ width: Int, _ height: Int, _ color: [UInt8], marks: [(x: Int, y: Int, color: [UInt8])] = []) throws -> FlatPage {
        var bytes = [UInt8]()
        for _ in 0..<(width * height) { bytes += color }
        for mark in marks { bytes.replaceSubrange((mark.y * width + mark.x) * 3 ..< (mark.y * width + mark.x) * 3 + 3, with: mark.color) }
        let page = try #require(bytes.withUnsafeBufferPointer {
            PageImage(page: 1, width: width, height: height, copyingRGB: $0.baseAddress!, bytesPerRow: width * 3)
        })
        return FlatPage(page)
    }

    private func decoded(_ data: Data) throws -> FlatPage {
        FlatPage(try #require(try ImageDecoder().decodePages(data).first?.image))
    }

    @Test("the decision: every channel within the tolerance")
    func decision() {
        #expect(FlatPage(ranges: [.init(low: 255, high: 255)]).isFlat)
        #expect(FlatPage(ranges: [.init(low: 253, high: 255), .init(low: 0, high: 2), .init(low: 9, high: 9)]).isFlat)
        #expect(!FlatPage(ranges: [.init(low: 252, high: 255)]).isFlat)
        #expect(!FlatPage(ranges: [.init(low: 255, high: 255), .init(low: 0, high: 255)]).isFlat)
    }

    @Test("a grey page is flat until one pixel anywhere is darker, however thin the mark")
    func grayPages() throws {
        #expect(try gray(501, 403, 255).isFlat)
        #expect(try gray(501, 403, 0).isFlat)
        // A level or two of unevenness.
        #expect(try gray(501, 403, 254, marks: [(0, 0, 255), (500, 402, 253)]).isFlat)
        // One dark pixel: first, last, in the last byte of a row's last word, mid-page.
        for mark in [(x: 0, y: 0), (x: 500, y: 402), (x: 500, y: 200), (x: 251, y: 1)] {
            #expect(try !gray(501, 403, 255, marks: [(mark.x, mark.y, 120)]).isFlat, "\(mark)")
        }
        #expect(try !gray(501, 403, 255, marks: [(40, 40, 252)]).isFlat)
    }

    @Test("a colour page is flat in every channel, or not flat")
    func colorPages() throws {
        #expect(try rgb(300, 200, [30, 90, 200]).isFlat)
        #expect(try !rgb(300, 200, [30, 90, 200], marks: [(299, 199, [30, 90, 190])]).isFlat)
        #expect(try !rgb(300, 200, [255, 255, 255], marks: [(150, 100, [255, 0, 255])]).isFlat)
    }

    @Test("1-bit and colour-mapped pages are flat when every pixel holds the same value")
    func packedPages() throws {
        let blank = Data("P4\n37 5\n".utf8) + Data(count: 5 * 5)
        #expect(try decoded(blank).isFlat)
        var dot = blank
        dot[dot.count - 1] = 0x08  // the last row's last pixel: black
        #expect(try !decoded(dot).isFlat)
        #expect(try !decoded(FuzzTargetTests.TinyImages.gif).isFlat)  // a black dot on white, colour-mapped
    }

    /// Every image and page the fixtures hold: a flat page is not read, so none with text may be.
    static let fixtures: [String] = {
        let root = TestPaths.repository.appendingPathComponent("Fixtures")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.filter { ["png", "jpg", "tif", "heic", "pdf"].contains(($0 as NSString).pathExtension) && !$0.hasPrefix("fuzz-found") }
            .sorted()
    }()

    @Test("no fixture image or page is flat", arguments: fixtures)
    func fixturesAreNotFlat(path: String) throws {
        let data = try Data(contentsOf: TestPaths.repository.appendingPathComponent("Fixtures/" + path))
        for page in try ImageDecoder().decodePages(data).map({ $0.rendered() }) {
            #expect(try !FlatPage(#require(page.image)).isFlat, "\(path) page \(page.page)")
        }
    }

}
