import Foundation
@testable import ImageDecoding
@testable import PagePreparation
import Testing
@testable import TranslateModel
@testable import TesseractReading
@testable import TextRecognition
@testable import LanguageDetection
import TestSupport

/// Reads rendered screenshots the way `translate` does and bounds the character error rate.
///
/// Plain Tesseract (`--no-prepare`) reads these at 30–80% CER; the bounds are a little above
/// what the prepared pages read at today (BENCHMARKS.md, "OCR of screenshots"), so a
/// regression in preparation shows up here.
@Suite struct ScreenshotAccuracyTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    static let limits: [(image: String, languages: String, maximumCER: Double)] = [
        ("ko-chat-dark@1x.png", "kor+eng", 0.12),      // dark mode, light text, 13 px
        ("de-dialog@1x.png", "deu", 0.05),             // white text on coloured buttons, 13–14 px
        ("ja-settings-light@1x.png", "jpn", 0.12),     // a settings list, 11–13 px
        ("zh-CN-article@1x.png", "chi_sim", 0.20),     // two columns
        ("en-scan-rot90.png", "eng", 0.03),            // a page lying on its side
    ]

    private func read(_ image: String, languages: String, prepares: Bool = true) throws -> (text: String, result: ImageResult) {
        let settings = OCRSettings(languages: languages.split(separator: "+").map(String.init), prepares: prepares)
        let results = PageReader(settings: settings, inputReader: InputReader(), languages: OfflineBoxLanguages())
            .read(.file(TestPaths.screenshots.appendingPathComponent(image).path))
        let result = try #require(results.first)
        #expect(result.error == nil)
        return (result.boxes.map(\.text).joined(separator: "\n"), result)
    }

    private func truth(_ image: String) throws -> String {
        try String(contentsOf: TestPaths.screenshots.appendingPathComponent(image.replacingOccurrences(of: ".png", with: ".gt.txt")), encoding: .utf8)
    }

    @Test(arguments: limits)
    func readsScreenshotAccurately(_ image: String, languages: String, maximumCER: Double) throws {
        let (text, result) = try read(image, languages: languages)
        let rate = CharacterErrorRate.of(text, truth: try truth(image))
        #expect(rate <= maximumCER, "CER \(rate) read:\n\(text)")
        // Boxes stay inside the original image.
        let width = try #require(result.width), height = try #require(result.height)
        for box in result.boxes {
            #expect(box.rect.x >= 0 && box.rect.y >= 0 && box.rect.x + box.rect.width <= width && box.rect.y + box.rect.height <= height)
        }
        #expect(result.preparation != nil)
    }

    /// A phone's large bold title (34 points) is read as its line (bench/screenshots/large_text.py):
    /// - at 3× (102 px, strokes about 14 px wide), on a dark screen and a light one: before the
    ///   polarity's seed grew with the text, its strokes were taken for background;
    /// - Korean at 1×: layout analysis cut it across, `MA` over `그`, and its ink, 2.6 lines
    ///   tall, was too tall to be read again as a missed line;
    /// - Chinese at 3×: read again as a missed line, it read right but unsurely (53) until it
    ///   was read shrunk too.
    @Test(arguments: [("en-titled-dark@3x.png", "eng", "Settings"), ("fr-titled-light@3x.png", "fra", "Réglages"),
                      ("ko-titled-light@1x.png", "kor+eng", "설정"), ("zh-CN-titled-light@3x.png", "chi_sim", "设置")])
    func aPhonesLargeBoldTitleIsRead(_ image: String, languages: String, title: String) throws {
        let (text, _) = try read(image, languages: languages)
        #expect(text.split(separator: "\n").contains { $0 == title }, "read:\n\(text)")
    }

    @Test func preparedDarkScreenshotReadsFarBetterThanPlainTesseract() throws {
        let truth = try truth("ko-chat-dark@1x.png")
        let prepared = CharacterErrorRate.of(try read("ko-chat-dark@1x.png", languages: "kor+eng").text, truth: truth)
        let plain = CharacterErrorRate.of(try read("ko-chat-dark@1x.png", languages: "kor+eng", prepares: false).text, truth: truth)
        #expect(prepared * 2 <= plain, "prepared \(prepared), plain \(plain)")
    }

    /// The scan lying on its side, and the same scan turned upside down, read like the upright page.
    @Test func turnedPagesReadLikeTheUprightOne() throws {
        let data = try Data(contentsOf: TestPaths.screenshots.appendingPathComponent("en-scan-rot90.png"))
        let sideways = try #require(try ImageDecoder().decodePages(data).first?.image)
        let engine = try TesseractEngine(languages: ["eng"])
        let recognizer = PageRecognizer(engine: engine, settings: OCRSettings(languages: ["eng"]), engines: EngineCache(pageSegmentationMode: 3), languageDetector: OfflineLanguageDetector())
        func text(turnedBy turns: Int) throws -> (String, PreparationReport) {
            let image = try #require(GrayImage(sideways.pix)?.leptonicaImage()?.rotated(quarterTurns: turns))
            let page = try #require(image.pageImage())
            let (read, report, _) = try recognizer.read(page)
            return (read.lines.map(\.text).joined(separator: "\n"), report)
        }
        let (upright, uprightReport) = try text(turnedBy: 3)
        let (upsideDown, upsideDownReport) = try text(turnedBy: 1)
        let truth = try truth("en-scan-rot90.png")
        #expect(CharacterErrorRate.of(upright, truth: truth) < 0.03)
        #expect(!uprightReport.description.contains("turned"))
        #expect(CharacterErrorRate.of(upsideDown, truth: truth) < 0.03)
        #expect(upsideDownReport.description.contains("turned 180°"))
        let (sidewaysText, sidewaysReport) = try text(turnedBy: 0)
        #expect(CharacterErrorRate.of(sidewaysText, truth: truth) < 0.03)
        #expect(sidewaysReport.description.contains("turned 90°") || sidewaysReport.description.contains("turned 270°"))
    }

    /// The same scan as a sheet flattened out of a photo: read poorly as it lies, it is not
    /// turned and read again, since the photo's lines are read next and compete with it.
    @Test func aSheetOfAPhotoReadPoorlyIsNotRetried() throws {
        let data = try Data(contentsOf: TestPaths.screenshots.appendingPathComponent("en-scan-rot90.png"))
        let page = try #require(try ImageDecoder().decodePages(data).first?.image)
        let recognizer = PageRecognizer(engine: try TesseractEngine(languages: ["eng"]), settings: OCRSettings(languages: ["eng"]),
                                        engines: EngineCache(pageSegmentationMode: 3), languageDetector: OfflineLanguageDetector())
        let (asSheet, sheetReport, _) = try recognizer.read(page, sheetOfPhoto: true)
        #expect(sheetReport.turnedDegrees == nil, "\(sheetReport)")
        #expect(ReadingConfidence.mean(of: asSheet) < tuning.retryConfidence)
        let (_, pageReport, _) = try recognizer.read(page)
        #expect(pageReport.turnedDegrees == 90 || pageReport.turnedDegrees == 270, "\(pageReport)")
    }
}
