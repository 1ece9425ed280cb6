import TranslateModel
import TextRecognition
import TranslateOutput

/// What can follow an option that takes a value, for completions and the man page.
enum OptionValues {
    enum Kind: Equatable {
        /// One of these words.
        case words([String])
        /// A file name (`--secrets`, `--files-from`).
        case file
        /// A directory name (`--cache-dir`, `--output-dir`).
        case directory
        /// Anything (a number, a URL, a key).
        case free
    }

    static func kind(of name: OptionName) -> Kind {
        let languages = Language.allCases.map(\.code)
        switch name {
        case .to: return .words(languages)
        case .from: return .words(["auto"] + languages)
        case .format: return .words(OutputFormat.allCases.map(\.rawValue))
        case .engine: return .words(EngineName.allCases.map(\.rawValue) + ["auto"])
        case .detect: return .words(["offline", "papago"])
        case .level: return .words(["line", "paragraph"])
        case .layout: return .words(PageLayout.allCases.map(\.rawValue))
        case .color: return .words(ColorChoice.allCases.map(\.rawValue))
        case .completion: return .words(Shell.allCases.map(\.rawValue))
        case .ocrLang: return .words(["kor+eng", "eng", "kor", "jpn", "chi_sim", "chi_tra", "spa", "fra", "deu", "rus"])
        case .secrets, .filesFrom: return .file
        case .cacheDir, .outputDir: return .directory
        default: return .free
        }
    }
}
