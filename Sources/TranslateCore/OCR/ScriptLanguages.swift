/// Which Tesseract languages read a script best, for the scripts orientation detection names.
enum ScriptLanguages {
    /// Tesseract's languages for an OSD script name, or nil for scripts this tool does not read.
    /// English comes along for the Latin words and digits found in every script's text. Han
    /// text is read as Simplified Chinese first; boxes that turn out Traditional or Japanese are
    /// read again with their own data.
    static func languages(forScript script: String) -> [String]? {
        switch script {
        case "Hangul": ["kor", "eng"]
        case "Japanese", "Katakana", "Hiragana": ["jpn", "eng"]
        case "Han": ["chi_sim", "eng"]
        case "Thai": ["tha", "eng"]
        case "Cyrillic": ["rus", "eng"]
        case "Devanagari": ["hin", "eng"]
        case "Latin": ["eng"]
        default: nil
        }
    }
}
