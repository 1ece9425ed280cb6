import Foundation
@testable import ImageDecoding
@testable import PagePreparation
import Testing
@testable import TesseractReading
@testable import TextRecognition
@testable import LanguageDetection
import TestSupport
import TranslateModel

/// With no `--ocr-lang`, Chinese and Japanese screenshots are read with their own data, about as
/// well as with the right languages given by hand.
@Suite struct AutomaticLanguagesTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    private func text(_ image: String, settings: OCRSettings) throws -> (text: String, report: PreparationReport) {
        let results = PageReader(settings: settings, inputReader: InputReader(), languages: OfflineBoxLanguages())
            .read(.file(TestPaths.screenshots.appendingPathComponent(image).path))
        let result = try #require(results.first)
        #expect(result.error == nil)
        return (result.boxes.map(\.text).joined(separator: "\n"), result.preparation ?? PreparationReport())
    }

    private func truth(_ image: String) throws -> String {
        try String(contentsOf: TestPaths.screenshots.appendingPathComponent(image.replacingOccurrences(of: ".png", with: ".gt.txt")), encoding: .utf8)
    }

    @Test(arguments: [("ja-settings-light@1x.png", "jpn"), ("zh-CN-article@1x.png", "chi_sim")])
    func readsLikeTheHandGivenLanguage(_ image: String, data: String) throws {
        let truth = try truth(image)
        let automatic = try text(image, settings: OCRSettings(rereadByLanguage: true))
        let byHand = try text(image, settings: OCRSettings(languages: [data]))
        let automaticRate = CharacterErrorRate.of(automatic.text, truth: truth)
        let handRate = CharacterErrorRate.of(byHand.text, truth: truth)
        #expect({ if case .hanText(let choice)? = automatic.report.languageChoice { choice.data == data } else { false } }(),
                "\(automatic.report)")
        #expect(automaticRate <= handRate + 0.01, "automatic \(automaticRate), by hand \(handRate):\n\(automatic.text)")
    }

    /// A Spanish settings list: `spa+eng` reads `Sí`, `Automático`, `Español` and `Batería` with
    /// `eng`'s model and without their accents; read again with `spa` alone they have them, and
    /// the page reads better than with `-l spa+eng`.
    @Test func spanishWordsKeepTheirAccents() throws {
        let image = "es-settings-light@1x.png"
        let truth = try truth(image)
        let automatic = try text(image, settings: OCRSettings(rereadByLanguage: true))
        let byHand = try text(image, settings: OCRSettings(languages: ["spa", "eng"]))
        for word in ["Sí", "Automático", "Español", "Batería"] {
            #expect(automatic.text.contains(word), "\(automatic.text)")
        }
        #expect(!byHand.text.contains("Automático"), "\(byHand.text)")
        #expect(CharacterErrorRate.of(automatic.text, truth: truth) < CharacterErrorRate.of(byHand.text, truth: truth))
    }

    /// A Thai dialog is read with `tha` alone, which reads its `OK` button as Thai letters it is
    /// unsure of; read again with `eng` it is `OK`, and English.
    @Test func aLatinButtonOnAThaiPageIsReadWithEnglishData() throws {
        let results = PageReader(settings: OCRSettings(rereadByLanguage: true), inputReader: InputReader(), languages: OfflineBoxLanguages())
            .read(.file(TestPaths.screenshots.appendingPathComponent("th-dialog@1x.png").path))
        let boxes = try #require(results.first).boxes
        let button = try #require(boxes.last, "\(boxes.map(\.text))")
        #expect(button.text == "OK" && button.language == .english, "\(boxes.map(\.text))")
        #expect(boxes.dropLast().allSatisfy { $0.language == .thai }, "\(boxes.map(\.text))")
    }

    /// A Japanese page upside down: `kor+eng` reads the turned page no better, but `jpn` does.
    @Test func turnedJapanesePageIsReadUpright() throws {
        let data = try Data(contentsOf: TestPaths.screenshots.appendingPathComponent("ja-settings-light@1x.png"))
        let page = try #require(try ImageDecoder().decodePages(data).first?.image)
        let turned = try #require(GrayImage(page.pix)?.leptonicaImage()?.rotated(quarterTurns: 2)?.pageImage())
        let recognizer = PageRecognizer(engine: try TesseractEngine(languages: ["kor", "eng"]),
                                        settings: OCRSettings(rereadByLanguage: true),
                                        engines: EngineCache(pageSegmentationMode: 3), languageDetector: OfflineLanguageDetector())
        let (read, report, languages) = try recognizer.read(turned)
        #expect(languages == ["jpn"], "\(report)")
        #expect(report.turnedDegrees == 180, "\(report)")
        let text = read.lines.map(\.text).joined(separator: "\n")
        #expect(CharacterErrorRate.of(text, truth: try truth("ja-settings-light@1x.png")) < 0.12, "\(text)")
    }
}
