import Foundation
import Testing
@testable import TranslationEngines
import TestSupport

/// Several processes splitting one run: `--shard` with `--output-dir`, and `--cache-url`.
@Suite struct ShardCommandTests {
    /// A folder of fixture images (symbolic links) in two subfolders.
    private func folder() throws -> URL {
        let root = try TestPaths.temporaryDirectory()
        let names = ["korean-menu.png", "english-page.png", "dark-korean.png", "spanish-screenshot.png", "mixed-screenshot.png"]
        for (offset, name) in names.enumerated() {
            let place = root.appendingPathComponent("shots/\(offset % 2 == 0 ? "a" : "b")/\(name)")
            try FileManager.default.createDirectory(at: place.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: place.path, withDestinationPath: TestPaths.fixture(name))
        }
        return root
    }

    /// Every file below `directory`, by relative path, with its bytes.
    private func files(_ directory: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        while let relative = enumerator?.nextObject() as? String {
            let url = directory.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found[relative] = try Data(contentsOf: url)
            }
        }
        return found
    }

    @Test func shardsTogetherWriteWhatOneRunWrites() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let shots = root.appendingPathComponent("shots").path
        let whole = root.appendingPathComponent("whole"), sharded = root.appendingPathComponent("sharded")
        let single = InProcessRun([shots, "-r", "--ocr-only", "--format", "json", "-o", whole.path])
        #expect(single.exitCode == 0, "\(single.standardError)")

        var shares: [Set<String>] = []
        for index in 1...3 {
            let before = Set(try files(sharded).keys)
            let run = InProcessRun([shots, "-r", "--ocr-only", "--format", "json", "-o", sharded.path, "--shard", "\(index)/3", "-v"])
            #expect(run.exitCode == 0, "\(run.standardError)")
            let share = Set(try files(sharded).keys).subtracting(before)
            #expect(run.standardError.contains("translate: shard \(index)/3: \(share.count) of 5 inputs\n"))
            shares.append(share)
        }
        #expect(shares.reduce(0) { $0 + $1.count } == 5)
        #expect(try files(sharded) == files(whole))
        #expect(try files(whole).count == 5)
    }

    @Test func theKubernetesIndexChoosesTheSameShareAsTheOption() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let shots = root.appendingPathComponent("shots").path
        func listed(_ arguments: [String], environment: [String: String] = [:]) -> String {
            let run = InProcessRun([shots, "-r", "--ocr-only", "--format", "tsv"] + arguments,
                                   environment: InProcessRun.offlineEnvironment.merging(environment) { $1 })
            return run.standardOutput
        }
        let byOption = listed(["--shard", "2/2"])
        #expect(!byOption.isEmpty)
        #expect(listed([], environment: ["JOB_COMPLETION_INDEX": "1", "JOB_COMPLETIONS": "2"]) == byOption)
        let refused = InProcessRun([shots, "--ocr-only"], environment: InProcessRun.offlineEnvironment.merging(["JOB_COMPLETION_INDEX": "1"]) { $1 })
        #expect(refused.exitCode == 2)
        #expect(refused.standardError.hasPrefix("translate: invalid value '1' for JOB_COMPLETION_INDEX: expected JOB_COMPLETIONS set to the Job's completions beside it (or --shard K/N)\n"))
    }

    @Test func aShardWithNothingToDoSucceeds() throws {
        // One input across many shards: all but one of them have nothing to read.
        var outcomes: [Int32: Int] = [:]
        var notes = 0
        for index in 1...6 {
            let run = InProcessRun([TestPaths.fixture("korean-menu.png"), "--ocr-only", "--shard", "\(index)/6"])
            outcomes[run.exitCode, default: 0] += 1
            if run.standardError == "translate: shard \(index)/6: none of the 1 inputs falls to this shard\n" { notes += 1 }
        }
        #expect(outcomes == [0: 6])
        #expect(notes == 5)
    }

    @Test func skipExistingResumesAShard() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let shots = root.appendingPathComponent("shots").path
        let out = root.appendingPathComponent("out")
        // The shard that holds korean-menu.png ("a/korean-menu.png" → shard 1 of 2).
        let arguments = [shots, "-r", "--ocr-only", "--format", "json", "-o", out.path, "--shard", "1/2", "--skip-existing"]
        let first = InProcessRun(arguments)
        #expect(first.exitCode == 0)
        let written = try files(out)
        #expect(written.keys.contains("a/korean-menu.png.json"))

        // A run killed while writing leaves at most a hidden temporary file: it is not a result,
        // and the input is read again.
        try FileManager.default.removeItem(at: out.appendingPathComponent("a/korean-menu.png.json"))
        try Data("{\"half".utf8).write(to: out.appendingPathComponent("a/.korean-menu.png.json.k2x9.tmp"))
        let resumed = InProcessRun(arguments)
        #expect(resumed.exitCode == 0)
        #expect(resumed.standardError.contains("1 image in "))
        #expect(resumed.standardError.contains("; \(written.count - 1) already done"))
        var after = try files(out)
        after["a/.korean-menu.png.json.k2x9.tmp"] = nil
        #expect(after == written)
    }
}

/// `--cache-url`: the command on two machines (two local caches) sharing one Redis.
@Suite(.enabled(if: RedisTestServer.isInstalled, "redis-server is not installed (apt-get install redis-server); shared cache tests skipped"))
struct SharedCacheCommandTests {
    @Test func secondMachineSendsNoRequestForWhatTheFirstTranslated() throws {
        let server = try PapagoTestServer()
        let redis = try RedisTestServer()
        let machines = try (0..<2).map { _ in try TestPaths.temporaryDirectory() }
        defer { for machine in machines { try? FileManager.default.removeItem(at: machine) } }
        let image = TestPaths.fixture("korean-menu.png")
        func run(on machine: URL) -> InProcessRun {
            InProcessRun([image, "--to", "en", "--format", "jsonl", "--cache-url", redis.url],
                         environment: server.environment().merging(["XDG_CACHE_HOME": machine.path]) { $1 })
        }
        let first = run(on: machines[0])
        #expect(first.exitCode == 0, "\(first.standardError)")
        let sent = try server.translationRequests().count
        #expect(sent >= 1)
        // Redis holds the translations, no claim is left behind, and no key or value holds a credential.
        let contents = try redisContents(redis)
        #expect(contents.count >= 1)
        #expect(!contents.keys.contains { $0.hasPrefix(RedisTranslationStore.claimPrefix) })
        for (key, value) in contents {
            for credential in [PapagoTestServer.clientID, PapagoTestServer.clientSecret] {
                #expect(!key.contains(credential) && !value.contains(credential))
            }
        }

        let second = run(on: machines[1])
        #expect(second.exitCode == 0, "\(second.standardError)")
        #expect(try server.translationRequests().count == sent)
        #expect(second.standardOutput.replacingOccurrences(of: "\"cached\":true", with: "\"cached\":false") == first.standardOutput)
        // The second machine's own cache now holds them too: without Redis it still sends nothing.
        redis.stop()
        let third = run(on: machines[1])
        #expect(third.exitCode == 0)
        #expect(try server.translationRequests().count == sent)
        #expect(third.standardError.components(separatedBy: "shared translation cache").count == 1)
    }

    /// Every key in the server with its value.
    private func redisContents(_ redis: RedisTestServer) throws -> [String: String] {
        let connection = try RedisConnection(RedisAddress(host: "127.0.0.1", port: redis.port), connectTimeout: 5, commandTimeout: 5)
        guard case .array(let keys) = try connection.command(["KEYS", "*"]) else { return [:] }
        var contents: [String: String] = [:]
        for case .string(let bytes) in keys {
            let key = String(decoding: bytes, as: UTF8.self)
            if case .string(let value) = try connection.command(["GET", key]) { contents[key] = String(decoding: value, as: UTF8.self) }
        }
        return contents
    }

    /// A password in `--cache-url` shows in the process list: it may come from `REDIS_PASSWORD` or
    /// from the secrets file instead.
    @Test("the shared cache's password from REDIS_PASSWORD or the secrets file", arguments: ["environment", "secrets file"])
    func passwordOutsideTheURL(source: String) throws {
        let server = try PapagoTestServer()
        let redis = try RedisTestServer(options: ["--requirepass", "s3cret-pass"])
        let home = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        var environment = server.environment()
        if source == "environment" {
            environment["REDIS_PASSWORD"] = "s3cret-pass"
        } else {
            let secrets = home.appendingPathComponent("secrets.json")
            try Data(#"{"clientId": "x", "clientSecret": "y", "redisPassword": "s3cret-pass"}"#.utf8).write(to: secrets)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secrets.path)
            environment["TRANSLATE_SECRETS"] = secrets.path
        }
        let run = InProcessRun([TestPaths.fixture("korean-menu.png"), "--to", "en", "--format", "jsonl", "--cache-url", redis.url],
                               environment: environment)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(!run.standardError.contains("shared translation cache"), "\(run.standardError)")
        let connection = try RedisConnection(RedisAddress(host: "127.0.0.1", port: redis.port, password: "s3cret-pass"),
                                             connectTimeout: 5, commandTimeout: 5)
        guard case .array(let keys) = try connection.command(["KEYS", "*"]) else { Issue.record("no keys"); return }
        #expect(!keys.isEmpty)
    }

    @Test func withoutThePasswordTheSharedCacheIsOneWarning() throws {
        let server = try PapagoTestServer()
        let redis = try RedisTestServer(options: ["--requirepass", "s3cret-pass"])
        let run = InProcessRun([TestPaths.fixture("korean-menu.png"), "--to", "en", "--format", "jsonl", "--cache-url", redis.url],
                               environment: server.environment())
        #expect(run.exitCode == 0)
        #expect(run.standardError.split(separator: "\n").filter { $0.contains("shared translation cache") }.count == 1)
    }

    @Test func noRedisIsOneWarningAndTheRunSucceeds() throws {
        let server = try PapagoTestServer()
        let port = unusedLocalPort()
        let run = InProcessRun([TestPaths.fixture("korean-menu.png"), "--to", "en", "--cache-url", "redis://127.0.0.1:\(port)/0"],
                               environment: server.environment())
        #expect(run.exitCode == 0)
        let warnings = run.standardError.split(separator: "\n").filter { $0.contains("shared translation cache") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("translate: warning: shared translation cache redis://127.0.0.1:\(port)/0: cannot connect: ") == true)
        #expect(try server.translationRequests().count >= 1)
    }
}
