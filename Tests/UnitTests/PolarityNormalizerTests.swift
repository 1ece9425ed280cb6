import Foundation
@testable import ImageDecoding
@testable import PagePreparation
import Testing
@testable import TesseractReading
@testable import TranslateModel
@testable import TextRecognition
import TestSupport

/// A dark page with a light panel, a mid-grey button with white text and light text on the
/// page itself must all come out as dark text on white.
@Suite struct PolarityNormalizerTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    /// Fills `rect` of `image` with `value`.
    private func fill(_ image: inout GrayImage, _ x: Int, _ y: Int, _ width: Int, _ height: Int, _ value: UInt8) {
        for row in y..<(y + height) {
            for column in x..<(x + width) { image[column, row] = value }
        }
    }

    /// Letter-like strokes: vertical bars 2 px wide, 12 px tall, 6 px apart.
    private func strokes(_ image: inout GrayImage, x: Int, y: Int, count: Int, value: UInt8) {
        for index in 0..<count { fill(&image, x + index * 6, y, 2, 12, value) }
    }

    private func syntheticScreen() -> GrayImage {
        var image = GrayImage(width: 320, height: 240, filledWith: 18)          // dark page
        strokes(&image, x: 20, y: 20, count: 10, value: 236)                     // light text on it
        fill(&image, 20, 60, 280, 80, 245)                                       // a light panel
        strokes(&image, x: 40, y: 90, count: 12, value: 30)                      // dark text on the panel
        fill(&image, 20, 170, 200, 44, 100)                                      // a mid-grey button
        strokes(&image, x: 50, y: 186, count: 10, value: 255)                    // white text on it
        return image
    }

    @Test func everyTextComesOutDarkOnWhite() {
        let result = PolarityNormalizer().normalize(syntheticScreen())
        let out = result.image
        // Text strokes, whatever their own colour, are dark.
        #expect(out[20, 25] < 80)   // light text on the dark page
        #expect(out[40, 95] < 80)   // dark text on the light panel
        #expect(out[50, 190] < 80)  // white text on the grey button
        // Backgrounds are white: the page, the panel, the button.
        #expect(out[200, 30] > 220)
        #expect(out[250, 100] > 220)
        #expect(out[180, 200] > 220)
        // The panel's and the button's edges are not drawn as lines.
        #expect(out[20, 100] > 200 && out[300, 100] > 200 && out[120, 170] > 200)
        #expect(result.lightTextShare > 0.3 && result.lightTextShare < 0.9)
        #expect(result.darkBackgroundShare > 0.2)
        #expect(result.regionCount == 3)
    }

    @Test func plainDarkOnLightPageIsLeftAsItIs() {
        var image = GrayImage(width: 200, height: 100, filledWith: 250)
        strokes(&image, x: 20, y: 20, count: 20, value: 20)
        let result = PolarityNormalizer().normalize(image)
        #expect(result.lightTextShare == 0)
        #expect(result.darkBackgroundShare == 0)
        let prepared = PagePreparer(tuning: tuning.preparation).prepare(image, map: CoordinateMap(width: 200, height: 100), report: PreparationReport())
        #expect(prepared?.usedNormalized == false)
    }

    @Test func darkPageIsNormalised() {
        let prepared = PagePreparer(tuning: tuning.preparation).prepare(syntheticScreen(), map: CoordinateMap(width: 320, height: 240), report: PreparationReport())
        #expect(prepared?.usedNormalized == true)
        #expect({ if case .madeDarkOnWhite? = prepared?.report.steps.first { true } else { false } }(), "\(prepared?.report.description ?? "")")
    }

    /// A page at 3×: body text 27 px tall on a dark page, a light panel with the same text 30 px
    /// from its edges, and a white title whose strokes are 14 px wide. With the 9-pixel seed the
    /// title's strokes were taken for background; with the seed grown for the page's text they
    /// are text, and the panel is still a background.
    private func titledPage() -> GrayImage {
        var image = GrayImage(width: 640, height: 420, filledWith: 18)
        for index in 0..<6 { fill(&image, 20 + index * 40, 20, 14, 100, 250) }            // the title
        for row in 0..<2 {
            for index in 0..<24 { fill(&image, 20 + index * 16, 160 + row * 50, 5, 27, 240) }  // body text
        }
        fill(&image, 20, 270, 600, 130, 245)                                             // a light panel
        for index in 0..<30 { fill(&image, 50 + index * 16, 300, 5, 27, 30) }             // its text
        return image
    }

    @Test func aLargeBoldTitlesStrokesAreTextOnAPageOfLargeText() throws {
        let image = titledPage()
        let asBefore = PolarityNormalizer().normalize(image)
        #expect(asBefore.image[27, 70] > 200, "the title's stroke was background before")
        let prepared = try #require(PagePreparer(tuning: tuning.preparation)
            .prepare(image, map: CoordinateMap(width: 640, height: 420), report: PreparationReport()))
        #expect(prepared.usedNormalized)
        #expect(prepared.normalized[27, 70] < 80, "the title's stroke is text")
        #expect(prepared.normalized[52, 310] < 80, "the panel's text is text")
        #expect(prepared.normalized[300, 280] > 220, "the panel is a background")
        #expect(prepared.normalized[600, 60] > 220, "the page is a background")
    }

    /// Narrowing the regions found with the small seed gives what normalising afresh with the
    /// larger seed gives, on the titled page and on a 3× screenshot with a title.
    @Test func narrowingTheRegionsIsNormalisingWithTheLargerSeed() throws {
        let data = try Data(contentsOf: TestPaths.screenshots.appendingPathComponent("en-titled-dark@3x.png"))
        let page = try #require(try ImageDecoder().decodePages(data).first?.image)
        let screenshot = try #require(GrayImage(page.pix))
        for image in [titledPage(), screenshot] {
            let regions = try #require(PolarityNormalizer().normalizeKeepingRegions(image).regions)
            let narrowed = try #require(PolarityNormalizer().narrowed(regions, of: image, seedRadius: 8))
            var wide = PolarityNormalizer()
            wide.seedRadius = 8
            let afresh = wide.normalize(image)
            #expect(narrowed.image == afresh.image && narrowed.readingImage == afresh.readingImage)
            #expect(narrowed.lightTextShare == afresh.lightTextShare && narrowed.darkBackgroundShare == afresh.darkBackgroundShare)
            #expect(narrowed.backgroundShare == afresh.backgroundShare && narrowed.regionCount == afresh.regionCount)
        }
        // A page whose every background holds the larger seed is left as it was.
        let plain = try #require(PolarityNormalizer().normalizeKeepingRegions(syntheticScreen()).regions)
        #expect(PolarityNormalizer().narrowed(plain, of: syntheticScreen(), seedRadius: 5) == nil)
    }

    @Test func theSeedGrowsWithTheTextOnlyBeyondItsHeight() {
        let normalizer = PolarityNormalizer()
        #expect(normalizer.seedRadius(forTextHeight: nil) == nil)
        #expect(normalizer.seedRadius(forTextHeight: 14) == nil)
        #expect(normalizer.seedRadius(forTextHeight: 17) == nil)  // 4 × 17 / 14 rounds down to 4
        #expect(normalizer.seedRadius(forTextHeight: 27) == 7)
        #expect(normalizer.seedRadius(forTextHeight: 56) == 16)
    }
}
