/// Two caches in one lookup: the local one first, then the shared one for what the local one
/// lacks. What the shared one had is copied into the local one (the next run on this machine
/// needs no network), and what is stored goes to both. Claims are the shared one's: only it
/// knows what other machines are translating.
public final class TieredTranslationStore: TranslationStore {
    public let local: TranslationStore
    public let shared: TranslationStore

    public init(local: TranslationStore, shared: TranslationStore) {
        self.local = local
        self.shared = shared
    }

    public func lookup(_ keys: [TranslationCacheKey], in scope: TranslationCacheScope) -> [TranslationCacheKey: CachedTranslation] {
        var found = local.lookup(keys, in: scope)
        let missing = keys.filter { found[$0] == nil }
        guard !missing.isEmpty else { return found }
        let fromShared = shared.lookup(missing, in: scope)
        if !fromShared.isEmpty {
            local.store(fromShared.map { ($0.key, $0.value) }, in: scope)
            found.merge(fromShared) { local, _ in local }
        }
        return found
    }

    public func store(_ entries: [(TranslationCacheKey, CachedTranslation)], in scope: TranslationCacheScope) {
        local.store(entries, in: scope)
        shared.store(entries, in: scope)
    }

    public func claim(_ keys: [TranslationCacheKey], in scope: TranslationCacheScope) -> TranslationClaims {
        let claims = shared.claim(keys, in: scope)
        if !claims.found.isEmpty { local.store(claims.found.map { ($0.key, $0.value) }, in: scope) }
        return claims
    }

    public func release(_ keys: [TranslationCacheKey], in scope: TranslationCacheScope) {
        shared.release(keys, in: scope)
    }
}
