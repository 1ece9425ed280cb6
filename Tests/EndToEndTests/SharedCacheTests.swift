import Foundation
import Testing
@testable import TranslationEngines
import TranslateModel
import TestSupport

/// The Redis cache shared by machines, against a `redis-server` each test starts for itself.
@Suite(.enabled(if: RedisTestServer.isInstalled, "redis-server is not installed (apt-get install redis-server); shared cache tests skipped"))
struct SharedCacheTests {
    let scope = CacheKeySeparation.scope
    let key = CacheKeySeparation.key
    let value = CacheKeySeparation.value

    private func store(_ server: RedisTestServer, database: Int = 0, warn: @escaping @Sendable (EngineNotice) -> Void = { _ in })
        throws -> RedisTranslationStore {
        RedisTranslationStore(address: try RedisAddress(parsing: "redis://127.0.0.1:\(server.port)/\(database)"), warn: warn)
    }

    @Test func whatOneMachineStoresAnotherFindsUnderTheSameKeyOnly() throws {
        let server = try RedisTestServer()
        let warnings = WarningLog()
        CacheKeySeparation.expectEveryPartCounts(writer: try store(server, warn: warnings.sink), reader: try store(server, warn: warnings.sink))
        // Another database of the same server is another cache.
        #expect(try store(server, database: 1).lookup([key], in: scope).isEmpty)
        #expect(warnings.all.isEmpty)
    }

    @Test func textsThatLookAlikeStayApart() throws {
        let server = try RedisTestServer()
        CacheKeySeparation.expectLookalikesStayApart(try store(server))
    }

    @Test func manyKeysGoInSeveralBatches() throws {
        let server = try RedisTestServer()
        let cache = try store(server)
        let count = RedisTranslationStore.batchSize * 2 + 7
        let entries = (0..<count).map { (TranslationCacheKey(source: .korean, target: .english, text: "t\($0)"), CachedTranslation(text: "T\($0)", source: .korean)) }
        cache.store(entries, in: scope)
        let found = try store(server).lookup(entries.map(\.0) + [key], in: scope)
        #expect(found.count == count)
        #expect(found[entries[count - 1].0]?.text == "T\(count - 1)")
    }

    @Test func secondMachineAsksOnlyForWhatTheFirstDidNotTranslate() throws {
        let server = try RedisTestServer()
        let firstEngine = FakeTranslator(engine: "fake")
        let first = CachingTranslator(firstEngine, store: TieredTranslationStore(local: MemoryTranslationStore(), shared: try store(server)))
        _ = try first.translate(["하나", "둘"], from: .korean, to: .english)
        #expect(firstEngine.calls == [["하나", "둘"]])

        let secondEngine = FakeTranslator(engine: "fake")
        let secondLocal = MemoryTranslationStore()
        let second = CachingTranslator(secondEngine, store: TieredTranslationStore(local: secondLocal, shared: try store(server)))
        let translations = try second.translate(["둘", "셋", "하나"], from: .korean, to: .english)
        #expect(secondEngine.calls == [["셋"]])
        #expect(translations.map(\.cached) == [true, false, true])
        #expect(translations.map(\.text) == ["[ko→en] 둘", "[ko→en] 셋", "[ko→en] 하나"])
        // What came from Redis is now in the machine's own cache as well.
        let local = secondLocal.lookup([TranslationCacheKey(source: .korean, target: .english, text: "하나")], in: second.scope)
        #expect(local.values.map(\.text) == ["[ko→en] 하나"])
    }

    @Test func noServerWarnsOnceAndTheLocalCacheCarriesOn() throws {
        let port = unusedLocalPort()
        let warnings = WarningLog()
        let shared = RedisTranslationStore(address: RedisAddress(host: "127.0.0.1", port: port), warn: warnings.sink)
        let engine = FakeTranslator(engine: "fake")
        let translator = CachingTranslator(engine, store: TieredTranslationStore(local: MemoryTranslationStore(), shared: shared))
        #expect(try translator.translate(["하나"], from: .korean, to: .english).map(\.cached) == [false])
        #expect(try translator.translate(["하나", "둘"], from: .korean, to: .english).map(\.cached) == [true, false])
        #expect(engine.calls == [["하나"], ["둘"]])
        #expect(warnings.all.count == 1)
        let warning = try #require(warnings.all.first)
        #expect(warning.hasPrefix("shared translation cache redis://127.0.0.1:\(port)/0: cannot connect: "))
        #expect(warning.hasSuffix("; going on with the local cache"))
        #expect(!shared.isOn)
    }

    @Test func serverThatNeverAnswersTimesOut() throws {
        let silent = SilentListener()
        let warnings = WarningLog()
        let shared = RedisTranslationStore(address: RedisAddress(host: "127.0.0.1", port: silent.port), connectTimeout: 0.5,
                                           commandTimeout: 0.2, warn: warnings.sink)
        #expect(shared.lookup([key], in: scope).isEmpty)
        shared.store([(key, value)], in: scope)
        #expect(shared.lookup([key], in: scope).isEmpty)
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains(": no answer: ") == true)
    }

    @Test func serverGoneMidRunWarnsOnce() throws {
        let server = try RedisTestServer()
        let warnings = WarningLog()
        let shared = try store(server, warn: warnings.sink)
        shared.store([(key, value)], in: scope)
        #expect(shared.lookup([key], in: scope) == [key: value])
        server.stop()
        #expect(shared.lookup([key], in: scope).isEmpty)
        shared.store([(key, value)], in: scope)
        #expect(warnings.all.count == 1)
    }

    @Test func wrongPasswordIsReportedWithoutThePassword() throws {
        let server = try RedisTestServer()
        let warnings = WarningLog()
        let address = try RedisAddress(parsing: "redis://someone:pa55word-secret@127.0.0.1:\(server.port)/0")
        let shared = RedisTranslationStore(address: address, warn: warnings.sink)
        #expect(shared.lookup([key], in: scope).isEmpty)
        #expect(warnings.all.count == 1)
        let warning = try #require(warnings.all.first)
        #expect(warning.contains("the server said: "))
        #expect(!warning.contains("pa55word-secret"))
    }
}
