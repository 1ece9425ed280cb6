import Foundation
import Testing
import TextDetection
import TranslateModel

/// Each language's script and the letters it writes beyond English's, which decide whether the
/// photo path reads a line again with that language's data.
@Suite struct LanguageLettersTests {
    static let latinLanguages = Language.allCases.filter { $0.script == .latin }

    @Test func aLatinScriptLanguageListsItsOwnLettersInLowerCase() {
        for language in Self.latinLanguages where ![.english, .indonesian, .malay].contains(language) {
            let letters = language.lettersBeyondEnglish
            #expect(!letters.isEmpty, "\(language)")
            for letter in letters.unicodeScalars {
                #expect(!letter.isASCII && WritingScript.of(letter) == .latin, "\(language): \(letter)")
                #expect(String(letter) == String(letter).lowercased(), "\(language): \(letter)")
            }
        }
    }

    @Test func languagesOfOtherScriptsListNone() {
        #expect(Language.korean.script == .hangul && Language.thai.script == .thai && Language.hindi.script == .devanagari)
        #expect(Language.ukrainian.script == .cyrillic && Language.japanese.script == .kana && Language.chineseTraditional.script == .han)
        for language in Language.allCases where language.script != .latin {
            #expect(language.lettersBeyondEnglish.isEmpty, "\(language)")
        }
    }

    /// What the photo path's rule rests on: with PP-OCRv6 small, a Latin-script line's reading
    /// with its own language's data can only matter in Vietnamese (and Asturian's ḥ and ḷ).
    @Test func ppOCRv6SmallWritesEveryLatinScriptLanguageButVietnamese() throws {
        let model = try #require(TextRecognizerModel.locate(), "no text recognizer model (run scripts/fetch-text-recognizer.py)")
        let runtime = try #require(TextRecognizerModel.onnxRuntime(forModel: model), "PP-OCRv6 small is not installed (run scripts/setup.sh)")
        let characters = Set(try String(contentsOfFile: runtime.characters, encoding: .utf8).unicodeScalars)
        let lacking = Self.latinLanguages.filter { language in
            let letters = language.lettersBeyondEnglish
            return !(letters + letters.uppercased()).unicodeScalars.allSatisfy(characters.contains)
        }
        #expect(lacking == [.vietnamese, .asturian])
    }
}
