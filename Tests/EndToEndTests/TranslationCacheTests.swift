import Foundation
import Testing
import TranslateModel
@testable import TranslationEngines
import TestSupport

/// The SQLite cache file: keys, sharing, permissions and recovery.
@Suite struct TranslationCacheTests {
    let scope = CacheKeySeparation.scope
    let key = CacheKeySeparation.key
    let value = CacheKeySeparation.value

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
        CacheKeySeparation.expectEveryPartCounts(writer: cache, reader: cache)
    }

    @Test func textsThatLookAlikeStayApart() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        CacheKeySeparation.expectLookalikesStayApart(try SQLiteTranslationCache(directory: directory.path, warn: { _ in }))
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
        #expect(warnings.received == [.cacheReplaced(path: path, reason: "file is not a database", movedTo: path + ".damaged")])
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
        // Another process takes the write lock, adds a row, and commits when told to.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("BEGIN IMMEDIATE")
            c.execute("INSERT INTO translations VALUES ('papago', ?, '', 'ko', 'en', '확인', 'OK', 'ko', NULL, 0)", (sys.argv[2],))
            print("locked", flush=True)
            sys.stdin.readline()
            c.execute("COMMIT")
            """, cache.path, scope.endpoint]
        let output = Pipe(), input = Pipe()
        holder.standardOutput = output
        holder.standardInput = input
        try holder.run()
        _ = output.fileHandleForReading.availableData  // "locked"
        let stored = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            cache.store([(key, value)], in: scope)
            stored.signal()
        }
        // While the other process holds the lock the write cannot finish, however long it is given.
        #expect(stored.wait(timeout: .now() + 0.3) == .timedOut)
        try input.fileHandleForWriting.write(contentsOf: Data("commit\n".utf8))
        #expect(stored.wait(timeout: .now() + 30) == .success)
        holder.waitUntilExit()
        #expect(holder.terminationStatus == 0)
        #expect(warnings.all.isEmpty)
        let ok = TranslationCacheKey(source: .korean, target: .english, text: "확인")
        #expect(cache.lookup([key, ok], in: scope) == [key: value, ok: CachedTranslation(text: "OK", source: .korean)])
    }
}
