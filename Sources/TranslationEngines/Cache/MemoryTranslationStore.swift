import Locking

/// A store that lives as long as the process: what `--no-cache` runs with, so that a text seen
/// in many images of one run is still translated once, while nothing is read from or written
/// to disk.
public final class MemoryTranslationStore: TranslationStore {
    private struct Entry: Hashable {
        var scope: TranslationCacheScope
        var key: TranslationCacheKey
    }

    private let entries = Locked<[Entry: CachedTranslation]>([:])

    public init() {}

    public func lookup(_ keys: [TranslationCacheKey], in scope: TranslationCacheScope) -> [TranslationCacheKey: CachedTranslation] {
        entries.withLock { entries in
            var found: [TranslationCacheKey: CachedTranslation] = [:]
            for key in keys {
                if let hit = entries[Entry(scope: scope, key: key)] { found[key] = hit }
            }
            return found
        }
    }

    public func store(_ new: [(TranslationCacheKey, CachedTranslation)], in scope: TranslationCacheScope) {
        entries.withLock { entries in
            for (key, value) in new { entries[Entry(scope: scope, key: key)] = value }
        }
    }
}
