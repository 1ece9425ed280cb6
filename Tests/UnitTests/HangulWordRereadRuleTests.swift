import TesseractReading
import Testing
import TranslateModel
@testable import TextRecognition

/// Which words of a Korean box are read again with `kor` alone, and what takes their place.
@Suite struct HangulWordRereadRuleTests {
    private func word(_ text: String, x: Int, width: Int = 60, confidence: Double = 60) -> RecognizedWord {
        RecognizedWord(rect: PixelRect(x: x, y: 10, width: width, height: 30), confidence: confidence, text: text)
    }

    /// Latin letters read unsurely are doubtful; Hangul, digits and sure Latin words are not.
    @Test func onlyUnsureLatinWordsAreDoubtful() {
        #expect(HangulWordRereadRule.isDoubtfulLatin(word("HAW", x: 0, confidence: 58)))
        #expect(HangulWordRereadRule.isDoubtfulLatin(word("(UE", x: 0, confidence: 12)))
        #expect(!HangulWordRereadRule.isDoubtfulLatin(word("APT-LOUNGE", x: 0, confidence: 93)))
        #expect(!HangulWordRereadRule.isDoubtfulLatin(word("화요일", x: 0, confidence: 40)))
        #expect(!HangulWordRereadRule.isDoubtfulLatin(word("104)", x: 0, confidence: 15)))
        #expect(!HangulWordRereadRule.isDoubtfulLatin(word("C동", x: 0, confidence: 50)))
    }

    /// The `kor` words whose middles lie within the doubtful word take its place, their
    /// syllables joined, when they are Hangul and read about as surely.
    @Test func theKoreanReadingInTheWordsPlaceReplacesIt() throws {
        let line = [word("바닥", x: 20, confidence: 95), word("Bos", x: 100, width: 90, confidence: 13)]
        let reading = [word("바닥", x: 20, confidence: 90), word("청", x: 100, width: 30, confidence: 85),
                       word("소를", x: 135, width: 50, confidence: 84)]
        let read = HangulWordRereadRule.assigned(reading, to: line)
        #expect(read[0].map(\.text) == ["바닥"])
        let replacement = try #require(HangulWordRereadRule.replacement(for: line[1], from: read[1]))
        #expect(replacement.text == "청소를")
        #expect(replacement.rect == line[1].rect)
        #expect(replacement.confidence == 84.5)
    }

    /// Word boxes that overlap (`ies` over `Ba`): each word read again goes to one place only,
    /// the word whose middle is nearest.
    @Test func overlappingBoxesDoNotShareAWord() {
        let line = [word("ies", x: 291, width: 96, confidence: 15), word("Ba", x: 357, width: 29, confidence: 48)]
        let reading = [word("여러분께", x: 291, width: 60), word("알려", x: 357, width: 29)]
        let read = HangulWordRereadRule.assigned(reading, to: line)
        #expect(read.map { $0.map(\.text) } == [["여러분께"], ["알려"]])
    }

    /// Nothing in its place, Latin letters in the new reading, or a reading much less sure:
    /// the word stays as it was.
    @Test func aWorseOrLatinReadingLeavesTheWord() {
        let doubtful = word("MB", x: 100, confidence: 62)
        #expect(HangulWordRereadRule.replacement(for: doubtful, from: []) == nil)
        #expect(HangulWordRereadRule.replacement(for: doubtful, from: [word("Wi", x: 100, confidence: 90)]) == nil)
        #expect(HangulWordRereadRule.replacement(for: doubtful, from: [word("불을", x: 100, confidence: 42)]) == nil)
        #expect(HangulWordRereadRule.replacement(for: doubtful, from: [word("물을", x: 100, confidence: 58)])?.text == "물을")
    }

    /// The box's text changes only where a word did; spacing and the other words stay.
    @Test func theTextChangesOnlyWhereAWordDid() {
        let before = [word("금요일", x: 0), word("BAS", x: 70), word("BAS", x: 140)]
        var box = BoxResult(id: 0, rect: PixelRect(x: 0, y: 10, width: 200, height: 30), confidence: 60, language: .korean,
                            text: "금요일  BAS BAS", words: before)
        box.words[2].text = "청소를"
        #expect(HangulWordRereadRule.text(of: box, replacing: before) == "금요일  BAS 청소를")
    }

    /// A Korean box holding a doubtful Latin word, on a page read with Korean, is read with `kor`
    /// alone: only its lines with such a word, each in its words' rectangle.
    @Test func linesWithDoubtfulWordsAreReadWithKoreanAlone() {
        let rule = HangulWordRereadRule(firstPass: ["kor", "eng"]), noWords = FakeWordLists(data: [], words: [])
        let words = [word("바닥", x: 20, confidence: 95), word("Bos", x: 100, width: 90, confidence: 13),
                     RecognizedWord(rect: PixelRect(x: 20, y: 50, width: 60, height: 30), confidence: 60, text: "Wi-Fi")]
        let box = BoxResult(id: 0, rect: PixelRect(x: 0, y: 0, width: 200, height: 90), confidence: 60, language: .korean,
                            text: "바닥 Bos Wi-Fi", words: words)
        #expect(rule.data(for: box, wordLists: noWords) == ["kor"])
        #expect(rule.lines(of: box) == [PixelRect(x: 20, y: 10, width: 170, height: 30), PixelRect(x: 20, y: 50, width: 60, height: 30)])
        #expect(HangulWordRereadRule(firstPass: ["tha"]).data(for: box, wordLists: noWords) == nil)
        var english = box
        english.language = .english
        #expect(rule.data(for: english, wordLists: noWords) == nil)
    }

    /// What `kor` read in a doubtful word's place takes it over, in the words and the text; the
    /// box's confidence becomes its words' mean by length. A line read as nothing changes nothing.
    @Test func theBoxTakesTheKoreanWords() {
        let rule = HangulWordRereadRule(firstPass: ["kor"])
        let box = BoxResult(id: 0, rect: PixelRect(x: 0, y: 0, width: 200, height: 40), confidence: 60, language: .korean,
                            text: "바닥 Bos", words: [word("바닥", x: 20, confidence: 95), word("Bos", x: 100, width: 90, confidence: 13)])
        let reading = RecognizedBox(rect: PixelRect(x: 20, y: 10, width: 170, height: 30), confidence: 86, text: "바닥 청 소를",
                                    words: [word("바닥", x: 20, confidence: 90), word("청", x: 100, width: 30, confidence: 85),
                                            word("소를", x: 135, width: 50, confidence: 84)], paragraph: 0)
        guard case .replace(let reread, true) = rule.decision(for: box, readings: [reading]) else {
            Issue.record("the Korean reading was not taken")
            return
        }
        #expect(reread.text == "바닥 청소를")
        #expect(reread.words.map(\.text) == ["바닥", "청소를"])
        let mean: Double = (95 * 2 + 84.5 * 3) / 5
        #expect(reread.confidence == mean)
        #expect(rule.decision(for: box, readings: [nil]) == .keep)
    }
}
