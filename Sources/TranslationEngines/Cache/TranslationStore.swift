import TranslateModel
/// What a cached translation is filed under, apart from its text: the engine and everything
/// about it that changes the translation.
///
/// Never holds a secret: Papago is identified by the URL it translates at (without any user
/// name or password in it), never by its credentials.
public struct TranslationCacheScope: Sendable, Hashable {
    /// "papago", "apertium", …
    public var engine: String
    /// Where the engine runs: the translation URL, or the local executable.
    public var endpoint: String
    /// Request options that change the output (`honorific`, `glossaryKey`), in a fixed order.
    public var options: String

    public init(engine: String, endpoint: String, options: String = "") {
        self.engine = engine
        self.endpoint = endpoint
        self.options = options
    }
}

/// A translator that can say what its translations should be cached under.
public protocol TranslationCacheScoping {
    var cacheScope: TranslationCacheScope { get }
}

/// One cache lookup: a text to translate from a source (nil: the engine detects it) into a target.
public struct TranslationCacheKey: Sendable, Hashable {
    public var source: Language?
    public var target: Language
    public var text: String

    public init(source: Language?, target: Language, text: String) {
        self.source = source
        self.target = target
        self.text = text
    }
}

/// A translation as the cache keeps it.
public struct CachedTranslation: Sendable, Equatable {
    public var text: String
    /// The source language the engine used (detected or given).
    public var source: Language?
    public var pivot: Language?

    public init(text: String, source: Language?, pivot: Language? = nil) {
        self.text = text
        self.source = source
        self.pivot = pivot
    }
}

/// Where translations are kept between (or within) runs.
///
/// A store never throws: one that fails reports it once through its owner's warning channel
/// and behaves as empty from then on, because a cache must never fail a translation.
public protocol TranslationStore: Sendable {
    /// The entries found for `keys` under `scope`; missing keys are simply absent.
    func lookup(_ keys: [TranslationCacheKey], in scope: TranslationCacheScope) -> [TranslationCacheKey: CachedTranslation]
    /// Keeps `entries` under `scope`, replacing what was there.
    func store(_ entries: [(TranslationCacheKey, CachedTranslation)], in scope: TranslationCacheScope)
    /// Asks to be the one process that translates `keys` (see `TranslationClaims`). A store that
    /// only this process uses has nobody to share with: it gives every key to the caller.
    func claim(_ keys: [TranslationCacheKey], in scope: TranslationCacheScope) -> TranslationClaims
    /// Gives up the claims on `keys` once their translations are stored (or could not be had).
    func release(_ keys: [TranslationCacheKey], in scope: TranslationCacheScope)
}

extension TranslationStore {
    public func claim(_ keys: [TranslationCacheKey], in scope: TranslationCacheScope) -> TranslationClaims {
        TranslationClaims(won: keys)
    }

    public func release(_ keys: [TranslationCacheKey], in scope: TranslationCacheScope) {}
}
