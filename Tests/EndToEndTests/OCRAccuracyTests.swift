import Foundation
@testable import ImageDecoding
import Testing
@testable import TesseractReading
@testable import TextRecognition
@testable import LanguageDetection
import TestSupport
import TranslateModel

/// Reads every fixture with Tesseract through our pipeline and compares with its ground truth.
@Suite struct OCRAccuracyTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    /// Upper bounds on the character error rate, a little above what Tesseract 5.3 reads today
    /// (docs/experiments/screenshot-ocr.md, "The fixtures and the shared images"), so that a
    /// regression in how we drive it shows up here.
    static let limits: [(fixture: String, maximumCER: Double)] = [
        ("english-page.png", 0.01),
        ("korean-menu.png", 0.06),
        ("mixed-screenshot.png", 0.12),
        ("spanish-screenshot.png", 0.09),
        ("dark-korean.png", 0.02),
    ]

    @Test(arguments: limits)
    func readsFixtureAccurately(_ fixture: String, maximumCER: Double) throws {
        let truth = try String(contentsOf: TestPaths.fixtures.appendingPathComponent(fixture.replacingOccurrences(of: ".png", with: ".gt.txt")), encoding: .utf8)
        let reader = PageReader(settings: OCRSettings(), inputReader: InputReader(), languages: OfflineBoxLanguages())
        let results = reader.read(.file(TestPaths.fixture(fixture)))
        #expect(results.count == 1)
        let result = try #require(results.first)
        #expect(result.error == nil)
        let text = result.boxes.map(\.text).joined(separator: "\n")
        let rate = CharacterErrorRate.of(text, truth: truth)
        #expect(rate <= maximumCER, "CER \(rate) read:\n\(text)")
    }

    @Test func boxesLieInsideThePage() throws {
        let reader = PageReader(settings: OCRSettings(), inputReader: InputReader(), languages: OfflineBoxLanguages())
        let result = try #require(reader.read(.file(TestPaths.fixture("korean-menu.png"))).first)
        let width = try #require(result.width), height = try #require(result.height)
        #expect(result.boxes.count >= 8)
        #expect(result.boxes.map(\.id) == Array(0..<result.boxes.count))
        for box in result.boxes {
            #expect(box.rect.x >= 0 && box.rect.y >= 0 && box.rect.width > 0 && box.rect.height > 0)
            #expect(box.rect.x + box.rect.width <= width && box.rect.y + box.rect.height <= height)
            #expect((0...100).contains(box.confidence))
            #expect(!box.words.isEmpty)
        }
        #expect(result.boxes.contains { $0.text.contains("비빔밥") && $0.text.contains("(Bibimbap)") })
    }

    @Test func paragraphsGatherTheirLines() throws {
        let lines = try #require(PageReader(settings: OCRSettings(languages: ["eng"]), inputReader: InputReader(), languages: OfflineBoxLanguages())
            .read(.file(TestPaths.fixture("english-page.png"))).first)
        let paragraphs = try #require(PageReader(settings: OCRSettings(languages: ["eng"], level: .paragraph), inputReader: InputReader(), languages: OfflineBoxLanguages())
            .read(.file(TestPaths.fixture("english-page.png"))).first)
        #expect(paragraphs.boxes.count >= 2)
        #expect(paragraphs.boxes.count < lines.boxes.count)
        // Every line lies inside the paragraph it names, and paragraphs hold all the text.
        for line in lines.boxes {
            let paragraph = paragraphs.boxes[line.paragraph].rect
            #expect(line.rect.y >= paragraph.y && line.rect.y + line.rect.height <= paragraph.y + paragraph.height)
        }
        #expect(CharacterErrorRate.normalize(paragraphs.boxes.map(\.text).joined(separator: " "))
                == CharacterErrorRate.normalize(lines.boxes.map(\.text).joined(separator: " ")))
    }

    @Test func readsEveryPageOfATIFF() throws {
        let results = PageReader(settings: OCRSettings(languages: ["eng"]), inputReader: InputReader(), languages: OfflineBoxLanguages())
            .read(.file(TestPaths.fixture("english-two-pages.tif")))
        #expect(results.map(\.page) == [1, 2])
        for result in results {
            let truth = try String(contentsOf: TestPaths.fixtures.appendingPathComponent("english-two-pages.page\(result.page).gt.txt"), encoding: .utf8)
            #expect(CharacterErrorRate.of(result.boxes.map(\.text).joined(separator: "\n"), truth: truth) < 0.05)
        }
    }

    /// The boxes' texts of `fixture` read with `languages`, page by page.
    private func pageTexts(_ fixture: String, languages: [String]) -> [[String]] {
        PageReader(settings: OCRSettings(languages: languages), inputReader: InputReader(), languages: OfflineBoxLanguages())
            .read(.file(TestPaths.fixture(fixture))).map { $0.boxes.map(\.text) }
    }

    @Test func readsAHEICPhotoLikeItsPNGOriginal() {
        let heic = pageTexts("english-page.heic", languages: ["eng"])
        #expect(heic.count == 1)
        #expect(heic == pageTexts("english-page.png", languages: ["eng"]))
    }

    @Test func readsEveryPageOfAPDFLikeItsPNGOriginals() throws {
        let results = PageReader(settings: OCRSettings(languages: ["eng", "spa"]), inputReader: InputReader(), languages: OfflineBoxLanguages())
            .read(.file(TestPaths.fixture("english-spanish-pages.pdf")))
        #expect(results.map(\.page) == [1, 2])
        #expect(results.allSatisfy { $0.error == nil })
        let originals = pageTexts("english-page.png", languages: ["eng", "spa"]) + pageTexts("spanish-screenshot.png", languages: ["eng", "spa"])
        #expect(results.map { $0.boxes.map(\.text) } == originals)
        #expect(results.contains { $0.boxes.contains { $0.text.contains("Mañana habrá lluvia") } })
    }

    @Test func missingLanguageNamesItsPackage() {
        #expect(throws: OCRError.languagesNotInstalled(["zzz"])) { try TesseractEngine(languages: ["eng", "zzz"]) }
        #expect(OCRError.languagesNotInstalled(["chi_sim"]).description
                == "tesseract language not installed: chi_sim (install with: apt-get install tesseract-ocr-chi-sim)")
    }

    @Test func oneHandleReadsManyPagesAlike() throws {
        let engine = try TesseractEngine(languages: ["kor", "eng"])
        let data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("korean-menu.png"))
        let page = try #require(try ImageDecoder().decodePages(data).first?.image)
        let first = try engine.recognize(page)
        let second = try engine.recognize(page)
        #expect(first == second)
    }
}
