import Testing
@testable import TranslateModel
@testable import TesseractReading
@testable import TextRecognition

@Suite struct LineSplitterTests {
    private func word(_ text: String, x: Int, width: Int = 20) -> RecognizedWord {
        RecognizedWord(rect: PixelRect(x: x, y: 10, width: width, height: 20), confidence: 80, text: text)
    }

    @Test func splitsAtWideGapsWithBoxesFromTheWords() {
        // Korean words come back from Tesseract as syllables; the pieces still match.
        let line = RecognizedBox(rect: PixelRect(x: 0, y: 10, width: 600, height: 20), confidence: 80,
                                 text: "비빔밥 (Bibimbap)          9,000원",
                                 words: [word("비", x: 0), word("빔", x: 20), word("밥", x: 40), word("(Bibimbap)", x: 70, width: 100),
                                         word("9,000원", x: 500, width: 100)],
                                 paragraph: 2)
        let pieces = LineSplitter.split(line)
        #expect(pieces.map(\.text) == ["비빔밥 (Bibimbap)", "9,000원"])
        #expect(pieces.map(\.rect) == [PixelRect(x: 0, y: 10, width: 170, height: 20), PixelRect(x: 500, y: 10, width: 100, height: 20)])
        #expect(pieces.map(\.words.count) == [4, 1])
        #expect(pieces.allSatisfy { $0.paragraph == 2 })
    }

    /// Two Thai columns read as one line, with Tesseract's "words" cut inside characters (a
    /// consonant and its vowel mark): the line still splits at the column gap.
    @Test func splitsThaiColumnsWhoseWordsCutCharactersApart() {
        let line = RecognizedBox(rect: PixelRect(x: 0, y: 10, width: 700, height: 20), confidence: 80,
                                 text: "ตลาดริม ผู้ขาย",
                                 words: [word("ต", x: 0), word("ล", x: 20), word("า", x: 40), word("ด", x: 60),
                                         word("ร", x: 80), word("ิ", x: 100), word("ม", x: 120),
                                         word("ผู", x: 600), word("้", x: 620), word("ขา", x: 640), word("ย", x: 660)],
                                 paragraph: 0)
        let pieces = LineSplitter.split(line)
        #expect(pieces.map(\.text) == ["ตลาดริม", "ผู้ขาย"])
        #expect(pieces.map(\.words.count) == [7, 4])
    }

    @Test func keepsOrdinarySpacing() {
        #expect(LineSplitter.segments(of: "one two  three") == ["one two  three"])
        #expect(LineSplitter.segments(of: "Wi-Fi     HomeNet") == ["Wi-Fi", "HomeNet"])
    }

    @Test func keepsTheLineWholeWhenWordsDoNotMatch() {
        let line = RecognizedBox(rect: PixelRect(x: 0, y: 0, width: 100, height: 20), confidence: 70,
                                 text: "left     right", words: [word("lef", x: 0), word("xright", x: 60)], paragraph: 0)
        #expect(LineSplitter.split(line).map(\.text) == ["left right"])
    }
}
