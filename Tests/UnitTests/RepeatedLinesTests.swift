@testable import PagePreparation
import Testing
@testable import TesseractReading
@testable import TextRecognition
import TranslateModel

/// The key a text line's reading is remembered by, the store of readings, and how a page is
/// put together from the readings of its lines.
@Suite struct RepeatedLinesTests {
    /// A white image with a patterned bar in each of `bars`; the pattern depends only on the
    /// place inside the bar, so equal bars look the same wherever they are.
    static func image(width: Int = 400, height: Int = 200, bars: [PixelRect]) -> LeptonicaImage {
        var gray = GrayImage(width: width, height: height, filledWith: 255)
        for bar in bars {
            for y in bar.y..<(bar.y + bar.height) {
                for x in bar.x..<(bar.x + bar.width) { gray[x, y] = UInt8(((x - bar.x) * 7 + (y - bar.y) * 3) % 120) }
            }
        }
        return gray.leptonicaImage()!
    }

    /// `GrayPixels` reads the image in place, so the image is kept alive while it is read.
    static func key(of line: PixelRect, in image: LeptonicaImage) -> LinePixels {
        withExtendedLifetime(image) { LinePixels(of: line, in: GrayPixels(image.pix)!) }
    }

    @Test func theSameLineAnywhereHasTheSameKey() {
        let first = PixelRect(x: 40, y: 30, width: 100, height: 20), second = PixelRect(x: 153, y: 121, width: 100, height: 20)
        let image = Self.image(bars: [first, second])
        #expect(Self.key(of: first, in: image) == Self.key(of: second, in: image))
    }

    @Test func onePixelChangedChangesTheKey() {
        let line = PixelRect(x: 40, y: 30, width: 100, height: 20)
        let before = Self.image(bars: [line])
        var gray = GrayImage(before.pix)!
        gray[90, 40] = 200
        let after = gray.leptonicaImage()!
        #expect(Self.key(of: line, in: before) != Self.key(of: line, in: after))
    }

    /// What lies within the margin around the box is part of what Tesseract sees.
    @Test func somethingJustBelowChangesTheKey() {
        let line = PixelRect(x: 40, y: 30, width: 100, height: 20)
        let alone = Self.image(bars: [line])
        let withNeighbour = Self.image(bars: [line, PixelRect(x: 40, y: 30 + 20 + LinePixels.margin - 2, width: 30, height: 10)])
        #expect(Self.key(of: line, in: alone) != Self.key(of: line, in: withNeighbour))
    }

    /// Near an edge the crop is cut short, and the line's place in it says where.
    @Test func aLineAtTheEdgeHasItsOwnKey() {
        let inside = PixelRect(x: 40, y: 30, width: 100, height: 20), atEdge = PixelRect(x: 3, y: 130, width: 100, height: 20)
        let image = Self.image(bars: [inside, atEdge])
        #expect(Self.key(of: inside, in: image) != Self.key(of: atEdge, in: image))
    }

    static func storeKey(_ number: Int) -> RepeatedLines.Key {
        let pixels = Self.key(of: PixelRect(x: 0, y: 0, width: number, height: 1), in: Self.image(bars: []))
        return RepeatedLines.Key(languages: "kor+eng", pixels: pixels, way: .layoutLine)
    }

    static func reading(_ text: String) -> RepeatedLines.Reading {
        RepeatedLines.Reading(lines: [RecognizedBox(rect: PixelRect(x: 0, y: 0, width: 10, height: 10), confidence: 90, text: text,
                                                    words: [], paragraph: 0)])
    }

    @Test func aRememberedLineIsFoundByItsDataAndPixels() {
        let store = RepeatedLines()
        store.remember(Self.reading("설정"), for: Self.storeKey(10))
        #expect(store.reading(for: Self.storeKey(10))?.lines.first?.text == "설정")
        #expect(store.reading(for: Self.storeKey(11)) == nil)
        var otherData = Self.storeKey(10)
        otherData.languages = "jpn"
        #expect(store.reading(for: otherData) == nil)
        #expect(store.counts == (reused: 1, read: 1))
    }

    /// When full, the lines never met again go first: a folder of unrelated pages does not push
    /// out the labels its screenshots share.
    @Test func aFullStoreForgetsLinesMetOnlyOnce() {
        let store = RepeatedLines(capacity: 4)
        for number in 1...4 { store.remember(Self.reading("\(number)"), for: Self.storeKey(number)) }
        #expect(store.reading(for: Self.storeKey(1)) != nil)
        store.remember(Self.reading("5"), for: Self.storeKey(5))
        #expect(store.reading(for: Self.storeKey(1)) != nil)
        #expect(store.reading(for: Self.storeKey(5)) != nil)
        for number in 2...4 { #expect(store.reading(for: Self.storeKey(number)) == nil) }
    }

    static func box(_ text: String, x: Int = 0, y: Int = 0) -> RecognizedBox {
        RecognizedBox(rect: PixelRect(x: x, y: y, width: 50, height: 20), confidence: 90, text: text,
                      words: text.isEmpty ? [] : [RecognizedWord(rect: PixelRect(x: x, y: y, width: 50, height: 20), confidence: 90, text: text)],
                      paragraph: 7)
    }

    @Test func aPageIsMadeOfItsLinesInLayoutOrder() {
        let page = RecognizedPage.lineByLine([
            (0, [Self.box("Wi-Fi", y: 0)]), (0, [Self.box("켜짐", y: 30)]), (1, []), (2, [Self.box("확인", y: 90), Self.box("", y: 120)]),
        ])
        #expect(page.lines.map(\.text) == ["Wi-Fi", "켜짐", "확인"])
        #expect(page.lines.map(\.paragraph) == [0, 0, 1])
        #expect(page.paragraphs.map(\.text) == ["Wi-Fi 켜짐", "확인"])
        #expect(page.paragraphs.map(\.paragraph) == [0, 1])
        #expect(page.paragraphs[0].rect == PixelRect(x: 0, y: 0, width: 50, height: 50))
        #expect(page.paragraphs[0].words.count == 2)
    }

    /// Thai or Vietnamese marks that layout analysis put in a row of their own go back to their line.
    @Test func aRowOfMarksJoinsItsLine() {
        let line = PixelRect(x: 20, y: 40, width: 200, height: 18)
        let marksAbove = PixelRect(x: 30, y: 33, width: 120, height: 5)
        let shortLineFarAway = PixelRect(x: 20, y: 90, width: 60, height: 8)
        let marksBesideIt = PixelRect(x: 300, y: 35, width: 40, height: 5)
        let joined = LayoutLine.joiningMarkRows([(line, 0), (marksAbove, 0), (shortLineFarAway, 1), (marksBesideIt, 1)])
        #expect(joined.map(\.rect) == [PixelRect(x: 20, y: 33, width: 200, height: 25), shortLineFarAway, marksBesideIt])
        #expect(joined.map(\.paragraph) == [0, 1, 1])
    }
}
