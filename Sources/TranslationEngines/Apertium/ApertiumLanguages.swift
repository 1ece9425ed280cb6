import TranslateModel
/// How Apertium names our languages, and which Debian package holds each pair.
///
/// Apertium's modes use ISO 639-3 codes (`spa-eng`) in newer pairs and ISO 639-1 codes
/// (`es-pt`) in older ones; both are recognised.
enum ApertiumLanguages {
    static func codes(for language: Language) -> [String] {
        switch language {
        case .english: ["eng", "en"]
        case .spanish: ["spa", "es"]
        case .french: ["fra", "fr"]
        case .italian: ["ita", "it"]
        case .portuguese: ["por", "pt"]
        case .german: ["deu", "de"]
        case .russian: ["rus", "ru"]
        case .indonesian: ["ind", "id"]
        case .hindi: ["hin", "hi"]
        case .korean: ["kor", "ko"]
        case .japanese: ["jpn", "ja"]
        case .chineseSimplified: ["zho", "zh"]
        case .chineseTraditional: ["zho_Hant"]
        case .vietnamese: ["vie", "vi"]
        case .thai: ["tha", "th"]
        }
    }

    static func language(forCode code: String) -> Language? {
        Language.allCases.first { codes(for: $0).contains(code) }
    }

    /// Debian 12's packages for the pairs between languages this tool knows (both directions each).
    static let debianPackages: [(Set<Language>, String)] = [
        ([.english, .spanish], "apertium-eng-spa"),
        ([.spanish, .italian], "apertium-spa-ita"),
        ([.spanish, .portuguese], "apertium-es-pt"),
        ([.french, .spanish], "apertium-fr-es"),
    ]

    static func debianPackage(source: Language, target: Language) -> String? {
        debianPackages.first { $0.0 == [source, target] }?.1
    }
}

/// A translation direction Apertium has installed, with the mode name that runs it.
public struct ApertiumPair: Sendable, Equatable, Hashable {
    public var source: Language
    public var target: Language
    /// The mode passed to `apertium`, such as `spa-eng`.
    public var mode: String

    /// Reads a mode name such as `spa-eng` or `es-pt`; variants (`spa-eng_US`) and pairs with a
    /// language this tool does not know give nil.
    init?(mode: String) {
        let parts = mode.split(separator: "-")
        guard parts.count == 2, !parts[1].contains("_"),
              let source = ApertiumLanguages.language(forCode: String(parts[0])),
              let target = ApertiumLanguages.language(forCode: String(parts[1])) else { return nil }
        self.source = source
        self.target = target
        self.mode = mode
    }
}
