import TranslateModel

/// A language's name in the language of the messages. Korean names are given for the languages
/// Papago knows; any other keeps its English name, beside its code in every message.
enum LanguageNames {
    static func name(of language: Language, in messages: MessageLanguage) -> String {
        guard messages == .korean else { return language.name }
        return korean[language] ?? language.name
    }

    static let korean: [Language: String] = [
        .korean: "한국어", .english: "영어", .japanese: "일본어", .chineseSimplified: "중국어 간체",
        .chineseTraditional: "중국어 번체", .vietnamese: "베트남어", .indonesian: "인도네시아어", .thai: "태국어",
        .german: "독일어", .russian: "러시아어", .spanish: "스페인어", .italian: "이탈리아어", .french: "프랑스어",
        .portuguese: "포르투갈어", .hindi: "힌디어", .catalan: "카탈루냐어",
    ]
}
