import Foundation
import Synchronization
import Testing
@testable import TranslateModel
@testable import TextRecognition
@testable import LanguageDetection
@testable import TranslationEngines
@testable import TranslateOutput
@testable import TranslatePipeline
@testable import TranslateCLI
import Locking

/// The SQLite cache file: keys, sharing, permissions and recovery.
@Suite struct TranslationCacheTests {
    let scope = TranslationCacheScope(engine: "papago", endpoint: "http://127.0.0.1:1/nmt/v1/translation")
    let key = TranslationCacheKey(source: .korean, target: .english, text: "설정")
    let value = CachedTranslation(text: "Settings", source: .korean)

    @Test func keepsTranslationsAcrossConnections() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try SQLiteTranslationCache(directory: directory.path, warn: { _ in }).store([(key, value)], in: scope)
        let reopened = try SQLiteTranslationCache(directory: directory.path, warn: { _ in })
        #expect(reopened.lookup([key], in: scope) == [key: value])
    }

    @Test func everyPartOfTheKeyCounts() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try SQLiteTranslationCache(directory: directory.path, warn: { _ in })
        cache.store([(key, value)], in: scope)
        var otherTarget = key
        otherTarget.target = .japanese
        var otherSource = key
        otherSource.source = nil
        var otherText = key
        otherText.text = "설정 "
        for other in [otherTarget, otherSource, otherText] {
            #expect(cache.lookup([other], in: scope).isEmpty)
        }
        for otherScope in [
            TranslationCacheScope(engine: "apertium", endpoint: scope.endpoint),
            TranslationCacheScope(engine: "papago", endpoint: "http://127.0.0.1:2/nmt/v1/translation"),
            TranslationCacheScope(engine: "papago", endpoint: scope.endpoint, options: "honorific=true"),
        ] {
            #expect(cache.lookup([key], in: otherScope).isEmpty)
        }
        #expect(cache.lookup([key], in: scope) == [key: value])
    }

    @Test func fileAndDirectoryAreTheOwnersOnly() throws {
        let parent = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("cache/translate").path
        let cache = try SQLiteTranslationCache(directory: directory, warn: { _ in })
        cache.store([(key, value)], in: scope)
        for path in [cache.path, cache.path + "-wal", directory] {
            let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            #expect(mode & 0o077 == 0, "\(path) is \(String(mode, radix: 8))")
        }
        // A file that someone made readable is set back at the next open.
        chmod(cache.path, 0o644)
        _ = try SQLiteTranslationCache(directory: directory, warn: { _ in })
        #expect(try FileManager.default.attributesOfItem(atPath: cache.path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func damagedFileIsMovedAsideAndReplaced() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(SQLiteTranslationCache.fileName).path
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
        let warnings = WarningLog()
        let cache = try SQLiteTranslationCache(directory: directory.path, warn: warnings.sink)
        #expect(warnings.all == [
            "the translation cache \(path) was damaged (file is not a database); moved it to \(path).damaged and started a new one",
        ])
        #expect(FileManager.default.fileExists(atPath: path + ".damaged"))
        cache.store([(key, value)], in: scope)
        #expect(cache.lookup([key], in: scope) == [key: value])
    }

    @Test func twoConnectionsWriteAtOnce() async throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let warnings = WarningLog()
        let caches = try (0..<2).map { _ in try SQLiteTranslationCache(directory: directory.path, warn: warnings.sink) }
        let keys = (0..<2).map { writer in (0..<300).map { TranslationCacheKey(source: .korean, target: .english, text: "w\(writer)-\($0)") } }
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    for batch in stride(from: 0, to: 300, by: 10) {
                        caches[writer].store(keys[writer][batch..<batch + 10].map { ($0, CachedTranslation(text: $0.text, source: .korean)) }, in: scope)
                    }
                }
            }
        }
        #expect(warnings.all.isEmpty)
        for cache in caches {
            #expect(cache.lookup(keys[0] + keys[1], in: scope).count == 600)
        }
    }

    @Test func anotherProcessHoldingTheWriteLockIsWaitedFor() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let warnings = WarningLog()
        let cache = try SQLiteTranslationCache(directory: directory.path, warn: warnings.sink)
        // Another process takes the write lock, adds a row, and commits half a second later.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("BEGIN IMMEDIATE")
            c.execute("INSERT INTO translations VALUES ('papago', ?, '', 'ko', 'en', '확인', 'OK', 'ko', NULL, 0)", (sys.argv[2],))
            print("locked", flush=True)
            time.sleep(0.5)
            c.execute("COMMIT")
            """, cache.path, scope.endpoint]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        _ = output.fileHandleForReading.availableData  // "locked"
        cache.store([(key, value)], in: scope)
        holder.waitUntilExit()
        #expect(holder.terminationStatus == 0)
        #expect(warnings.all.isEmpty)
        let ok = TranslationCacheKey(source: .korean, target: .english, text: "확인")
        #expect(cache.lookup([key, ok], in: scope) == [key: value, ok: CachedTranslation(text: "OK", source: .korean)])
    }
}

/// The cache in front of a translator.
@Suite struct CachingTranslatorTests {
    @Test func asksOnlyForWhatItHasNotSeen() throws {
        let fake = FakeTranslator()
        let translator = CachingTranslator(fake, store: MemoryTranslationStore())
        let first = try translator.translate(["설정", "취소", "설정"], from: .korean, to: .english)
        #expect(first.map(\.text) == ["[ko→en] 설정", "[ko→en] 취소", "[ko→en] 설정"])
        #expect(first.map(\.cached) == [false, false, false])
        let second = try translator.translate(["확인", "설정"], from: .korean, to: .english)
        #expect(second.map(\.cached) == [false, true])
        // One call per miss list; a text repeated in one call is sent once.
        #expect(fake.calls == [["설정", "취소"], ["확인"]])
        #expect(translator.cacheHits == 1)
        #expect(translator.requestsSent == 2)
        // Another target is another key.
        _ = try translator.translate(["설정"], from: .korean, to: .japanese)
        #expect(fake.calls.last == ["설정"])
    }

    @Test func aTextInFlightIsNotSentTwice() throws {
        let release = DispatchSemaphore(value: 0)
        let fake = FakeTranslator(holdFirstCall: release)
        let translator = CachingTranslator(fake, store: MemoryTranslationStore())
        let results = Results()
        let done = DispatchGroup()
        func start(_ index: Int, _ texts: [String]) {
            done.enter()
            Thread.detachNewThread {
                let translated = try? translator.translate(texts, from: .korean, to: .english)
                results.value.withLock { $0[index] = translated }
                done.leave()
            }
        }
        start(0, ["설정", "알림"])
        fake.waitForCalls(1)
        // The second call sends only what the first is not already fetching, then waits for the rest.
        start(1, ["설정", "배터리"])
        fake.waitForCalls(2)
        release.signal()
        done.wait()
        #expect(results.value.withLock { $0[0] }?.map(\.cached) == [false, false])
        #expect(results.value.withLock { $0[1] }?.map(\.text) == ["[ko→en] 설정", "[ko→en] 배터리"])
        #expect(results.value.withLock { $0[1] }?.map(\.cached) == [true, false])
        #expect(fake.calls == [["설정", "알림"], ["배터리"]])
    }

    @Test func forwardsWhatTheEngineAccepts() throws {
        let papago = try PapagoTestServerless.translator()
        let translator = CachingTranslator(papago, store: MemoryTranslationStore())
        #expect(translator.sourceLanguages == papago.sourceLanguages)
        #expect(translator.engine == "papago")
    }

    @Test func papagoScopeHasTheURLButNoCredentials() throws {
        let papago = try PapagoTestServerless.translator(endpoint: "https://user:pw@papago.example/", honorific: true)
        #expect(papago.cacheScope == TranslationCacheScope(engine: "papago", endpoint: "https://papago.example/nmt/v1/translation",
                                                           options: "honorific=true"))
    }
}

/// What the threads of a test hand back.
private final class Results: Sendable {
    let value = Mutex<[Int: [TranslatedText]]>([:])
}

/// A Papago translator that is never asked anything.
enum PapagoTestServerless {
    static func translator(endpoint: String = "http://127.0.0.1:9", honorific: Bool? = nil) throws -> PapagoTranslator {
        let credentials = PapagoCredentials(clientID: "id", clientSecret: "secret", dialect: .ncp, endpoint: endpoint, source: .environment)
        return try PapagoTranslator(credentials: credentials, options: PapagoOptions(honorific: honorific))
    }
}
