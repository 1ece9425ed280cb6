import TranslateModel
/// Which languages Papago translates, and which pairs it translates directly.
public enum PapagoLanguagePairs {
    /// The languages Papago translates from and into (Portuguese and Hindi are detected only).
    public static let translatable: Set<Language> = [
        .korean, .english, .japanese, .chineseSimplified, .chineseTraditional, .vietnamese, .indonesian, .thai,
        .german, .russian, .spanish, .italian, .french,
    ]

    private static let table: [Language: Set<Language>] = {
        let lists: [(Language, [Language])] = [
            (
                .korean,
                [
                    .english, .japanese, .chineseSimplified, .chineseTraditional, .vietnamese, .thai, .indonesian,
                    .french, .spanish, .russian, .german, .italian,
                ]
            ),
            (
                .english,
                [
                    .japanese, .chineseSimplified, .chineseTraditional, .vietnamese, .thai, .indonesian, .french,
                    .spanish, .russian, .german,
                ]
            ),
            (.japanese, [.chineseSimplified, .chineseTraditional, .vietnamese, .thai, .indonesian, .french]),
            (.chineseSimplified, [.chineseTraditional]),
        ]
        var table: [Language: Set<Language>] = [:]
        for (language, partners) in lists {
            for partner in partners {
                table[language, default: []].insert(partner)
                table[partner, default: []].insert(language)
            }
        }
        return table
    }()

    /// Whether Papago translates `source` into `target` in one step.
    public static func isDirect(_ source: Language, _ target: Language) -> Bool {
        table[source]?.contains(target) ?? false
    }

    /// The language to translate through when the pair is not direct: English when it links
    /// both, else Korean; nil when the pair is direct or cannot be linked.
    public static func pivot(from source: Language, to target: Language) -> Language? {
        guard source != target, !isDirect(source, target) else { return nil }
        for pivot in [Language.english, .korean] where isDirect(source, pivot) && isDirect(pivot, target) {
            return pivot
        }
        return nil
    }
}
