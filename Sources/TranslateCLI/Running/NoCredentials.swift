import TranslateModel

/// What a run says when it has no Papago credentials and meets a language the offline engine
/// cannot translate: the way to go on, in one line.
enum NoCredentials {
    static func message(source: Language, target: Language, in language: MessageLanguage = .english) -> String {
        MessageCatalogue.text(.noCredentialsNoPair, language, LanguageNames.name(of: source, in: language), source.code, target.code)
    }
}
