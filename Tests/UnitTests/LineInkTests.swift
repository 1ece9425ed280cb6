import PagePreparation
import Testing
@testable import TextRecognition

/// A photo line's ink evened along the line: letters faded by glare made as dark as the rest.
@Suite struct LineInkTests {
    /// A line 56 px tall on white, with strokes 6 px wide every 20 px, each at the ink level
    /// `ink(x)`, and none in `gap`.
    static func line(width: Int = 560, gap: Range<Int> = 0..<0, ink: (Int) -> UInt8) -> GrayImage {
        var line = GrayImage(width: width, height: 56, filledWith: 255)
        for x in 0..<width where x % 20 >= 8 && x % 20 < 14 && !gap.contains(x) {
            for y in 14..<42 { line[x, y] = ink(x) }
        }
        return line
    }

    @Test func inkFadedUnderGlareIsMadeAsDarkAsTheRest() {
        // Black ink on the left, a light grey one on the right, as glare leaves it.
        let faded = Self.line { x in x < 280 ? 20 : 190 }
        let evened = LineInk.evened(faded)
        #expect(evened.width == faded.width && evened.height == faded.height)
        // Before, one threshold for the whole line falls below the faded strokes.
        let thresholdBefore = LineImage.otsuThreshold(faded.pixels)
        #expect(faded[490, 28] > thresholdBefore)
        let threshold = LineImage.otsuThreshold(evened.pixels)
        for x in [30, 250, 330, 490] {
            #expect(evened[x, 28] < threshold, "stroke at \(x): \(evened[x, 28]), threshold \(threshold)")
            #expect(evened[x, 28] <= 40, "stroke at \(x): \(evened[x, 28])")
        }
        // The paper stays white, on both sides.
        for x in [2, 275, 555] { #expect(evened[x, 5] == 255) }
    }

    @Test func aLineWithEvenInkIsLeftAsItIs() {
        let line = Self.line { _ in 30 }
        #expect(LineInk.evened(line) == line)
    }

    @Test func aLineWithoutInkIsLeftAsItIs() {
        let blank = GrayImage(width: 400, height: 56, filledWith: 240)
        #expect(LineInk.evened(blank) == blank)
        let tooShort = GrayImage(width: 60, height: 56, filledWith: 120)
        #expect(LineInk.evened(tooShort) == tooShort)
    }

    /// A word gap holds no ink: it takes its neighbours' level, and its paper is not darkened
    /// as if a faint stroke were there.
    @Test func aWordGapTakesItsNeighboursLevel() {
        let line = Self.line(gap: 200..<360) { x in x < 200 ? 20 : 120 }
        let levels = LineInk.inkLevels(line, tile: 56)
        #expect(levels.first == 20)
        #expect(levels.last == 120)
        // The tiles inside the gap (224..<336) have no ink of their own.
        #expect(levels[4] == 20 || levels[4] == 120)
        let evened = LineInk.evened(line)
        for x in 200..<360 { #expect(evened[x, 28] == 255) }
        #expect(evened[490, 28] <= 40)
    }
}
