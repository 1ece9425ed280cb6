import Testing
import TranslateModel
@testable import TextRecognition

/// Thai and Lao SARA AM written as Tesseract writes it (NIKHAHIT, then SARA AA) become the one
/// character; nothing else changes.
@Suite struct SaraAmTests {
    @Test func thePairBecomesSaraAm() {
        #expect(SaraAm.joined("ท\u{0E4D}\u{0E32}") == "ทำ")
        #expect(SaraAm.joined("ส\u{0E4D}\u{0E32}นักงาน") == "สำนักงาน")
    }

    /// `น้ำ` written with the tone mark between the two parts: the tone mark goes first, as typed.
    @Test func aToneMarkBetweenThePartsGoesFirst() {
        #expect(SaraAm.joined("น\u{0E4D}\u{0E49}\u{0E32}") == "น\u{0E49}\u{0E33}")
    }

    /// `ห้องน้ำ` read `ห้องน้้า`: the NIKHAHIT read as the tone mark again. Any tone mark, in
    /// Thai and Lao; split between two words too.
    @Test func aToneMarkWrittenTwiceBeforeSaraAaIsTheToneMarkOverSaraAm() {
        #expect(SaraAm.joined("ห้องน\u{0E49}\u{0E49}\u{0E32}") == "ห้องน\u{0E49}\u{0E33}")
        #expect(SaraAm.joined("ต\u{0E48}\u{0E48}\u{0E32}") == "ต\u{0E48}\u{0E33}")
        #expect(SaraAm.joined("ນ\u{0EC9}\u{0EC9}\u{0EB2}") == "ນ\u{0EC9}\u{0EB3}")
        func rect(_ x: Int) -> PixelRect { PixelRect(x: x, y: 0, width: 10, height: 20) }
        let words = [RecognizedWord(rect: rect(0), confidence: 90, text: "น\u{0E49}\u{0E49}"),
                     RecognizedWord(rect: rect(10), confidence: 80, text: "\u{0E32}")]
        let box = BoxResult(id: 0, rect: PixelRect(x: 0, y: 0, width: 20, height: 20), confidence: 85,
                            text: "น\u{0E49}\u{0E49}\u{0E32}", words: words)
        let joined = SaraAm.joined([box])
        #expect(joined.map(\.text) == ["น\u{0E49}\u{0E33}"])
        #expect(joined[0].words.map(\.text) == ["น\u{0E49}\u{0E33}"])
    }

    /// Two different tone marks, one tone mark before SARA AA (`น้า`, a word of its own), and a
    /// doubled tone mark before anything else stay as they are.
    @Test func otherToneMarksStay() {
        #expect(SaraAm.joined("น\u{0E48}\u{0E49}\u{0E32}") == "น\u{0E48}\u{0E49}\u{0E32}")
        #expect(SaraAm.joined("น\u{0E49}\u{0E32}") == "น\u{0E49}\u{0E32}")
        #expect(SaraAm.joined("น\u{0E49}\u{0E49}น") == "น\u{0E49}\u{0E49}น")
    }

    @Test func laoHasTheSamePair() {
        #expect(SaraAm.joined("ນ\u{0ECD}\u{0EB2}") == "ນ\u{0EB3}")
    }

    /// NIKHAHIT not followed by SARA AA (Pali and Sanskrit in Thai script), a Thai NIKHAHIT before
    /// a Lao SARA AA, and text without it stay as they are.
    @Test func everythingElseStays() {
        #expect(SaraAm.joined("อรหํ") == "อรหํ")
        #expect(SaraAm.joined("\u{0E4D}\u{0EB2}") == "\u{0E4D}\u{0EB2}")
        #expect(SaraAm.joined("น\u{0E4D}\u{0E49}") == "น\u{0E4D}\u{0E49}")
        #expect(SaraAm.joined("ตลาดนัด 9:00") == "ตลาดนัด 9:00")
    }

    /// A page's boxes: the line's text, and its words, where Tesseract gives each Thai
    /// character as a word and the pair as two of them: they become one word over both.
    @Test func boxesAndTheirWordsAreJoined() {
        func rect(_ x: Int) -> PixelRect { PixelRect(x: x, y: 0, width: 10, height: 20) }
        let words = [RecognizedWord(rect: rect(0), confidence: 95, text: "ท"),
                     RecognizedWord(rect: rect(10), confidence: 91, text: "\u{0E4D}"),
                     RecognizedWord(rect: rect(20), confidence: 93, text: "\u{0E32}"),
                     RecognizedWord(rect: rect(30), confidence: 97, text: "ง\u{0E32}น")]
        let box = BoxResult(id: 0, rect: PixelRect(x: 0, y: 0, width: 40, height: 20), confidence: 94,
                            text: "ท\u{0E4D}\u{0E32}ง\u{0E32}น", words: words)
        let joined = SaraAm.joined([box])
        #expect(joined.map(\.text) == ["ทำงาน"])
        #expect(joined[0].words.map(\.text) == ["ท", "ำ", "งาน"])
        #expect(joined[0].words[1].rect == PixelRect(x: 10, y: 0, width: 20, height: 20))
        #expect(joined[0].words[1].confidence == 91)
    }
}
