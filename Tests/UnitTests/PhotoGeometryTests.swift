@testable import PagePreparation
import Testing
import TextDetection
@testable import TextRecognition
@testable import TranslateModel

/// The geometry of reading photos line by line: padding, turning, and the way back to the page.
@Suite struct PhotoGeometryTests {
    @Test func paddingMovesEveryEdgeOutByAShareOfTheHeight() {
        let line = Quadrilateral(topLeft: Point(x: 100, y: 50), topRight: Point(x: 300, y: 50),
                                 bottomRight: Point(x: 300, y: 90), bottomLeft: Point(x: 100, y: 90))
        let padded = LineImage.padded(line)
        let margin = 40 * LineImage.padding
        #expect(padded.topLeft == Point(x: 100 - margin, y: 50 - margin))
        #expect(padded.bottomRight == Point(x: 300 + margin, y: 90 + margin))
    }

    @Test func paddingFollowsATurnedLine() {
        // A line along the diagonal: its padding moves the corners along and across it.
        let line = Quadrilateral(topLeft: Point(x: 0, y: 0), topRight: Point(x: 30, y: 40),
                                 bottomRight: Point(x: 22, y: 46), bottomLeft: Point(x: -8, y: 6))
        let padded = LineImage.padded(line)
        #expect(abs(padded.topLeft.distance(to: padded.topRight) - (50 + 2 * 10 * LineImage.padding)) < 1e-9)
        #expect(abs(padded.topLeft.distance(to: padded.bottomLeft) - (10 + 2 * 10 * LineImage.padding)) < 1e-9)
    }

    @Test func turningFourQuartersGivesTheImageBack() {
        let image = GrayImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])
        #expect(image.turned(quarterTurns: 1) == GrayImage(width: 2, height: 3, pixels: [4, 1, 5, 2, 6, 3]))
        #expect(image.turned(quarterTurns: 2).pixels == [6, 5, 4, 3, 2, 1])
        #expect(image.turned(quarterTurns: 1).turned(quarterTurns: 3) == image)
    }

    /// A dark mark in a light page, cut out along a turned line, comes back to where it was,
    /// whichever way the line is turned to be read.
    /// A level line of dark stripes from (`left`, `top`) to (`right`, `bottom`) on a light
    /// 200×120 page, cut out.
    static func stripedLine(left: Int, top: Int, right: Int, bottom: Int) throws -> LineImage {
        var page = GrayImage(width: 200, height: 120, filledWith: 230)
        for y in top..<bottom { for x in left..<right where (x / 6) % 2 == 0 { page[x, y] = 20 } }
        let quad = Quadrilateral(topLeft: Point(x: Double(left), y: Double(top)), topRight: Point(x: Double(right), y: Double(top)),
                                 bottomRight: Point(x: Double(right), y: Double(bottom)), bottomLeft: Point(x: Double(left), y: Double(bottom)))
        return try #require(LineImage(quad, in: page))
    }

    @Test func aPointOfTheLineMapsBackToThePage() throws {
        let line = try Self.stripedLine(left: 20, top: 40, right: 180, bottom: 80)
        #expect(line.image.height == LineImage.targetHeight + 2 * LineImage.border)
        for turns in 0..<4 {
            let turned = line.image.turned(quarterTurns: turns)
            // The middle of the turned image is the middle of the line in the page, turned or not.
            let middle = line.pagePoint(x: Double(turned.width) / 2, y: Double(turned.height) / 2, quarterTurns: turns)
            #expect(abs(middle.x - 100) < 1 && abs(middle.y - 60) < 1, "turns \(turns): \(middle)")
        }
        // The prepared line's top-left corner, inside the border, is the padded line's corner.
        let corner = line.pagePoint(x: Double(LineImage.border), y: Double(LineImage.border), quarterTurns: 0)
        #expect(abs(corner.x - line.quadrilateral.topLeft.x) < 1e-6 && abs(corner.y - line.quadrilateral.topLeft.y) < 1e-6)
    }

    @Test func theLineWithoutItsBorderAboveAndBelowMapsBackToTheSamePlaces() throws {
        let line = try Self.stripedLine(left: 40, top: 50, right: 160, bottom: 70)
        let unbordered = try #require(line.image(.unbordered))
        #expect(unbordered.width == line.image.width)
        #expect(unbordered.height == line.image.height - 2 * LineImage.border)
        // The same pixel of the line: 8 rows lower in the bordered image.
        for (x, y) in [(20.0, 10.0), (60.0, 0.0), (90.0, 40.0)] {
            let without = line.pagePoint(x: x, y: y, quarterTurns: 0, preparation: .unbordered)
            let with = line.pagePoint(x: x, y: y + Double(LineImage.border), quarterTurns: 0)
            #expect(abs(without.x - with.x) < 1e-9 && abs(without.y - with.y) < 1e-9, "\(without) \(with)")
        }
        // Its top-left corner, inside the border along the line, is the padded line's corner.
        let corner = line.pagePoint(x: Double(LineImage.border), y: 0, quarterTurns: 0, preparation: .unbordered)
        #expect(abs(corner.x - line.quadrilateral.topLeft.x) < 1e-6 && abs(corner.y - line.quadrilateral.topLeft.y) < 1e-6)
    }

    @Test func binarisingMakesTheTextDarkOnWhiteEitherWayRound() {
        var light = GrayImage(width: 40, height: 20, filledWith: 220)
        for y in 8..<12 { for x in 10..<30 { light[x, y] = 30 } }
        var dark = light
        dark.pixels = dark.pixels.map { 255 - $0 }
        for image in [light, dark] {
            let binary = LineImage.binarized(image)
            #expect(binary[0, 0] == 255)
            #expect(binary[20, 10] == 0)
        }
    }

    @Test("a line's background evened out takes one threshold from shade to glare")
    func evenedBackgroundTakesOneThreshold() {
        // Shade on the left (background 110), glare on the right (250); strokes 70 darker.
        var line = GrayImage(width: 300, height: 56, filledWith: 0)
        for x in 0..<300 {
            let background = 110 + 140 * x / 299
            for y in 0..<56 {
                let stroke = x % 40 >= 20 && x % 40 < 26 && (13..<43).contains(y)
                line[x, y] = UInt8(stroke ? background - 70 : background)
            }
        }
        let evened = LineImage.backgroundEvened(line)
        #expect(evened.width == 300 && evened.height == 56)
        for image in [line, evened] {
            let binary = LineImage.binarized(image)
            let backgrounds = [(5, 28), (150, 5), (295, 28)].map { binary[$0.0, $0.1] }
            let strokes = [(22, 28), (142, 28), (262, 28)].map { binary[$0.0, $0.1] }
            // Without evening the shaded end falls on the text's side of the threshold.
            #expect((backgrounds == [255, 255, 255] && strokes == [0, 0, 0]) == (image == evened))
        }
    }
}

/// Photos are told from screenshots and scans by how flat their pixels are.
@Suite struct PhotoClassifierTests {
    @Test func aDrawnImageIsFlatAndANoisyOneIsNot() {
        var drawn = GrayImage(width: 100, height: 50, filledWith: 240)
        for y in 10..<20 { for x in 10..<90 { drawn[x, y] = 0 } }
        #expect(!PhotoClassifier.isPhoto(flatness: PhotoClassifier.flatness(of: drawn)))
        var generator = SystemRandomNumberGenerator()
        let noisy = GrayImage(width: 100, height: 50, pixels: (0..<5000).map { _ in UInt8.random(in: 100...140, using: &generator) })
        #expect(PhotoClassifier.isPhoto(flatness: PhotoClassifier.flatness(of: noisy)))
    }
}

/// A page on its side, told by its lines, and its boxes put back.
@Suite struct TurnedPageTests {
    static func line(width: Double, height: Double) -> DetectedTextLine {
        DetectedTextLine(quadrilateral: Quadrilateral(topLeft: Point(x: 0, y: 0), topRight: Point(x: width, y: 0),
                                                      bottomRight: Point(x: width, y: height), bottomLeft: Point(x: 0, y: height)),
                         score: 0.9)
    }

    @Test func mostlyUprightLinesMeanThePageLiesOnItsSide() {
        #expect(TurnedPage.liesOnItsSide([Self.line(width: 40, height: 300), Self.line(width: 40, height: 250)]))
        #expect(!TurnedPage.liesOnItsSide([Self.line(width: 300, height: 40), Self.line(width: 40, height: 100)]))
        #expect(!TurnedPage.liesOnItsSide([Self.line(width: 50, height: 50)]))
        #expect(!TurnedPage.liesOnItsSide([]))
    }

    /// A box read on the page turned a quarter clockwise lands where its text is in the page,
    /// with its reading-order corners starting at the bottom-left: unturned, the text reads upwards.
    @Test func aBoxGoesBackToTheUnturnedPage() {
        // The page is 300 wide and 900 tall; turned a quarter clockwise it is 900 × 300.
        var result = ImageResult(file: "p.png", width: 900, height: 300,
                                 boxes: [BoxResult(id: 0, rect: PixelRect(x: 60, y: 80, width: 360, height: 45), confidence: 90, text: "x")])
        TurnedPage.turnedBack(&result, quarterTurns: 1, width: 300, height: 900)
        #expect(result.width == 300 && result.height == 900)
        #expect(result.boxes[0].rect == PixelRect(x: 80, y: 480, width: 45, height: 360))
        #expect(result.boxes[0].polygon?.first == PixelPoint(x: 80, y: 840))
    }

    /// A box read at a slant on the turned page keeps its slant: its own corners are turned back,
    /// not its bounding rectangle's.
    @Test func aSlantedBoxKeepsItsCornersTurnedBack() {
        let corners = [PixelPoint(x: 60, y: 80), PixelPoint(x: 420, y: 100), PixelPoint(x: 418, y: 145), PixelPoint(x: 58, y: 125)]
        var box = BoxResult(id: 0, rect: PixelRect(x: 58, y: 80, width: 362, height: 65), confidence: 90, text: "x")
        box.polygon = corners
        var result = ImageResult(file: "p.png", width: 900, height: 300, boxes: [box])
        TurnedPage.turnedBack(&result, quarterTurns: 2, width: 900, height: 300)
        #expect(result.boxes[0].polygon == corners.map { PixelPoint(x: 900 - $0.x, y: 300 - $0.y) })
        #expect(result.boxes[0].rect == PixelRect(x: 480, y: 155, width: 362, height: 65))
    }
}
