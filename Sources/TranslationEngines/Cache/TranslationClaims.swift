/// What a store shared by several processes says about texts one of them is about to translate.
///
/// Claims are per text, not per request: a request carries the texts its process won, and a
/// text another process holds is waited for instead of being sent again. A claim lapses after
/// a while, so that a process that died holding one delays the others, never stops them.
public struct TranslationClaims: Sendable, Equatable {
    /// Translations stored by another process since the caller looked: nothing to send.
    public var found: [TranslationCacheKey: CachedTranslation]
    /// The caller translates these; no other process will until it releases them or they lapse.
    public var won: [TranslationCacheKey]
    /// Another process is translating these: wait for its translations.
    public var heldElsewhere: [TranslationCacheKey]

    public init(found: [TranslationCacheKey: CachedTranslation] = [:], won: [TranslationCacheKey] = [],
                heldElsewhere: [TranslationCacheKey] = []) {
        self.found = found
        self.won = won
        self.heldElsewhere = heldElsewhere
    }
}

/// How long a translator waits for texts another process holds, and how often it looks.
///
/// Each look asks for the claims again: a translation stored meanwhile is taken, and a claim
/// that lapsed (its holder died or gave up) passes to the one who asks. After `longest` the
/// waiter translates what is still held itself, so a wait is always bounded.
public struct ClaimWait: Sendable, Equatable {
    /// The first pause between two looks, in seconds; each pause is twice the last, up to `longestPause`.
    public var firstPause: Double
    public var longestPause: Double
    /// The most a call waits in all, in seconds.
    public var longest: Double

    public init(firstPause: Double = 0.02, longestPause: Double = 0.25, longest: Double = 60) {
        self.firstPause = firstPause
        self.longestPause = longestPause
        self.longest = longest
    }
}
