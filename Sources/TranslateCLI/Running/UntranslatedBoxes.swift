import TranslateModel
import TranslationEngines

/// The boxes a run left untranslated for a reason every image shares, counted as pages are
/// delivered, and the lines the run ends with: how many, why, and what would fix it.
///
/// `translate: 12 boxes not translated: no engine here translates Korean or Japanese into
/// English; run 'translate config' to set up Papago, …`
struct UntranslatedBoxes: Equatable {
    /// Boxes no engine here translates (`no_engine_for_pair`), and their languages in the
    /// order first met.
    var withoutEngine = 0
    var languagesWithoutEngine: [Language] = []
    /// Boxes the translation service stopped before translating (`service_stopped`).
    var afterStop = 0
    /// The language the run translates into.
    var target: Language?

    mutating func add(_ result: ImageResult) {
        target = target ?? result.target
        for box in result.boxes {
            switch box.untranslated {
            case .noEngineForPair?:
                withoutEngine += 1
                if let language = box.language ?? result.source, !languagesWithoutEngine.contains(language) {
                    languagesWithoutEngine.append(language)
                }
            case .serviceStopped?:
                afterStop += 1
            default:
                break
            }
        }
    }

    /// The languages of the boxes no engine translates on one page, in the order first met.
    static func languagesWithoutEngine(in result: ImageResult) -> [Language] {
        var page = UntranslatedBoxes()
        page.add(result)
        return page.languagesWithoutEngine
    }

    /// The closing lines in `language`, without `translate: `. `withoutCredentials`: the run
    /// had no Papago credentials, which would translate the languages Papago has.
    func lines(in language: MessageLanguage, withoutCredentials: Bool) -> [String] {
        var lines: [String] = []
        if withoutEngine > 0, let target {
            var line = MessageCatalogue.counted(.untranslatedNoEngine, language, count: withoutEngine, String(withoutEngine),
                                                Self.list(languagesWithoutEngine, in: language), LanguageNames.name(of: target, in: language))
            let papagoWould = PapagoLanguagePairs.translatable.contains(target)
                && (languagesWithoutEngine.isEmpty || languagesWithoutEngine.contains { PapagoLanguagePairs.translatable.contains($0) })
            if withoutCredentials && papagoWould { line += "; " + MessageCatalogue.text(.untranslatedSetUpPapago, language) }
            lines.append(line)
        }
        if afterStop > 0 {
            lines.append(MessageCatalogue.counted(.untranslatedServiceStopped, language, count: afterStop, String(afterStop)))
        }
        return lines
    }

    /// "Korean", "Korean or Japanese", "Korean, Japanese or Thai"; "their language" for none.
    static func list(_ languages: [Language], in language: MessageLanguage) -> String {
        let names = languages.map { LanguageNames.name(of: $0, in: language) }
        guard let last = names.last else { return MessageCatalogue.text(.theirLanguage, language) }
        guard names.count > 1 else { return last }
        return MessageCatalogue.text(.languagesOr, language, names.dropLast().joined(separator: ", "), last)
    }
}
