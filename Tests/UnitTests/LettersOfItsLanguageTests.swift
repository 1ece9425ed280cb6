import LanguageDetection
import Testing
@testable import TextRecognition
import TranslateModel

/// Whether a recognizer reading is in the letters of the language it reads as.
@Suite struct LettersOfItsLanguageTests {
    let detector = OfflineLanguageDetector()

    /// The recognizer's Latin look-alikes of Thai signs, read whole and surely: letters their
    /// detected language does not write.
    @Test(arguments: ["Us:lūuwa", "āuəušu", "šhunlw"])
    func lookAlikesOfAnotherScriptAreNot(text: String) {
        #expect(!LettersOfItsLanguage.writes(text, in: detector.detect(text).language))
    }

    static let truthfulReadings = ["Äpfel Elstar", "Théâtre", "Musée du LOUVRE", "LES ARTS DÉCORATIFS", "Gegründet 1887",
                                   "Mañana", "contained", "TOTAL $10.73", "出口", "お手洗い", "정지", ""]

    /// Signs in Latin letters read truly, accents and all; text without letters beyond English's;
    /// text in other scripts.
    @Test(arguments: truthfulReadings)
    func truthfulReadingsAre(text: String) {
        #expect(LettersOfItsLanguage.writes(text, in: detector.detect(text).language))
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
