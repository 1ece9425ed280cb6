@testable import PagePreparation
import Testing
@testable import TranslateModel
@testable import TextRecognition

/// Boxes found in a prepared image must land on the same pixels of the original.
@Suite struct CoordinateMapTests {
    /// A white image with one black rectangle.
    private func image(width: Int, height: Int, marking rect: PixelRect) -> GrayImage {
        var image = GrayImage(width: width, height: height, filledWith: 255)
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) { image[x, y] = 0 }
        }
        return image
    }

    /// The bounding box of the black pixels.
    private func blackBox(_ image: GrayImage) -> PixelRect {
        var left = image.width, top = image.height, right = 0, bottom = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] < 128 {
                left = min(left, x); top = min(top, y); right = max(right, x + 1); bottom = max(bottom, y + 1)
            }
        }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    @Test func scalingBackDividesByTheFactor() {
        var map = CoordinateMap(width: 100, height: 80)
        map.scale(by: 2.5)
        #expect(map.currentSize == (250, 200))
        #expect(map.original(PixelRect(x: 50, y: 25, width: 100, height: 50)) == PixelRect(x: 20, y: 10, width: 40, height: 20))
    }

    @Test(arguments: [1, 2, 3])
    func quarterTurnsMapBackToTheMarkedPixels(turns: Int) throws {
        let marked = PixelRect(x: 10, y: 5, width: 30, height: 12)
        let original = image(width: 120, height: 70, marking: marked)
        let turned = try #require(original.leptonicaImage()?.rotated(quarterTurns: turns))
        let turnedGray = try #require(GrayImage(turned.pix))
        var map = CoordinateMap(width: 120, height: 70)
        map.turn(quarterTurns: turns)
        #expect(map.currentSize.width == turnedGray.width && map.currentSize.height == turnedGray.height)
        #expect(map.original(blackBox(turnedGray)) == marked)
    }

    @Test func turnThenScaleUndoesBothInReverse() throws {
        let marked = PixelRect(x: 40, y: 8, width: 20, height: 10)
        let original = image(width: 100, height: 50, marking: marked)
        let turnedImage = try #require(original.leptonicaImage()?.rotated(quarterTurns: 1))
        let turned = try #require(GrayImage(turnedImage.pix))
        var map = CoordinateMap(width: 100, height: 50)
        map.turn(quarterTurns: 1)
        map.scale(by: 2)
        let found = blackBox(turned)
        let scaled = PixelRect(x: found.x * 2, y: found.y * 2, width: found.width * 2, height: found.height * 2)
        #expect(map.original(scaled) == marked)
    }

    @Test func smallRotationMapsBackNearTheOriginal() {
        var map = CoordinateMap(width: 400, height: 300)
        map.rotate(degrees: 2)
        let rect = PixelRect(x: 100, y: 100, width: 200, height: 20)
        let back = map.original(rect)
        // Turning a box back makes its bounding box a little larger, never displaced.
        #expect(back.x <= rect.x && back.x >= rect.x - 5)
        #expect(back.y <= rect.y && back.y >= rect.y - 5)
        #expect(back.width >= rect.width && back.width <= rect.width + 10)
        #expect(back.height >= rect.height && back.height <= rect.height + 10)
    }

    @Test func boxesAreClippedToThePage() {
        var map = CoordinateMap(width: 50, height: 40)
        map.scale(by: 2)
        #expect(map.original(PixelRect(x: 90, y: 70, width: 30, height: 30)) == PixelRect(x: 45, y: 35, width: 5, height: 5))
    }
}
