import Testing
import TranslateModel
@testable import TranslationEngines

/// What every translation store must keep apart, checked the same way on the local file and on
/// the cache shared through Redis.
enum CacheKeySeparation {
    static let scope = TranslationCacheScope(engine: "papago", endpoint: "http://127.0.0.1:1/nmt/v1/translation")
    static let key = TranslationCacheKey(source: .korean, target: .english, text: "설정")
    static let value = CachedTranslation(text: "Settings", source: .korean)

    /// `writer` stores one entry; `reader` (the same store, or another machine's) finds it under
    /// its own key and scope only: another target, no source, a trailing space, another engine,
    /// endpoint or options are all misses.
    static func expectEveryPartCounts(writer: TranslationStore, reader: TranslationStore) {
        writer.store([(key, value)], in: scope)
        var otherTarget = key
        otherTarget.target = .japanese
        var otherSource = key
        otherSource.source = nil
        var otherText = key
        otherText.text = "설정 "
        for other in [otherTarget, otherSource, otherText] {
            #expect(reader.lookup([other], in: scope).isEmpty, "\(other)")
        }
        for otherScope in [
            TranslationCacheScope(engine: "apertium", endpoint: scope.endpoint),
            TranslationCacheScope(engine: "papago", endpoint: "http://127.0.0.1:2/nmt/v1/translation"),
            TranslationCacheScope(engine: "papago", endpoint: scope.endpoint, options: "honorific=true"),
        ] {
            #expect(reader.lookup([key], in: otherScope).isEmpty, "\(otherScope)")
        }
        #expect(reader.lookup([key], in: scope) == [key: value])
    }

    /// Fields whose characters could run together in a flat key (engine "a:b" and endpoint "c"
    /// against engine "a" and endpoint "b:c"), and texts with newlines, astral and NUL
    /// characters, nothing at all, or many kilobytes, come back exactly and stay apart.
    static func expectLookalikesStayApart(_ store: TranslationStore) {
        let first = TranslationCacheScope(engine: "a:b", endpoint: "c")
        let second = TranslationCacheScope(engine: "a", endpoint: "b:c")
        let texts = ["line one\nline two", "𝄞 ☃ \u{0}", "", String(repeating: "긴 문장 ", count: 800)]
        let entries = texts.map { (TranslationCacheKey(source: nil, target: .english, text: $0), CachedTranslation(text: "“\($0)”", source: .korean, pivot: .english)) }
        store.store(entries, in: first)
        let found = store.lookup(entries.map(\.0), in: first)
        #expect(found.count == texts.count)
        for (key, value) in entries { #expect(found[key] == value) }
        #expect(store.lookup(entries.map(\.0), in: second).isEmpty)
    }
}
