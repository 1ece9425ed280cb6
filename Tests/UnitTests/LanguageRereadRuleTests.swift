import TesseractReading
import Testing
import TranslateModel
@testable import TextRecognition

/// Which boxes are read again with their own language's data, and which readings replace them.
@Suite struct LanguageRereadRuleTests {
    private let rule = LanguageRereadRule(firstPass: ["kor", "eng"])
    private let noWords = FakeWordLists(data: [], words: [])

    private func word(_ text: String, x: Int, y: Int = 0) -> RecognizedWord {
        RecognizedWord(rect: PixelRect(x: x, y: y, width: 50, height: 20), confidence: 80, text: text)
    }
    private func box(_ text: String, _ confidence: Double, language: Language? = .spanish, words: [RecognizedWord] = []) -> BoxResult {
        BoxResult(id: 0, rect: PixelRect(x: 0, y: 0, width: 200, height: 50), confidence: confidence, language: language,
                  text: text, paragraph: 3, words: words)
    }
    private func reading(_ text: String, _ confidence: Double) -> RecognizedBox {
        RecognizedBox(rect: PixelRect(x: 0, y: 0, width: 200, height: 20), confidence: confidence, text: text,
                      words: [word(text, x: 0)], paragraph: 0)
    }

    /// A box in a language the first pass lacked is read with that language's data; boxes in its
    /// languages, and boxes without a language, are not.
    @Test func boxesInOtherLanguagesAreReadWithTheirData() {
        #expect(rule.data(for: box("Mafiana", 90), wordLists: noWords) == ["spa", "eng"])
        #expect(rule.data(for: box("東京", 90, language: .japanese), wordLists: noWords) == ["jpn"])
        #expect(rule.data(for: box("안녕", 90, language: .korean), wordLists: noWords) == nil)
        #expect(rule.data(for: box("12:30", 90, language: nil), wordLists: noWords) == nil)
    }

    /// The second reading wins unless it is more than the tolerance less sure; one with the same
    /// text replaces the words and confidence but is no change of text.
    @Test func aReadingAboutAsSureReplacesTheBox() {
        let first = box("Mafiana", 90)
        #expect(rule.decision(for: first, readings: [reading("Mañana", 85)])
                == .replace(box("Mañana", 85, words: [word("Mañana", x: 0)]), changed: true))
        #expect(rule.decision(for: first, readings: [reading("Mafiana", 92)])
                == .replace(box("Mafiana", 92, words: [word("Mafiana", x: 0)]), changed: false))
        #expect(rule.decision(for: first, readings: [reading("Mañana", 84.9)]) == .keep)
        #expect(rule.decision(for: first, readings: [nil]) == .keep)
    }

    /// A box on two lines is read line by line, and the lines' readings joined: their texts by a
    /// space, their confidence weighted by their length.
    @Test func aBoxOnTwoLinesIsReadLineByLine() {
        let first = box("Hola que tal", 80, words: [word("Hola", x: 0), word("que", x: 60), word("tal", x: 0, y: 30)])
        #expect(rule.lines(of: first) == [PixelRect(x: 0, y: 0, width: 110, height: 20), PixelRect(x: 0, y: 30, width: 50, height: 20)])
        #expect(rule.lines(of: box("Hola", 80, words: [word("Hola", x: 0)])) == [first.rect])
        let decision = rule.decision(for: first, readings: [reading("Hola qué", 90), reading("tal", 80)])
        guard case .replace(let reread, true) = decision else {
            Issue.record("the lines' reading was not kept")
            return
        }
        #expect(reread.text == "Hola qué tal")
        let mean: Double = (90 * 8 + 80 * 3) / 11
        #expect(reread.confidence == mean)
        #expect(reread.words.map(\.text) == ["Hola qué", "tal"])
        #expect(rule.decision(for: first, readings: [reading("Hola qué", 90), nil]) == .keep)
    }
}
