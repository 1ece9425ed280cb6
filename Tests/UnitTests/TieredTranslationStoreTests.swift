import Locking
import Testing
import TranslateModel
import TranslationEngines

/// The local cache first, then the shared one.
@Suite struct TieredTranslationStoreTests {
    /// A store in memory that records the keys it was asked for.
    final class RecordingStore: TranslationStore {
        let inner = MemoryTranslationStore()
        private let asked = Locked<[[String]]>([])
        var lookups: [[String]] { asked.withLock { $0 } }

        func lookup(_ keys: [TranslationCacheKey], in scope: TranslationCacheScope) -> [TranslationCacheKey: CachedTranslation] {
            asked.withLock { $0.append(keys.map(\.text)) }
            return inner.lookup(keys, in: scope)
        }

        func store(_ entries: [(TranslationCacheKey, CachedTranslation)], in scope: TranslationCacheScope) {
            inner.store(entries, in: scope)
        }
    }

    let scope = TranslationCacheScope(engine: "papago", endpoint: "http://127.0.0.1:1/nmt/v1/translation")

    private func key(_ text: String) -> TranslationCacheKey {
        TranslationCacheKey(source: .korean, target: .english, text: text)
    }

    private func value(_ text: String) -> CachedTranslation {
        CachedTranslation(text: text.uppercased(), source: .korean)
    }

    @Test func asksTheSharedStoreOnlyForWhatTheLocalOneLacks() {
        let local = RecordingStore(), shared = RecordingStore()
        local.store([(key("a"), value("a"))], in: scope)
        shared.store([(key("b"), value("b")), (key("a"), CachedTranslation(text: "other", source: .korean))], in: scope)
        let tiered = TieredTranslationStore(local: local, shared: shared)

        let found = tiered.lookup([key("a"), key("b"), key("c")], in: scope)
        #expect(found == [key("a"): value("a"), key("b"): value("b")])
        #expect(shared.lookups == [["b", "c"]])
        // What the shared store had is now local: the next lookup stays on this machine.
        #expect(tiered.lookup([key("a"), key("b")], in: scope).count == 2)
        #expect(shared.lookups == [["b", "c"]])
    }

    @Test func storesInBoth() {
        let local = RecordingStore(), shared = RecordingStore()
        TieredTranslationStore(local: local, shared: shared).store([(key("x"), value("x"))], in: scope)
        #expect(local.inner.lookup([key("x")], in: scope) == [key("x"): value("x")])
        #expect(shared.inner.lookup([key("x")], in: scope) == [key("x"): value("x")])
    }
}
