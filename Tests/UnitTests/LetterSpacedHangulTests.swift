import Testing
import TranslateModel
@testable import TextRecognition

/// Korean sign lines set with wide letter-spacing are read as one word.
@Suite struct LetterSpacedHangulTests {
    /// Words at the given left edges, each `width` wide.
    private func words(_ texts: [String], at lefts: [Int], width: Int = 50) -> [RecognizedWord] {
        zip(texts, lefts).map { RecognizedWord(rect: PixelRect(x: $1, y: 10, width: width, height: 70), confidence: 90, text: $0) }
    }

    /// The road sign's `평 양`: one word, its box around both syllables.
    @Test func evenlySpacedSyllablesAreOneWord() throws {
        let joined = try #require(LetterSpacedHangul.joined(words(["평", "양"], at: [0, 90])))
        #expect(joined.text == "평양")
        #expect(joined.rect == PixelRect(x: 0, y: 10, width: 140, height: 70))
        #expect(LetterSpacedHangul.joined(words(["비", "상", "구"], at: [0, 80, 165]))?.text == "비상구")
    }

    /// Joined, the syllables are as sure as they were apart: one syllable Tesseract was unsure
    /// of (a rare `켠` read `컨` at 0) does not make the whole word read at 0.
    @Test func aJoinedWordIsAsSureAsItsSyllablesOnAverage() throws {
        var spaced = words(["한", "컨", "에"], at: [0, 80, 160])
        spaced[0].confidence = 93
        spaced[1].confidence = 0
        spaced[2].confidence = 96
        let joined = try #require(LetterSpacedHangul.joined(spaced))
        #expect(joined.text == "한컨에")
        #expect(joined.confidence == 63)
    }

    /// Words of two or more syllables, Latin words or uneven gaps are real word spaces.
    @Test func realWordSpacesStay() {
        #expect(LetterSpacedHangul.joined(words(["서울", "역"], at: [0, 90])) == nil)
        #expect(LetterSpacedHangul.joined(words(["A", "B"], at: [0, 90])) == nil)
        #expect(LetterSpacedHangul.joined(words(["이", "책", "좀"], at: [0, 60, 200])) == nil)
        #expect(LetterSpacedHangul.joined(words(["평"], at: [0])) == nil)
    }

    /// A whole reading: only the letter-spaced line changes.
    @Test func aPageJoinsOnlyItsLetterSpacedLines() {
        func box(_ words: [RecognizedWord]) -> RecognizedBox {
            RecognizedBox(rect: PixelRect.union(words.map(\.rect))!, confidence: 90, text: words.map(\.text).joined(separator: " "),
                          words: words, paragraph: 0)
        }
        let lines = [box(words(["평", "양"], at: [0, 90])), box(words(["서울", "역"], at: [0, 120]))]
        let page = PhotoRecognizer.joiningLetterSpacedWords(RecognizedPage(lines: lines, paragraphs: lines))
        #expect(page.lines.map(\.text) == ["평양", "서울 역"])
        #expect(page.lines[0].words.count == 1)
    }
}
