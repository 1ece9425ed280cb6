import Testing
@testable import ImageRendering
import TranslateModel

/// A page with a gradient (so that a flat patch would show) and dark bars standing in for
/// letters inside `box`.
private func gradientPage(width: Int = 320, height: Int = 120, letters box: PixelRect) -> PagePixels {
    var pixels = PagePixels(width: width, height: height, red: 0, green: 0, blue: 0)
    for y in 0..<height {
        for x in 0..<width {
            let offset = y * pixels.bytesPerRow + x * 4
            let inLetter = box.x + 4 <= x && x < box.x + box.width - 4 && box.y + 3 <= y && y < box.y + box.height - 3 && (x / 5) % 2 == 0
            pixels.bytes[offset] = inLetter ? 30 : UInt8(150 + x * 100 / width)
            pixels.bytes[offset + 1] = inLetter ? 30 : UInt8(200 - y * 60 / height)
            pixels.bytes[offset + 2] = inLetter ? 30 : 230
        }
    }
    return pixels
}

private func changed(_ before: PagePixels, _ after: PagePixels) -> [(x: Int, y: Int)] {
    var points: [(Int, Int)] = []
    for y in 0..<before.height {
        for x in 0..<before.width where before.color(x: x, y: y) != after.color(x: x, y: y) { points.append((x, y)) }
    }
    return points
}

@Suite struct PictureRendererTests {
    let box = PixelRect(x: 40, y: 40, width: 200, height: 30)

    private func result(_ pixels: PagePixels, translation: String?, language: Language = .korean,
                        target: Language = .english, text: String = "설정") -> ImageResult {
        var result = ImageResult(file: "a.png", width: pixels.width, height: pixels.height, target: target,
                                 boxes: [BoxResult(id: 0, rect: box, confidence: 90, language: language, text: text, translation: translation)])
        result.pixels = pixels
        return result
    }

    @Test func onlyTheBoxAndItsMarginChange() throws {
        let original = gradientPage(letters: box)
        let drawn = try #require(PictureRenderer().translated(result(original, translation: "Datenschutzeinstellungen für Konten", target: .german)))
        let differences = changed(original, drawn)
        #expect(differences.count > 200, "the box was not redrawn")
        let margin = Int(BoxFrame(BoxResult(id: 0, rect: box, confidence: 0, text: "")).coverMargin)
        for point in differences {
            #expect(point.x >= box.x - margin && point.x < box.x + box.width + margin
                    && point.y >= box.y - margin && point.y < box.y + box.height + margin, "pixel \(point) outside the box changed")
        }
    }

    @Test func theLettersAreCoveredFromTheGradientAround() throws {
        let original = gradientPage(letters: box)
        // A translation of one short word leaves the right part of the box empty: there the
        // dark bars must be gone and the gradient continued, not a flat patch.
        let drawn = try #require(PictureRenderer().translated(result(original, translation: "Go")))
        for x in stride(from: box.x + 120, to: box.x + box.width - 6, by: 5) {
            let y = box.y + box.height / 2
            let pixel = drawn.color(x: x, y: y)
            let expectedBlue = Double(150 + x * 100 / original.width)
            #expect(abs(Double(pixel.blue) - expectedBlue) < 25, "column \(x): blue \(pixel.blue), the gradient has \(expectedBlue)")
            #expect(pixel.red > 150, "column \(x) still dark")
        }
    }

    @Test func boxesInTheTargetLanguageOrWithoutLettersStay() {
        let original = gradientPage(letters: box)
        let sameLanguage = PictureRenderer().translated(result(original, translation: "Settings!", language: .english, text: "Settings"))
        #expect(sameLanguage == original)
        let number = PictureRenderer().translated(result(original, translation: "12,000 won", text: "12,000"))
        #expect(number == original)
        #expect(PictureRenderer().translated(result(original, translation: nil)) == original)
    }

    @Test func thaiAndKoreanAreDrawnInsideTheirBoxes() throws {
        for (text, target) in [("การตั้งค่าความเป็นส่วนตัว", Language.thai), ("개인 정보 설정", .korean)] {
            let original = PagePixels(width: 320, height: 120, red: 255, green: 255, blue: 255)
            let drawn = try #require(PictureRenderer().translated(result(original, translation: text, language: .english,
                                                                         target: target, text: "Privacy settings")))
            let differences = changed(original, drawn)
            #expect(differences.count > 150, "\(target.code): nothing drawn")
            #expect(differences.allSatisfy { box.x - 2 <= $0.x && $0.x < box.x + box.width + 2 && box.y - 2 <= $0.y && $0.y < box.y + box.height + 2 })
        }
    }

    @Test func titlesAndButtonsStayCentredParagraphsDoNot() {
        func box(x: Int, width: Int) -> BoxResult {
            BoxResult(id: 0, rect: PixelRect(x: x, y: 10, width: width, height: 30), confidence: 90, text: "")
        }
        #expect(PictureRenderer.isCentered(box(x: 260, width: 200), pageWidth: 720))
        #expect(!PictureRenderer.isCentered(box(x: 60, width: 200), pageWidth: 720), "a line set from the left")
        #expect(!PictureRenderer.isCentered(box(x: 60, width: 600), pageWidth: 720), "a paragraph filling its column")
    }

    @Test func aTurnedBoxGetsTurnedText() throws {
        // A box of a photo, turned a quarter clockwise: its top edge runs down the page.
        let original = PagePixels(width: 200, height: 300, red: 255, green: 255, blue: 255)
        var result = ImageResult(file: "a.png", width: 200, height: 300, target: .english, boxes: [
            BoxResult(id: 0, rect: PixelRect(x: 80, y: 40, width: 40, height: 220), confidence: 90, language: .korean, text: "출구",
                      translation: "Exit here", polygon: [PixelPoint(x: 120, y: 40), PixelPoint(x: 120, y: 260),
                                                          PixelPoint(x: 80, y: 260), PixelPoint(x: 80, y: 40)]),
        ])
        result.pixels = original
        let drawn = try #require(PictureRenderer().translated(result))
        let points = changed(original, drawn)
        let top = try #require(points.map(\.y).min()), bottom = try #require(points.map(\.y).max())
        let left = try #require(points.map(\.x).min()), right = try #require(points.map(\.x).max())
        #expect(bottom - top > (right - left) * 2, "the text runs across the box instead of down it")
        #expect(left >= 76 && right <= 124)
    }
}
