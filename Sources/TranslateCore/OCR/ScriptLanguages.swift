/// Which Tesseract languages read a script best, for the scripts orientation detection names.
enum ScriptLanguages {
    /// The Tesseract language lists to try for an OSD script name (the best reading wins), or
    /// nil for scripts this tool does not read. English comes along for the Latin words and
    /// digits found in every script's text. Han text may be Simplified or Traditional Chinese,
    /// or Japanese written in kanji: each has its own data.
    static func languages(forScript script: String) -> [[String]]? {
        switch script {
        case "Hangul": [["kor", "eng"]]
        case "Japanese", "Katakana", "Hiragana": [["jpn", "eng"]]
        case "Han": [["chi_sim", "eng"], ["chi_tra", "eng"]]
        case "Thai": [["tha", "eng"]]
        case "Cyrillic": [["rus", "eng"]]
        case "Devanagari": [["hin", "eng"]]
        case "Latin": [["eng"]]
        default: nil
        }
    }

    /// What to try, in order, when the page's script is unknown or misnamed: the scripts whose
    /// text the default `kor+eng` reads as junk.
    static let fallbacks: [[String]] = [["jpn", "eng"], ["chi_sim", "eng"], ["tha", "eng"], ["rus", "eng"], ["hin", "eng"]]
}
