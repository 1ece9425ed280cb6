import TesseractReading
import TranslateModel
/// Which Tesseract languages read a script best, for the scripts orientation detection names.
enum ScriptLanguages {
    /// The Tesseract data to try for an OSD script name (the best reading wins), or nil for
    /// scripts this tool does not read. Han text may be Simplified or Traditional Chinese, or
    /// Japanese written in kanji: each has its own data.
    static func data(forScript script: String) -> [TesseractData]? {
        switch script {
        case "Hangul": [reading("kor")]
        case "Japanese", "Katakana", "Hiragana": [reading("jpn")]
        case "Han": [reading("chi_sim"), reading("chi_tra")]
        case "Thai": [reading("tha")]
        case "Cyrillic": [reading("rus")]
        case "Devanagari": [reading("hin")]
        case "Latin": [reading("eng")]
        default: nil
        }
    }

    /// The scripts a Tesseract language's text is written in: Japanese in kana and kanji,
    /// Korean in Hangul (its data reads little Hanja), the others in one each; none for a name
    /// the tool does not know.
    static func scripts(ofLanguage name: String) -> [WritingScript] {
        guard let language = Language.allCases.first(where: { $0.tesseractName == name }) else { return [] }
        return language == .japanese ? [.kana, .han] : [language.script]
    }

    /// What to try, in order, when the page's script is unknown or misnamed: the scripts whose
    /// text the default `kor+eng` reads as junk.
    static let fallbacks: [TesseractData] = ["jpn", "chi_sim", "tha", "rus", "hin"].map(reading)

    /// The data that reads text in the Tesseract language `name`: the language with English
    /// for the Latin words and digits found in every script's text, except where the language's
    /// own data already reads those. Chinese, Japanese and Thai data do, and adding English
    /// makes Tesseract read some of their lines as Latin junk ("AAR RAH." for a Traditional
    /// Chinese line that `chi_tra` alone reads right).
    static func reading(_ name: String) -> TesseractData {
        switch name {
        case "eng", "jpn", "chi_sim", "chi_tra", "tha": TesseractData([name])
        default: TesseractData([name, "eng"])
        }
    }
}
