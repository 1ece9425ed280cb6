import TranslateModel

/// Papago for the pairs it translates, Apertium for those only an installed Apertium pair does:
/// what `--engine auto` uses when both are there. A Catalan notice goes to Apertium's `cat-eng`,
/// which Papago, lacking Catalan, would only have guessed at.
public struct EngineRouter: Translator, RequestCounting {
    /// Papago, behind its cache.
    public let primary: CachingTranslator
    /// Apertium, behind its cache.
    public let offline: CachingTranslator
    /// The directions Apertium has installed.
    public let offlinePairs: Set<ApertiumPair>

    public init(primary: CachingTranslator, offline: CachingTranslator, offlinePairs: [ApertiumPair]) {
        self.primary = primary
        self.offline = offline
        self.offlinePairs = Set(offlinePairs)
    }

    /// Both engines' names: what a refusal says of the run's translating (`papago+apertium`
    /// does not translate into Portuguese), and a page's engine before any box was sent.
    public var engine: String { primary.engine + "+" + offline.engine }

    /// Every language either engine translates from: a box keeps its language for the engine
    /// that has its pair.
    public var sourceLanguages: Set<Language>? {
        primary.sourceLanguages.map { $0.union(offlinePairs.map(\.source)) }
    }

    public var targetLanguages: Set<Language>? {
        primary.targetLanguages.map { $0.union(offlinePairs.map(\.target)) }
    }

    public func engine(for source: Language?, to target: Language) -> String {
        usesOffline(source, target) ? offline.engine : primary.engine
    }

    public func translate(_ texts: [String], from source: Language?, to target: Language) throws -> [TranslatedText] {
        try translations(of: texts, from: source, to: target).get()
    }

    public func translations(of texts: [String], from source: Language?, to target: Language) -> TranslationOutcome {
        if usesOffline(source, target) { return offline.translations(of: texts, from: source, to: target) }
        // A language Papago does not know goes to its own detection, as without the router.
        let known = source.flatMap { primary.sourceLanguages?.contains($0) == false ? nil : $0 }
        return primary.translations(of: texts, from: known, to: target)
    }

    /// Requests of both engines (one Apertium process counts as one).
    public var requestsSent: Int { primary.requestsSent + offline.requestsSent }

    /// Both caches, whose hits the run's summary adds up.
    public var caches: [CachingTranslator] { [primary, offline] }

    /// Apertium, when Papago does not translate from `source` and an Apertium pair does.
    private func usesOffline(_ source: Language?, _ target: Language) -> Bool {
        guard let source, !(primary.sourceLanguages?.contains(source) ?? true) || !(primary.targetLanguages?.contains(target) ?? true)
        else { return false }
        return offlinePairs.contains { $0.source == source && $0.target == target }
    }
}
