import Testing
import TranslateModel
@testable import TesseractReading
@testable import TextRecognition

/// The one mean confidence and the one count of surely read characters that readings are
/// compared by.
@Suite struct ReadingConfidenceTests {
    private func word(_ text: String, _ confidence: Double) -> RecognizedWord {
        RecognizedWord(rect: PixelRect(x: 0, y: 0, width: 10, height: 10), confidence: confidence, text: text)
    }

    /// Words count by their length, boxes by their text's; nothing read means 0.
    @Test func theMeanIsWeightedByLength() {
        #expect(ReadingConfidence.mean(of: [word("Settings", 90), word("OK", 40)]) == 80)
        let boxes = [BoxResult(id: 0, rect: PixelRect(x: 0, y: 0, width: 10, height: 10), confidence: 90, text: "Wi-Fi on"),
                     BoxResult(id: 1, rect: PixelRect(x: 0, y: 0, width: 10, height: 10), confidence: 40, text: "OK")]
        #expect(ReadingConfidence.mean(of: boxes) == 80)
        #expect(ReadingConfidence.mean(of: [RecognizedWord]()) == 0)
        #expect(ReadingConfidence.mean(of: [word("", 90)]) == 0)
        #expect(ReadingConfidence.mean(of: [word("Settings", 90), word("OK", 40)], confidence: \.confidence, weight: { _ in 1 }) == 65)
    }

    /// Only words read at the retry confidence or better count, by their characters.
    @Test func confidentCharactersCountSurelyReadWords() {
        let words = [word("Settings", tuning.retryConfidence), word("Wi-Fi", 69.9), word("OK", 95)]
        #expect(ReadingConfidence.confidentCharacters(in: words) == 10)
    }
}
