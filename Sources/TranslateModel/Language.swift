/// A language the tool knows, identified by Papago's code.
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
        }
    }

    /// Tesseract's traineddata name for this language.
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
        }
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
