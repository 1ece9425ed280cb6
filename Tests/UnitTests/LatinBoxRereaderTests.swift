import Testing
import TranslateModel
@testable import TextRecognition

/// Which `eng` readings replace a doubtful box of a page read without English data.
@Suite struct LatinBoxRereaderTests {
    private func box(_ text: String, _ confidence: Double) -> BoxResult {
        BoxResult(id: 0, rect: PixelRect(x: 0, y: 0, width: 40, height: 20), confidence: confidence, language: .thai, text: text)
    }
    private func reading(_ text: String, _ confidence: Double) -> RecognizedBox {
        RecognizedBox(rect: PixelRect(x: 0, y: 0, width: 40, height: 20), confidence: confidence, text: text, words: [], paragraph: 0)
    }

    @Test func aSureLatinReadingReplacesADoubtfulOne() {
        #expect(LatinBoxRereader.keeps(reading("OK", 95), over: box("เอ1เจ็", 61)))
        #expect(LatinBoxRereader.keeps(reading("87%", 95), over: box("879%", 64)))
        // Not sure enough, not far surer, the same text, or no Latin letter or digit.
        #expect(!LatinBoxRereader.keeps(reading("14:47,", 56), over: box("14.47", 41)))
        #expect(!LatinBoxRereader.keeps(reading("OK", 88), over: box("เอ1เจ็", 70)))
        #expect(!LatinBoxRereader.keeps(reading("14:47", 97), over: box("14:47", 47)))
        #expect(!LatinBoxRereader.keeps(reading("«>", 90), over: box("多 )", 34)))
    }
}
