import TranslateModel

/// What a run says when it has no Papago credentials and meets a language the offline engine
/// cannot translate: the way to go on, in one line.
enum NoCredentials {
    static func message(source: Language, target: Language) -> String {
        "no Papago credentials, and Apertium cannot translate \(source.name) (\(source.code) → \(target.code)): "
            + "run 'translate config' to save Papago credentials, or export PAPAGO_CLIENT_ID and PAPAGO_CLIENT_SECRET"
    }
}
