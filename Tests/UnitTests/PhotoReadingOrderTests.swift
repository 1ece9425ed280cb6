import Testing
@testable import TextRecognition
import TranslateModel

/// The order of a photo's lines, as the text stands.
@Suite struct PhotoReadingOrderTests {
    /// A line of `text` whose corners start at (`x0`, `y0`) and read towards (`x1`, `y1`),
    /// `thickness` pixels thick to the right of that direction.
    private func line(_ text: String, from start: (Int, Int), to end: (Int, Int), thickness: Int) -> RecognizedBox {
        let dx = end.0 - start.0, dy = end.1 - start.1
        let length = max(abs(dx), abs(dy))
        // The side below the text, as it reads: the reading direction turned a quarter clockwise.
        let down = (-dy * thickness / length, dx * thickness / length)
        let corners = [PixelPoint(x: start.0, y: start.1), PixelPoint(x: end.0, y: end.1),
                       PixelPoint(x: end.0 + down.0, y: end.1 + down.1), PixelPoint(x: start.0 + down.0, y: start.1 + down.1)]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let rect = PixelRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        return RecognizedBox(rect: rect, confidence: 90, text: text, words: [], paragraph: 0, polygon: corners)
    }

    @Test func uprightLinesReadTopToBottomAndLeftToRight() {
        let boxes = [
            RecognizedBox(rect: PixelRect(x: 10, y: 100, width: 200, height: 30), confidence: 90, text: "third", words: [], paragraph: 0),
            RecognizedBox(rect: PixelRect(x: 300, y: 12, width: 100, height: 30), confidence: 90, text: "second", words: [], paragraph: 0),
            RecognizedBox(rect: PixelRect(x: 10, y: 10, width: 200, height: 30), confidence: 90, text: "first", words: [], paragraph: 0),
        ]
        #expect(PhotoReadingOrder.quarterTurns(of: boxes) == 0)
        #expect(PhotoReadingOrder.sorted(boxes).map(\.text) == ["first", "second", "third"])
    }

    /// A sign turned a quarter clockwise: its lines read downwards, its first line rightmost.
    @Test func aSignOnItsSideReadsFromItsRightmostLine() {
        // Reading downwards, the text's top faces right, so each line lies left of its corners' start.
        let boxes = [
            line("last", from: (100, 20), to: (100, 300), thickness: 40),
            line("first", from: (300, 20), to: (300, 600), thickness: 40),
            line("middle", from: (200, 20), to: (200, 600), thickness: 40),
        ]
        #expect(PhotoReadingOrder.quarterTurns(of: boxes) == 1)
        #expect(PhotoReadingOrder.sorted(boxes).map(\.text) == ["first", "middle", "last"])
    }

    @Test func anUpsideDownSignReadsFromItsBottomLine() {
        let boxes = [
            line("first", from: (500, 300), to: (100, 300), thickness: 40),
            line("second", from: (500, 200), to: (100, 200), thickness: 40),
        ]
        #expect(PhotoReadingOrder.quarterTurns(of: boxes) == 2)
        #expect(PhotoReadingOrder.sorted(boxes).map(\.text) == ["first", "second"])
    }
}
