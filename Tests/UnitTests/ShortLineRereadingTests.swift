@testable import PagePreparation
import Testing
import TextDetection
@testable import TextRecognition

/// A short photo line read a second time at its own height, and when that reading is kept.
@Suite struct ShortLineRereadingTests {
    /// A page whose every pixel is its row number, and a level line on it 60 wide and 50 tall.
    static let page = GrayImage(width: 400, height: 200, pixels: (0..<200).flatMap { row in
        [UInt8](repeating: UInt8(row), count: 400)
    })

    static func line(width: Double) -> Quadrilateral {
        Quadrilateral(topLeft: Point(x: 100, y: 50), topRight: Point(x: 100 + width, y: 50),
                      bottomRight: Point(x: 100 + width, y: 100), bottomLeft: Point(x: 100, y: 100))
    }

    /// Cut again at the detector's height: the line's own 50 rows, and 0.3 of its height more
    /// before and after it (where the usual cut has 0.2 of it on every side).
    @Test func aShortLineIsCutAgainAtItsOwnHeightWithRoomAlongIt() throws {
        let image = try #require(LineImage(Self.line(width: 60), in: Self.page))
        #expect(image.flat.height == 70 && image.flat.width == 80)
        let again = try #require(image.shortLineCut)
        #expect(again.height == 50 && again.width == 90)
        #expect(again.pixels.first! >= 49 && again.pixels.first! <= 51)
        #expect(again.pixels.last! >= 98 && again.pixels.last! <= 100)
    }

    @Test func aLongLineIsNotCutAgain() throws {
        let image = try #require(LineImage(Self.line(width: 250), in: Self.page))
        #expect(image.shortLineCut == nil)
    }

    @Test func onlyLinesShorterThanThreeHeightsAreShort() {
        #expect(ShortLineRereading.isShort(GrayImage(width: 80, height: 70, pixels: [UInt8](repeating: 0, count: 80 * 70))))
        #expect(ShortLineRereading.isShort(GrayImage(width: 419, height: 140, pixels: [UInt8](repeating: 0, count: 419 * 140))))
        #expect(!ShortLineRereading.isShort(GrayImage(width: 420, height: 140, pixels: [UInt8](repeating: 0, count: 420 * 140))))
    }

    @Test(arguments: [("75-", ".75-"), (".69", ".69-"), ("1.49", "1.49-"), ("199", "1.99")])
    func aReadingWithCharactersAddedIsKeptAtTheLowerConfidence(asCut: String, again: String) throws {
        let kept = try #require(ShortLineRereading.fuller(RecognizedLine(text: asCut, confidence: 0.9),
                                                          than: RecognizedLine(text: again, confidence: 0.97)))
        #expect(kept.text == again)
        #expect(kept.confidence == 0.9)
        let surer = try #require(ShortLineRereading.fuller(RecognizedLine(text: asCut, confidence: 0.99),
                                                           than: RecognizedLine(text: again, confidence: 0.8)))
        #expect(surer.confidence == 0.8)
    }

    /// A reading that differs otherwise is no fuller; nor is one read as nothing at first
    /// (whatever the second reading finds in it, the first found no text there).
    @Test(arguments: [("DISGOUNT", "DISCOUNT"), ("75-", "75-"), (".75-", "75-"), ("", "保障"), ("50-", "-05")])
    func aReadingThatIsNotTheFirstWithCharactersAddedIsNotKept(asCut: String, again: String) {
        #expect(ShortLineRereading.fuller(RecognizedLine(text: asCut, confidence: 0.9),
                                          than: RecognizedLine(text: again, confidence: 0.99)) == nil)
    }
}
