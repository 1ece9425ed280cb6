extension Language {
    /// The script the language is written in. Japanese counts as kana, its Han characters
    /// among them; Urdu's Arabic script is one this tool does not read otherwise.
    public var script: WritingScript {
        switch self {
        case .korean: .hangul
        case .japanese: .kana
        case .chineseSimplified, .chineseTraditional: .han
        case .thai: .thai
        case .russian, .belarusian, .ukrainian, .macedonian, .bulgarian: .cyrillic
        case .hindi: .devanagari
        case .urdu: .other
        default: .latin
        }
    }

    /// The letters a Latin-script language writes beyond English's 26, in lower case: whether a
    /// reader that knows a set of characters can write the language depends on them. Empty for
    /// English, Indonesian and Malay, and for languages in other scripts.
    public var lettersBeyondEnglish: String {
        switch self {
        case .vietnamese:
            "àảãáạăằẳẵắặâầẩẫấậđèẻẽéẹêềểễếệìỉĩíịòỏõóọôồổỗốộơờởỡớợùủũúụưừửữứựỳỷỹýỵ"
        case .german: "äöüß"
        case .spanish, .galician, .aragonese: "áéíóúüñ"
        case .asturian: "áéíóúüñḥḷ"
        case .italian: "àèéìíîòóùú"
        case .french: "àâæçéèêëîïôœùûüÿ"
        case .portuguese: "áâãàçéêíóôõú"
        case .catalan: "àçéèíïóòúüŀ"
        case .occitan: "àáçèéíïòóúü"
        case .basque: "ñ"
        case .esperanto: "ĉĝĥĵŝŭ"
        case .romanian: "ăâîșț"
        case .sardinian: "àèéìòù"
        case .arpitan: "àâçéèêëîïôûüœ"
        case .breton: "âêîñôùûü"
        case .afrikaans: "áéèêëíîïóôúûý"
        case .dutch: "éëïóöüĳ"
        case .danish, .norwegianBokmal, .norwegianNynorsk: "æøå"
        case .swedish: "åäö"
        case .icelandic: "áðéíóúýþæö"
        case .serboCroatian: "čćđšž"
        case .slovenian: "čšž"
        case .polish: "ąćęłńóśźż"
        case .silesian: "ãčłńŏôõřšůž"
        default: ""
        }
    }
}
