import TesseractReading
import Testing
import TranslateModel
@testable import TextRecognition

/// Which boxes of a page read without English data are read with `eng`, and which of its
/// readings replace them.
@Suite struct LatinRereadRuleTests {
    private let rule = LatinRereadRule(firstPass: ["tha"])

    private func box(_ text: String, _ confidence: Double) -> BoxResult {
        BoxResult(id: 0, rect: PixelRect(x: 0, y: 0, width: 40, height: 20), confidence: confidence, language: .thai, text: text)
    }
    private func reading(_ text: String, _ confidence: Double) -> RecognizedBox {
        RecognizedBox(rect: PixelRect(x: 0, y: 0, width: 40, height: 20), confidence: confidence, text: text, words: [], paragraph: 0)
    }

    /// Only doubtful boxes, and only on pages whose data lacked `eng`.
    @Test func doubtfulBoxesOfPagesReadWithoutEnglishAreReadWithIt() {
        #expect(rule.data(for: box("เอ1เจ็", 61), wordLists: FakeWordLists(data: [], words: [])) == ["eng"])
        #expect(rule.data(for: box("ตั้งค่า", 91), wordLists: FakeWordLists(data: [], words: [])) == nil)
        #expect(LatinRereadRule(firstPass: ["kor", "eng"]).data(for: box("OK", 40), wordLists: FakeWordLists(data: [], words: [])) == nil)
    }

    @Test func aSureLatinReadingReplacesADoubtfulOne() {
        #expect(rule.accepts(reading("OK", 95), over: box("เอ1เจ็", 61)))
        #expect(rule.accepts(reading("87%", 95), over: box("879%", 64)))
        // Not sure enough, not far surer, the same text, or no Latin letter or digit.
        #expect(!rule.accepts(reading("14:47,", 56), over: box("14.47", 41)))
        #expect(!rule.accepts(reading("OK", 88), over: box("เอ1เจ็", 70)))
        #expect(!rule.accepts(reading("14:47", 97), over: box("14:47", 47)))
        #expect(!rule.accepts(reading("«>", 90), over: box("多 )", 34)))
        #expect(rule.decision(for: box("เอ1เจ็", 61), readings: [reading("OK", 95)]) != .keep)
        #expect(rule.decision(for: box("เอ1เจ็", 61), readings: [nil]) == .keep)
    }

    /// A price whose sign the page's data lacks gets it back from `eng` however unsure `eng`
    /// is, as long as the figures are the same; other changes to figures need a sure reading.
    @Test func aCurrencySignAddedToTheSameFiguresIsTaken() {
        #expect(rule.accepts(reading("¥199", 55), over: box("199", 0)))
        #expect(rule.accepts(reading("€ 4,90", 40), over: box("4,90", 20)))
        #expect(!rule.accepts(reading("¥198", 55), over: box("199", 0)))
        #expect(!rule.accepts(reading("¥199", 55), over: box("蓝牙 199", 30)))
        #expect(!rule.accepts(reading("199", 55), over: box("199", 0)))
        #expect(LatinRereadRule.addsCurrencySign("$12.50", to: "12.50"))
        #expect(!LatinRereadRule.addsCurrencySign("¥", to: ","))
    }
}
