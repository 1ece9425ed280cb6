import TranslateModel
/// How Apertium names our languages, and which Debian package holds each pair.
///
/// Apertium's modes use ISO 639-3 codes (`spa-eng`) in newer pairs and ISO 639-1 codes
/// (`es-pt`) in older ones; both are recognised. Norwegian pairs that say `nor` mean Bokmål.
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
        case .catalan: ["cat", "ca"]
        case .galician: ["glg", "gl"]
        case .occitan: ["oci", "oc"]
        case .aragonese: ["arg", "an"]
        case .asturian: ["ast"]
        case .basque: ["eus", "eu"]
        case .esperanto: ["epo", "eo"]
        case .romanian: ["ron", "ro"]
        case .sardinian: ["srd", "sc"]
        case .arpitan: ["frp"]
        case .breton: ["bre", "br"]
        case .afrikaans: ["afr", "af"]
        case .dutch: ["nld", "nl"]
        case .danish: ["dan", "da"]
        case .norwegianBokmal: ["nob", "nb", "nor", "no"]
        case .norwegianNynorsk: ["nno", "nn"]
        case .swedish: ["swe", "sv"]
        case .icelandic: ["isl", "is"]
        case .belarusian: ["bel", "be"]
        case .ukrainian: ["ukr", "uk"]
        case .macedonian: ["mkd", "mk"]
        case .bulgarian: ["bul", "bg"]
        case .serboCroatian: ["hbs", "sh"]
        case .slovenian: ["slv", "sl"]
        case .polish: ["pol", "pl"]
        case .silesian: ["szl"]
        case .malay: ["zlm", "msa", "ms"]
        case .urdu: ["urd", "ur"]
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
        ([.english, .catalan], "apertium-eng-cat"),
        ([.spanish, .catalan], "apertium-spa-cat"),
        ([.french, .catalan], "apertium-fra-cat"),
        ([.italian, .catalan], "apertium-cat-ita"),
        ([.portuguese, .catalan], "apertium-por-cat"),
        ([.english, .galician], "apertium-en-gl"),
        ([.spanish, .galician], "apertium-es-gl"),
        ([.portuguese, .galician], "apertium-pt-gl"),
        ([.occitan, .catalan], "apertium-oc-ca"),
        ([.occitan, .spanish], "apertium-oc-es"),
        ([.occitan, .french], "apertium-oci-fra"),
        ([.aragonese, .catalan], "apertium-arg-cat"),
        ([.spanish, .aragonese], "apertium-spa-arg"),
        ([.spanish, .asturian], "apertium-spa-ast"),
        ([.basque, .english], "apertium-eu-en"),
        ([.basque, .spanish], "apertium-eu-es"),
        ([.esperanto, .catalan], "apertium-eo-ca"),
        ([.esperanto, .english], "apertium-eo-en"),
        ([.esperanto, .spanish], "apertium-eo-es"),
        ([.esperanto, .french], "apertium-eo-fr"),
        ([.spanish, .romanian], "apertium-es-ro"),
        ([.catalan, .sardinian], "apertium-cat-srd"),
        ([.sardinian, .italian], "apertium-srd-ita"),
        ([.french, .arpitan], "apertium-fra-frp"),
        ([.breton, .french], "apertium-br-fr"),
        ([.afrikaans, .dutch], "apertium-afr-nld"),
        ([.danish, .norwegianBokmal], "apertium-dan-nor"),
        ([.swedish, .danish], "apertium-swe-dan"),
        ([.swedish, .norwegianBokmal], "apertium-swe-nor"),
        ([.norwegianNynorsk, .norwegianBokmal], "apertium-nno-nob"),
        ([.icelandic, .english], "apertium-isl-eng"),
        ([.icelandic, .swedish], "apertium-isl-swe"),
        ([.belarusian, .russian], "apertium-bel-rus"),
        ([.russian, .ukrainian], "apertium-rus-ukr"),
        ([.macedonian, .bulgarian], "apertium-mkd-bul"),
        ([.macedonian, .english], "apertium-mkd-eng"),
        ([.serboCroatian, .english], "apertium-hbs-eng"),
        ([.serboCroatian, .macedonian], "apertium-hbs-mkd"),
        ([.serboCroatian, .slovenian], "apertium-hbs-slv"),
        ([.polish, .silesian], "apertium-pol-szl"),
        ([.indonesian, .malay], "apertium-ind-zlm"),
        ([.urdu, .hindi], "apertium-urd-hin"),
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
