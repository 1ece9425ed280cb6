import Testing
@testable import ImageRendering
import TranslateModel

/// A page whose background colour at each pixel is `background(x, y)`, with dark bars standing
/// in for letters inside `letters`.
private func page(width: Int = 240, height: Int = 90, letters: PixelRect,
                  background: (Int, Int) -> (red: UInt8, green: UInt8, blue: UInt8)) -> PagePixels {
    var pixels = PagePixels(width: width, height: height, red: 0, green: 0, blue: 0)
    for y in 0..<height {
        for x in 0..<width {
            let offset = y * pixels.bytesPerRow + x * 4
            let inLetter = letters.x + 4 <= x && x < letters.x + letters.width - 4 && letters.y + 3 <= y
                && y < letters.y + letters.height - 3 && (x / 5) % 2 == 0
            let color = inLetter ? (red: 30, green: 30, blue: 30) : background(x, y)
            pixels.bytes[offset] = color.blue
            pixels.bytes[offset + 1] = color.green
            pixels.bytes[offset + 2] = color.red
        }
    }
    return pixels
}

@Suite struct BoxCoverFillTests {
    let letters = PixelRect(x: 50, y: 30, width: 140, height: 30)

    /// Covers the box over `letters` on a canvas of `pixels`, as the renderer does.
    private func cover(_ pixels: PagePixels) throws -> (fill: BoxCover.Fill, cover: BoxCover, drawn: PagePixels) {
        let frame = BoxFrame(BoxResult(id: 0, rect: letters, confidence: 90, text: "설정"))
        let cover = try #require(BoxCover(frame: frame, colors: BoxColors.of(letters, in: pixels), pixels: pixels))
        let canvas = Canvas(pixels)
        let fill = cover.fill(on: canvas)
        return (fill, cover, canvas.pixels)
    }

    /// Whether the pixel at (`x`, `y`) of `region` is masked.
    private func masked(_ cover: BoxCover, _ x: Int, _ y: Int) -> Bool {
        cover.mask[(y - cover.region.y) * cover.region.width + (x - cover.region.x)] != 0
    }

    @Test func aFlatSurroundIsBlendedToItsOwnColour() throws {
        let original = page(letters: letters) { _, _ in (red: 250, green: 245, blue: 232) }
        let (fill, cover, drawn) = try cover(original)
        #expect(fill == .blend)
        let region = cover.region
        for y in region.y..<(region.y + region.height) {
            for x in region.x..<(region.x + region.width) {
                let pixel = drawn.color(x: x, y: y)
                #expect(pixel.red == 250 && pixel.green == 245 && pixel.blue == 232, "(\(x), \(y)) is \(pixel)")
            }
        }
    }

    @Test func aGradientIsContinuedAcrossTheLetters() throws {
        // Shaded across and down: a blend along rows and columns continues a linear ramp.
        let original = page(letters: letters) { x, y in (red: UInt8(120 + x / 2), green: UInt8(200 - y), blue: 180) }
        let (fill, cover, drawn) = try cover(original)
        #expect(fill == .blend)
        var checked = 0
        for y in letters.y..<(letters.y + letters.height) {
            for x in letters.x..<(letters.x + letters.width) where masked(cover, x, y) {
                let pixel = drawn.color(x: x, y: y)
                #expect(abs(Int(pixel.red) - (120 + x / 2)) <= 2 && abs(Int(pixel.green) - (200 - y)) <= 2,
                        "(\(x), \(y)) is \(pixel), the ramp has red \(120 + x / 2), green \(200 - y)")
                checked += 1
            }
        }
        #expect(checked > 500, "the letters were not masked")
    }

    @Test func aTexturedSurroundIsInpaintedAndTheLettersGo() throws {
        // A rough, photo-like surface: neighbouring pixels differ by up to 40 per channel.
        let original = page(letters: letters) { x, y in
            let grain = UInt8((x * 7919 + y * 104_729) % 41)
            return (red: 160 + grain, green: 150 + grain, blue: 120 + grain)
        }
        let (fill, cover, drawn) = try cover(original)
        #expect(fill == .inpaint)
        for y in letters.y..<(letters.y + letters.height) {
            for x in letters.x..<(letters.x + letters.width) where masked(cover, x, y) {
                #expect(drawn.color(x: x, y: y).red > 120, "(\(x), \(y)) is still dark")
            }
        }
    }

    @Test func onlyMaskedPixelsChange() throws {
        let original = page(letters: letters) { x, y in (red: UInt8(120 + x / 2), green: UInt8(200 - y), blue: 180) }
        let (_, cover, drawn) = try cover(original)
        for y in 0..<original.height {
            for x in 0..<original.width where original.color(x: x, y: y) != drawn.color(x: x, y: y) {
                let inside = cover.region.x <= x && x < cover.region.x + cover.region.width
                    && cover.region.y <= y && y < cover.region.y + cover.region.height
                #expect(inside && masked(cover, x, y), "unmasked pixel (\(x), \(y)) changed")
            }
        }
    }

    @Test func roughnessTellsScreensFromPhotos() throws {
        let region = PixelRect(x: 10, y: 10, width: 40, height: 20)
        let mask = [UInt8](repeating: 0, count: region.width * region.height)
        let flat = Canvas(PagePixels(width: 60, height: 40, red: 30, green: 30, blue: 30))
        #expect(flat.surroundRoughness(region, mask: mask) == 0)
        // Alternate columns 10 apart in each channel: every pair across differs by 30, every pair down by 0.
        let striped = Canvas(page(width: 60, height: 40, letters: PixelRect(x: 0, y: 0, width: 0, height: 0)) { x, _ in
            x % 2 == 0 ? (red: 100, green: 100, blue: 100) : (red: 110, green: 110, blue: 110)
        })
        let roughness = try #require(striped.surroundRoughness(region, mask: mask))
        #expect(abs(roughness - 15) < 0.5, "roughness \(roughness)")
        let allMasked = [UInt8](repeating: 255, count: region.width * region.height)
        #expect(flat.surroundRoughness(region, mask: allMasked) == nil)
    }
}

@Suite struct InsideRunTests {
    /// The run must match testing every pixel of the row, for upright, turned and slanted boxes.
    @Test func aRowsRunIsThePixelsInside() {
        let polygons: [[Point]] = [
            [Point(x: 10.3, y: 5.2), Point(x: 70.8, y: 5.2), Point(x: 70.8, y: 30.6), Point(x: 10.3, y: 30.6)],
            [Point(x: 20, y: 4), Point(x: 75, y: 22), Point(x: 66, y: 49), Point(x: 11, y: 31)],
            // The same box wound the other way.
            [Point(x: 11, y: 31), Point(x: 66, y: 49), Point(x: 75, y: 22), Point(x: 20, y: 4)],
            [Point(x: 5, y: 10), Point(x: 60, y: 2.5), Point(x: 78, y: 40), Point(x: 2, y: 44.5)],
        ]
        for polygon in polygons {
            for row in 0..<52 {
                let expected = (0..<80).filter { contains(polygon, Point(x: Double($0) + 0.5, y: Double(row) + 0.5)) }
                let run = insideRun(of: polygon, row: row, from: 0, width: 80).map { Array($0) } ?? []
                #expect(run == expected, "row \(row) of \(polygon)")
            }
            // Offset and clipped to a window of the row.
            let window = insideRun(of: polygon, row: 20, from: 30, width: 20).map { Array($0) } ?? []
            let expected = (0..<20).filter { contains(polygon, Point(x: Double(30 + $0) + 0.5, y: 20.5)) }
            #expect(window == expected)
        }
    }
}

/// Growing the letters' marks: a square around each mark, cut off at the edges.
@Suite struct MarkDilationTests {
    @Test func aMarkGrowsIntoASquareClippedAtTheEdges() {
        let width = 6, height = 5
        var marks = [Bool](repeating: false, count: width * height)
        marks[2 * width + 2] = true
        marks[0 * width + 5] = true
        let grown = BoxCover.dilated(marks, width: width, height: height, by: 1)
        let expected = (0..<height).flatMap { y in
            (0..<width).map { x in (abs(x - 2) <= 1 && abs(y - 2) <= 1) || (x >= 4 && y <= 1) }
        }
        #expect(grown == expected)
        #expect(BoxCover.dilated(marks, width: width, height: height, by: 0) == marks)
    }
}
