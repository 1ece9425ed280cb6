import LanguageDetection
import Testing
@testable import TextRecognition
import TranslateModel

/// Whether a recognizer reading is in the letters of the language it reads as.
@Suite struct LettersOfItsLanguageTests {
    let detector = OfflineLanguageDetector()

    /// The recognizer's Latin look-alikes of Thai signs, read whole and surely: letters their
    /// detected language does not write.
    @Test(arguments: ["Us:lūuwa", "āuəušu", "šhunlw", "Us:tan", "A:lluu"])
    func lookAlikesOfAnotherScriptAreNot(text: String) {
        #expect(!LettersOfItsLanguage.writes(text, in: detector.detect(text).language))
    }

    static let truthfulReadings = ["Äpfel Elstar", "Théâtre", "Musée du LOUVRE", "LES ARTS DÉCORATIFS", "Gegründet 1887",
                                   "Mañana", "contained", "TOTAL $10.73", "出口", "お手洗い", "정지", "",
                                   "Open 8:00-22:00", "Note: no entry", "Platform 3: Exit", "Ratio 2:1", ":", "a:", "标本号:OA"]

    /// Signs in Latin letters read truly, accents and all; text without letters beyond English's;
    /// text in other scripts.
    @Test(arguments: truthfulReadings)
    func truthfulReadingsAre(text: String) {
        #expect(LettersOfItsLanguage.writes(text, in: detector.detect(text).language))
    }

    /// A colon stands between two letters in no language's word: Thai's SARA A (`ะ`) read as
    /// one; before or after a word, or between digits, it is punctuation.
    @Test func aColonInsideAWordIsNoLatinWord() {
        #expect(LettersOfItsLanguage.hasColonInsideAWord("Us:tan"))
        #expect(LettersOfItsLanguage.hasColonInsideAWord("nus:spaes"))
        #expect(!LettersOfItsLanguage.hasColonInsideAWord("Note: this"))
        #expect(!LettersOfItsLanguage.hasColonInsideAWord("8:00"))
        #expect(!LettersOfItsLanguage.hasColonInsideAWord("A :B"))
        #expect(!LettersOfItsLanguage.hasColonInsideAWord("标本号:OA"))
    }

    /// The language decides, not the letter alone: `ø` is Danish, not German; with no language
    /// told, a letter of any Latin-script language will do, and `ā` or `ə` will not.
    @Test func theDetectedLanguagesLettersDecide() {
        #expect(LettersOfItsLanguage.writes("Søren", in: .danish))
        #expect(!LettersOfItsLanguage.writes("Søren", in: .german))
        #expect(!LettersOfItsLanguage.writes("Søren", in: .english))
        #expect(LettersOfItsLanguage.writes("Søren", in: nil))
        #expect(!LettersOfItsLanguage.writes("āuəušu", in: nil))
        #expect(LettersOfItsLanguage.writes("Søren", in: .japanese))
    }
}
