import Foundation
@testable import ImageDecoding
import Testing
@testable import TranslateModel
@testable import TesseractReading
@testable import TextRecognition
@testable import LanguageDetection
@testable import TranslatePipeline
import TestSupport

/// Every box of real pages gets the right language.
@Suite struct BoxLanguageTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    private func read(_ path: String, languages: [String] = ["kor", "eng"]) throws -> ImageResult {
        var result = try #require(PageReader(settings: OCRSettings(languages: languages), inputReader: InputReader(), languages: OfflineBoxLanguages()).read(.file(path)).first)
        #expect(LanguagePlan().assign(&result) == nil)
        return result
    }

    @Test func mixedKoreanEnglishScreenshot() throws {
        let result = try read(TestPaths.fixture("mixed-screenshot.png"))
        #expect(result.source == .korean)
        for box in result.boxes where box.text.contains(where: \.isLetter) {
            let hangul = box.text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
            // Icons read as stray letters ("| 01", "@ 〉") carry no language worth naming.
            if box.confidence < 60 { continue }
            #expect(box.language == (hangul ? .korean : .english), "\(box.text)")
        }
    }

    @Test(.enabled(if: TestPaths.benchData != nil, "needs shared/bench-data beside the checkout"))
    func sixLanguagesOnOnePage() throws {
        let path = try #require(TestPaths.benchData).appendingPathComponent("images/tesseract/eurotext.tif").path
        let result = try read(path, languages: ["eng"])
        // Lines that end one language's sentence and start another's are split at the sentence end.
        #expect(result.boxes.map { $0.language?.code ?? "-" } == [
            "en", "en", "en", "en", "de", "de", "fr", "fr", "fr", "it", "it", "es", "es", "es", "pt", "pt",
        ])
        #expect(result.boxes.map(\.id) == Array(0..<16))
    }

    /// At paragraph level a sentence that runs onto a second line is read again line by line in
    /// its own language: read as one line it read as nothing, and the accents were lost.
    @Test(.enabled(if: TestPaths.benchData != nil, "needs shared/bench-data beside the checkout"))
    func paragraphsKeepTheirAccents() throws {
        let path = try #require(TestPaths.benchData).appendingPathComponent("images/tesseract/eurotext.tif").path
        let settings = OCRSettings(level: .paragraph, rereadByLanguage: true)
        let result = try #require(PageReader(settings: settings, inputReader: InputReader(), languages: OfflineBoxLanguages())
            .read(.file(path)).first)
        let text = result.boxes.map(\.text).joined(separator: "\n")
        for phrase in ["springt über den faulen Hund.", "El zorro marrón rápido", "o cão preguiçoso."] {
            #expect(text.contains(phrase), "\(phrase) not in \(text)")
        }
    }

    /// The same on a fixture, through the command: a paragraph in five languages whose sentences
    /// run onto the next line. Before, its German read "springt ber" and its Spanish lost every
    /// accent ("El zorro marron rapido") at paragraph level, while line level was right.
    @Test func paragraphLevelReadsLikeLineLevel() throws {
        let image = TestPaths.fixture("european-paragraph.png")
        let paragraphs = InProcessRun([image, "--ocr-only", "--level", "paragraph", "--format", "plain"])
        let lines = InProcessRun([image, "--ocr-only", "--format", "plain"])
        #expect(paragraphs.exitCode == 0 && lines.exitCode == 0)
        for sentence in ["Der schnelle braune Fuchs springt über den faulen Hund.", "El zorro marrón rápido salta sobre el perro perezoso.",
                         "A raposa marrom rápida salta sobre o cão preguiçoso."] {
            #expect(paragraphs.standardOutput.contains(sentence), "\(sentence) not in \(paragraphs.standardOutput)")
        }
        // The same words, only joined into paragraphs.
        #expect(paragraphs.standardOutput.split(whereSeparator: \.isWhitespace) == lines.standardOutput.split(whereSeparator: \.isWhitespace))
    }

    @Test func boxesAreReadAgainInTheirOwnLanguage() throws {
        // kor+eng drops Spanish accents ("Mafiana"); the re-read with spa restores them.
        let truth = try String(contentsOf: TestPaths.fixtures.appendingPathComponent("spanish-screenshot.gt.txt"), encoding: .utf8)
        let settings = OCRSettings(rereadByLanguage: true)
        let result = try #require(PageReader(settings: settings, inputReader: InputReader(), languages: OfflineBoxLanguages()).read(.file(TestPaths.fixture("spanish-screenshot.png"))).first)
        let text = result.boxes.map(\.text).joined(separator: "\n")
        #expect(text.contains("Mañana habrá lluvia"))
        #expect(CharacterErrorRate.of(text, truth: truth) < 0.01, "\(text)")
        let firstPass = try #require(PageReader(settings: OCRSettings(), inputReader: InputReader(), languages: OfflineBoxLanguages()).read(.file(TestPaths.fixture("spanish-screenshot.png"))).first)
        #expect(CharacterErrorRate.of(firstPass.boxes.map(\.text).joined(separator: "\n"), truth: truth) > 0.03)
    }

    @Test func sentencesInTwoLanguagesBecomeTwoBoxes() {
        let words = ["über", "den", "faulen", "Hund.", "Le", "renard", "brun"].enumerated().map { index, text in
            RecognizedWord(rect: PixelRect(x: index * 50, y: 10, width: 40, height: 20), confidence: 90, text: text)
        }
        let box = BoxResult(id: 0, rect: PixelRect(x: 0, y: 10, width: 340, height: 20), confidence: 90,
                            text: words.map(\.text).joined(separator: " "), paragraph: 3, words: words)
        let parts = SentenceSplitter.split(box, detector: OfflineLanguageDetector())
        #expect(parts.map(\.text) == ["über den faulen Hund.", "Le renard brun"])
        #expect(parts.map(\.rect) == [PixelRect(x: 0, y: 10, width: 190, height: 20), PixelRect(x: 200, y: 10, width: 140, height: 20)])
        #expect(parts.allSatisfy { $0.paragraph == 3 })
        // One language throughout: kept whole.
        let english = BoxResult(id: 0, rect: box.rect, confidence: 90, text: "It works. Really well",
                                words: "It works. Really well".split(separator: " ").map {
                                    RecognizedWord(rect: PixelRect(x: 0, y: 0, width: 1, height: 1), confidence: 90, text: String($0))
                                })
        #expect(SentenceSplitter.split(english, detector: OfflineLanguageDetector()).count == 1)
    }

    @Test func shortBoxesLeanOnThePage() {
        var result = ImageResult(file: "x", boxes: [
            BoxResult(id: 0, rect: PixelRect(x: 0, y: 0, width: 1, height: 1), confidence: 90, text: "Mañana habrá lluvia por la tarde y viento"),
            BoxResult(id: 1, rect: PixelRect(x: 0, y: 0, width: 1, height: 1), confidence: 90, text: "Ver pronéstico semanal"),
            BoxResult(id: 2, rect: PixelRect(x: 0, y: 0, width: 1, height: 1), confidence: 90, text: "12:30"),
        ])
        BoxLanguages.assign(&result, detector: OfflineLanguageDetector(), forced: nil)
        #expect(result.boxes.map(\.language) == [.spanish, .spanish, nil])
        #expect(result.source == .spanish)
        BoxLanguages.assign(&result, detector: OfflineLanguageDetector(), forced: .italian)
        #expect(result.boxes.allSatisfy { $0.language == .italian })
    }
}
