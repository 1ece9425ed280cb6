/// A language the tool knows, identified by Papago's code.
///
/// Papago's thirteen languages and the two it detects come first; then the languages of Debian
/// 12's Apertium pairs, translated offline only (`isOfflineOnly`), with their ISO 639-1 code
/// where there is one (ISO 639-3 otherwise: `ast`, `frp`, `szl`).
public enum Language: String, CaseIterable, Sendable, Hashable, Comparable {
    case korean = "ko"
    case english = "en"
    case japanese = "ja"
    case chineseSimplified = "zh-CN"
    case chineseTraditional = "zh-TW"
    case vietnamese = "vi"
    case indonesian = "id"
    case thai = "th"
    case german = "de"
    case russian = "ru"
    case spanish = "es"
    case italian = "it"
    case french = "fr"
    case portuguese = "pt"
    case hindi = "hi"
    case catalan = "ca"
    case galician = "gl"
    case occitan = "oc"
    case aragonese = "an"
    case asturian = "ast"
    case basque = "eu"
    case esperanto = "eo"
    case romanian = "ro"
    case sardinian = "sc"
    case arpitan = "frp"
    case breton = "br"
    case afrikaans = "af"
    case dutch = "nl"
    case danish = "da"
    case norwegianBokmal = "nb"
    case norwegianNynorsk = "nn"
    case swedish = "sv"
    case icelandic = "is"
    case belarusian = "be"
    case ukrainian = "uk"
    case macedonian = "mk"
    case bulgarian = "bg"
    case serboCroatian = "sh"
    case slovenian = "sl"
    case polish = "pl"
    case silesian = "szl"
    case malay = "ms"
    case urdu = "ur"

    /// Papago's code, as used in every output format.
    public var code: String { rawValue }

    /// The English name, for listings and messages.
    public var name: String {
        switch self {
        case .korean: "Korean"
        case .english: "English"
        case .japanese: "Japanese"
        case .chineseSimplified: "Chinese (Simplified)"
        case .chineseTraditional: "Chinese (Traditional)"
        case .vietnamese: "Vietnamese"
        case .indonesian: "Indonesian"
        case .thai: "Thai"
        case .german: "German"
        case .russian: "Russian"
        case .spanish: "Spanish"
        case .italian: "Italian"
        case .french: "French"
        case .portuguese: "Portuguese"
        case .hindi: "Hindi"
        case .catalan: "Catalan"
        case .galician: "Galician"
        case .occitan: "Occitan"
        case .aragonese: "Aragonese"
        case .asturian: "Asturian"
        case .basque: "Basque"
        case .esperanto: "Esperanto"
        case .romanian: "Romanian"
        case .sardinian: "Sardinian"
        case .arpitan: "Arpitan"
        case .breton: "Breton"
        case .afrikaans: "Afrikaans"
        case .dutch: "Dutch"
        case .danish: "Danish"
        case .norwegianBokmal: "Norwegian Bokmål"
        case .norwegianNynorsk: "Norwegian Nynorsk"
        case .swedish: "Swedish"
        case .icelandic: "Icelandic"
        case .belarusian: "Belarusian"
        case .ukrainian: "Ukrainian"
        case .macedonian: "Macedonian"
        case .bulgarian: "Bulgarian"
        case .serboCroatian: "Serbo-Croatian"
        case .slovenian: "Slovenian"
        case .polish: "Polish"
        case .silesian: "Silesian"
        case .malay: "Malay"
        case .urdu: "Urdu"
        }
    }

    /// Tesseract's traineddata name for this language; for a language Tesseract has no data
    /// for, that of the nearest one it has (Aragonese and Asturian: Spanish; Sardinian: Italian;
    /// Arpitan: French; Silesian: Polish; Serbo-Croatian in Latin letters: Croatian).
    public var tesseractName: String {
        switch self {
        case .korean: "kor"
        case .english: "eng"
        case .japanese: "jpn"
        case .chineseSimplified: "chi_sim"
        case .chineseTraditional: "chi_tra"
        case .vietnamese: "vie"
        case .indonesian: "ind"
        case .thai: "tha"
        case .german: "deu"
        case .russian: "rus"
        case .spanish: "spa"
        case .italian: "ita"
        case .french: "fra"
        case .portuguese: "por"
        case .hindi: "hin"
        case .catalan: "cat"
        case .galician: "glg"
        case .occitan: "oci"
        case .aragonese: "spa"
        case .asturian: "spa"
        case .basque: "eus"
        case .esperanto: "epo"
        case .romanian: "ron"
        case .sardinian: "ita"
        case .arpitan: "fra"
        case .breton: "bre"
        case .afrikaans: "afr"
        case .dutch: "nld"
        case .danish: "dan"
        case .norwegianBokmal: "nor"
        case .norwegianNynorsk: "nor"
        case .swedish: "swe"
        case .icelandic: "isl"
        case .belarusian: "bel"
        case .ukrainian: "ukr"
        case .macedonian: "mkd"
        case .bulgarian: "bul"
        case .serboCroatian: "hrv"
        case .slovenian: "slv"
        case .polish: "pol"
        case .silesian: "pol"
        case .malay: "msa"
        case .urdu: "urd"
        }
    }

    /// True for the languages known only because an Apertium pair translates them: Papago
    /// neither translates nor detects them.
    public var isOfflineOnly: Bool {
        Language.allCases.firstIndex(of: self)! > Language.allCases.firstIndex(of: .hindi)!
    }

    /// Looks a language up by code, accepting any letter case ("zh-cn", "ZH-CN").
    public init?(code: String) {
        guard let match = Language.allCases.first(where: { $0.rawValue.lowercased() == code.lowercased() }) else {
            return nil
        }
        self = match
    }

    public static func < (lhs: Language, rhs: Language) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
