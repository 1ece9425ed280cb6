import Foundation
@testable import ImageDecoding
@testable import PagePreparation
import Testing
@testable import TesseractReading
@testable import TextRecognition
import TestSupport

/// Only small text is enlarged, and only as far as Tesseract needs.
@Suite struct TextSizeTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    /// A white page with rows of letter-sized dark blocks `height` px tall.
    private func page(letterHeight height: Int) -> GrayImage {
        var image = GrayImage(width: 600, height: 400, filledWith: 255)
        var y = 10
        while y + height < 390 {
            var x = 10
            while x + height < 590 {
                for row in y..<(y + height) {
                    for column in x..<(x + max(2, height / 2)) { image[column, row] = 0 }
                }
                x += height
            }
            y += height * 2
        }
        return image
    }

    @Test func smallTextIsEnlarged() {
        let size = TextSize.measure(page(letterHeight: 9))
        #expect(size.textHeight == 9)
        #expect(size.scaleFactor(tuning.preparation) == 3)
    }

    @Test func largeTextKeepsItsSize() {
        #expect(TextSize.measure(page(letterHeight: 30)).scaleFactor(tuning.preparation) == 1)
        #expect(TextSize.measure(page(letterHeight: 18)).scaleFactor(tuning.preparation) == 1)
    }

    @Test func blankPageKeepsItsSize() {
        #expect(TextSize.measure(GrayImage(width: 50, height: 50, filledWith: 255)).scaleFactor(tuning.preparation) == 1)
    }

    @Test func hangulPartsAreMeasuredAsWholeSyllables() {
        // ㄱ over ㅇ: two shapes 5 and 4 px tall, 1 px apart, read as one 10 px syllable.
        let shapes = [ConnectedShapes.Box(x: 0, y: 0, width: 8, height: 5, pixelCount: 12),
                      ConnectedShapes.Box(x: 1, y: 6, width: 7, height: 4, pixelCount: 10),
                      ConnectedShapes.Box(x: 0, y: 30, width: 8, height: 5, pixelCount: 12)]
        let joined = TextSize.stacked(shapes)
        #expect(joined.count == 2)
        #expect(joined.contains { $0.y == 0 && $0.height == 10 })
    }

    @Test func rendered1xScreenshotIsEnlargedAnd2xIsNot() throws {
        // Keep each page alive while its pixels are read.
        let smallPage = try decoded("ja-settings-light@1x.png")
        let small = try #require(GrayImage(smallPage.pix))
        #expect(TextSize.measure(PolarityNormalizer().normalize(small).image).scaleFactor(tuning.preparation) >= 2)
        let largePage = try decoded("en-scan-rot90.png")
        let large = try #require(GrayImage(largePage.pix))
        #expect(TextSize.measure(PolarityNormalizer().normalize(large).image).scaleFactor(tuning.preparation) == 1)
    }

    private func decoded(_ name: String) throws -> PageImage {
        let data = try Data(contentsOf: TestPaths.screenshots.appendingPathComponent(name))
        return try #require(try ImageDecoder().decodePages(data).first?.image)
    }
}
