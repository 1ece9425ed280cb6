import Foundation
import Testing
@testable import TranslationEngines
@testable import TranslatePipeline
@testable import TranslateCLI
import Locking
import TestSupport

/// `translate DIR …`: many images in one run, end to end.
@Suite struct BatchCommandTests {
    let page = TestPaths.fixture("english-page.png")

    /// A temporary directory with links named `names` to `target` (or to a text file for names ending in "!").
    private func folder(_ names: [String], linkingTo target: String) throws -> URL {
        let directory = try TestPaths.temporaryDirectory()
        for name in names {
            let url = directory.appendingPathComponent(name.hasSuffix("!") ? String(name.dropLast()) : name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if name.hasSuffix("!") {
                try Data("not an image".utf8).write(to: url)
            } else {
                try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
            }
        }
        return directory
    }

    /// The heap's mapping threshold is fixed for a run with automatic languages, whose handles
    /// come and go, and left to glibc with fixed ones, where that is faster.
    @Test func theHeapMappingThresholdIsFixedOnlyWithAutomaticLanguages() {
        let calls = Locked(0)
        let fixed = InProcessRun([page, "--ocr-only", "--format", "jsonl", "-l", "eng"],
                                 fixHeapMappingThreshold: { calls.withLock { $0 += 1 } })
        #expect(fixed.exitCode == 0, "\(fixed.standardError)")
        #expect(calls.current == 0)
        let automatic = InProcessRun([page, "--ocr-only", "--format", "jsonl"],
                                     fixHeapMappingThreshold: { calls.withLock { $0 += 1 } })
        #expect(automatic.exitCode == 0, "\(automatic.standardError)")
        #expect(calls.current == 1)
    }

    @Test func resultsComeInInputOrderAndFailuresDoNotStopTheRun() throws {
        let directory = try folder(["3.png", "2.png!", "1.png", "notes.txt!"], linkingTo: page)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = InProcessRun([directory.path, "--ocr-only", "--format", "jsonl", "-l", "eng"])
        #expect(run.exitCode == ExitCode.someInputsFailed.rawValue)
        let results = try run.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(results.map { $0["file"] as? String } == ["1.png", "2.png", "3.png"].map { directory.path + "/" + $0 })
        #expect((results[1]["error"] as? [String: Any])?["code"] as? String == "not_an_image")
        #expect(results[0]["error"] is NSNull && results[2]["error"] is NSNull)
        let messages = run.standardError.split(separator: "\n").map(String.init)
        #expect(messages.count == 2)
        #expect(messages.first == "translate: \(directory.path)/2.png: not an image (unrecognised file format)")
        #expect(messages.last?.hasPrefix("translate: 3 images in ") == true)
        #expect(messages.last?.hasSuffix(" boxes, 1 failed; 1 other file skipped") == true)
    }

    @Test func filesFromStandardInputSeparatedByNul() throws {
        let run = InProcessRun(["--files-from", "-", "-0", "--ocr-only", "--format", "jsonl"],
                               standardInput: Data("/nonexistent/b.png\0/nonexistent/a\nnewline.png\0".utf8))
        #expect(run.exitCode == ExitCode.noInputReadable.rawValue)
        let files = run.standardOutput.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["file"] as? String
        }
        #expect(files == ["/nonexistent/b.png", "/nonexistent/a\nnewline.png"])
    }

    @Test func progressBarOnlyOnATerminal() throws {
        let arguments = ["--files-from", "-", "--ocr-only", "--format", "jsonl"]
        let list = Data("/nonexistent/1.png\n/nonexistent/2.png\n".utf8)
        let terminal = InProcessRun(arguments, standardInput: list, standardErrorWidth: 60)
        #expect(terminal.standardError.contains("\r  2/2 images ["))
        // The bar is cleared before every other line, and at the end.
        // (An error line is red on a terminal.)
        #expect(terminal.standardError.contains("\r\u{1B}[K\u{1B}[1;31mtranslate: /nonexistent/1.png: no such file\u{1B}[0m\n"))
        #expect(terminal.standardError.contains("\r\u{1B}[Ktranslate: 2 images in "))
        let piped = InProcessRun(arguments, standardInput: list)
        #expect(!piped.standardError.contains("\r"))
        #expect(!piped.standardError.contains("\u{1B}"))
        #expect(piped.standardError.hasPrefix("translate: /nonexistent/1.png: no such file\ntranslate: /nonexistent/2.png: no such file\n"))
        // --quiet: no bar either.
        #expect(!InProcessRun(arguments + ["-q"], standardInput: list, standardErrorWidth: 60).standardError.contains("\r"))
        // Standard output into a pipe (`| awk`, whose lines land on the same terminal): no bar.
        let intoPipe = InProcessRun(arguments, standardInput: list, standardErrorWidth: 60, standardOutputIsPipe: true)
        #expect(!intoPipe.standardError.contains("\r"))
        #expect(intoPipe.standardError.hasPrefix("\u{1B}[1;31mtranslate: /nonexistent/1.png: no such file\u{1B}[0m\n"))
    }

    @Test func outputDirectoryMirrorsTheInputsAndSkipsWhatIsDone() throws {
        let source = try folder(["a.png", "sub/b.png"], linkingTo: page)
        let output = try TestPaths.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: source)
            try? FileManager.default.removeItem(at: output)
        }
        let arguments = [source.path, "-r", "--ocr-only", "--format", "json", "-l", "eng", "-o", output.path + "/results"]
        let first = InProcessRun(arguments)
        #expect(first.exitCode == 0)
        #expect(first.standardOutput == "")
        let files = try FileManager.default.subpathsOfDirectory(atPath: output.path + "/results").sorted()
        #expect(files == ["a.png.json", "sub", "sub/b.png.json"])
        let written = try Data(contentsOf: output.appendingPathComponent("results/sub/b.png.json"))
        let results = try #require(try JSONSerialization.jsonObject(with: written) as? [[String: Any]])
        #expect(results.map { $0["file"] as? String } == [source.path + "/sub/b.png"])

        let again = InProcessRun(arguments + ["--skip-existing"])
        #expect(again.exitCode == 0)
        #expect(again.standardError.hasPrefix("translate: 0 images in "))
        #expect(again.standardError.hasSuffix(": 0 boxes, 0 failed; 2 already done\n"))
        try FileManager.default.removeItem(at: output.appendingPathComponent("results/a.png.json"))
        let resumed = InProcessRun(arguments + ["--skip-existing"])
        #expect(resumed.standardError.hasPrefix("translate: 1 image in "))
        #expect(FileManager.default.fileExists(atPath: output.path + "/results/a.png.json"))
    }

    /// A page read but not translated keeps its text in a `.partial` file, which
    /// `--skip-existing` does not count as done; the complete result replaces it.
    @Test func failedTranslationKeepsTheTextInAPartialFile() throws {
        let source = try folder(["menu.png"], linkingTo: TestPaths.fixture("korean-menu.png"))
        let output = try TestPaths.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: source)
            try? FileManager.default.removeItem(at: output)
        }
        let results = output.path + "/results"
        // Apertium has no Korean pair here, so the Korean boxes cannot be translated.
        let failed = InProcessRun([source.path, "--engine", "apertium", "--to", "en", "--format", "json", "-o", results])
        #expect(failed.exitCode == ExitCode.someInputsFailed.rawValue, "\(failed.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: results) == ["menu.png.json.partial"])
        let partial = try String(contentsOfFile: results + "/menu.png.json.partial", encoding: .utf8)
        #expect(partial.contains("\"error\""))
        #expect(partial.range(of: "\\p{Hangul}", options: .regularExpression) != nil, "\(partial)")

        let resumed = InProcessRun([source.path, "--ocr-only", "--format", "json", "-o", results, "--skip-existing"])
        #expect(resumed.exitCode == 0)
        #expect(resumed.standardError.hasPrefix("translate: 1 image in "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: results) == ["menu.png.json"])
    }

    @Test func atomicWriteLeavesNoPartialOrTemporaryFile() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = ConfinedDirectory(root: directory.path)
        try files.write(Data("first".utf8), to: "deep/er/result.json")
        try files.write(Data("second".utf8), to: "deep/er/result.json")
        #expect(try String(contentsOfFile: directory.path + "/deep/er/result.json", encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/deep/er") == ["result.json"])
        #expect(throws: OutputFileError.self) { try files.write(Data(), to: "deep/er/result.json/under-a-file") }
    }

    @Test func batchOptionsAreChecked() {
        for (arguments, message) in [
            (["a.png", "--ocr-only", "-0"], "--null only works with --files-from"),
            (["a.png", "--ocr-only", "--skip-existing"], "--skip-existing only works with --output-dir"),
            (["-", "--ocr-only", "-o", "out"], "--output-dir and - (standard input) cannot be used together"),
            (["a.png", "--ocr-only", "--no-cache", "--cache-dir", "c"], "--no-cache and --cache-dir cannot be used together"),
            (["a.png", "--ocr-only", "--max-requests", "0"], "invalid value '0' for --max-requests: expected a whole number from 1 to 64"),
        ] {
            let run = InProcessRun(arguments)
            #expect(run.exitCode == ExitCode.usage.rawValue)
            #expect(run.standardError.hasPrefix("translate: \(message)\n"))
        }
        let empty = InProcessRun(["--files-from", "-", "--ocr-only"], standardInput: Data("\n".utf8))
        #expect(empty.exitCode == ExitCode.noInputReadable.rawValue)
        #expect(empty.standardError == "translate: no images found among the inputs\n")
    }

    @Test func summaryLine() {
        var summary = RunSummary(images: 40, total: 40, boxes: 812, failed: 2, alreadyDone: 0, skippedFiles: 0,
                                 requests: 38, cacheHits: 402, duration: .milliseconds(6240), interrupted: false)
        #expect(summary.line == "translate: 40 images in 6.2 s: 812 boxes, 38 requests, 402 cache hits, 2 failed")
        summary = RunSummary(images: 1, total: 3, boxes: 1, failed: 0, alreadyDone: 5, skippedFiles: 1,
                             requests: 1, cacheHits: 1, duration: .seconds(125), interrupted: true)
        #expect(summary.line == "translate: interrupted: 1 of 3 images in 2:05: 1 box, 1 request, 1 cache hit, 0 failed; 5 already done, 1 other file skipped")
        summary.requests = nil
        summary.cacheHits = nil
        summary.interrupted = false
        #expect(summary.line == "translate: 1 image in 2:05: 1 box, 0 failed; 5 already done, 1 other file skipped")
    }
}

/// The translation cache seen from the command line, against the Papago test server.
@Suite struct BatchCacheCommandTests {
    @Test func secondRunSendsNothingAndSaysWhatCameFromTheCache() throws {
        let server = try PapagoTestServer()
        let shots = try TestPaths.temporaryDirectory()
        let cache = try TestPaths.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: shots)
            try? FileManager.default.removeItem(at: cache)
        }
        try FileManager.default.createSymbolicLink(atPath: shots.appendingPathComponent("menu.png").path,
                                                   withDestinationPath: TestPaths.fixture("korean-menu.png"))
        let environment = server.environment().merging(["XDG_CACHE_HOME": cache.path]) { $1 }
        func cachedFlags(_ run: InProcessRun) throws -> [Bool] {
            let result = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
            let boxes = try #require(result["boxes"] as? [[String: Any]])
            return boxes.filter { $0["text"] as? String != $0["translation"] as? String }.compactMap { $0["cached"] as? Bool }
        }

        let first = InProcessRun([shots.path, "--to", "en", "--format", "jsonl"], environment: environment)
        #expect(first.exitCode == 0)
        #expect(try server.translationRequests().count == 1)
        #expect(first.standardError.contains(" boxes, 1 request, 0 cache hits, 0 failed"))
        #expect(try cachedFlags(first).allSatisfy { !$0 })

        let second = InProcessRun([shots.path, "--to", "en", "--format", "jsonl"], environment: environment)
        #expect(second.exitCode == 0)
        #expect(try server.translationRequests().count == 1)
        let translated = try cachedFlags(second)
        #expect(!translated.isEmpty && translated.allSatisfy { $0 })
        #expect(second.standardError.contains(" boxes, 0 requests, \(translated.count) cache hits, 0 failed"))

        // Another target language is another key; --no-cache neither reads nor writes.
        _ = InProcessRun([shots.path, "--to", "ja", "--format", "jsonl"], environment: environment)
        #expect(try server.translationRequests().count == 2)
        let uncached = InProcessRun([shots.path, "--to", "en", "--format", "jsonl", "--no-cache"], environment: environment)
        #expect(try server.translationRequests().count == 3)
        #expect(try cachedFlags(uncached).allSatisfy { !$0 })

        // Nothing secret is kept.
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.path + "/translate")
        for file in files {
            let bytes = try Data(contentsOf: cache.appendingPathComponent("translate/" + file))
            #expect(bytes.range(of: Data(PapagoTestServer.clientSecret.utf8)) == nil, "\(file) holds the secret")
        }
    }

    @Test func damagedCacheIsReportedAndRebuilt() throws {
        let cache = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let file = cache.appendingPathComponent("translate/\(SQLiteTranslationCache.fileName)")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 0x42, count: 4096).write(to: file)
        let run = InProcessRun(["/nonexistent.png", "--to", "en", "--engine", "apertium"],
                               environment: InProcessRun.offlineEnvironment.merging(["XDG_CACHE_HOME": cache.path]) { $1 })
        #expect(run.standardError.hasPrefix(
            "translate: warning: the translation cache \(file.path) was damaged (file is not a database); moved it to \(file.path).damaged and started a new one\n"))
        #expect(run.standardError.contains("translate: /nonexistent.png: no such file\n"))
        // The new cache is a sound one.
        _ = try SQLiteTranslationCache(directory: file.deletingLastPathComponent().path, warn: { Issue.record("warned: \($0)") })
    }
}

/// The binary reading a folder of 60 copies of the Korean menu, its output in a pipe that the
/// test reads as far as it likes: 60 results are about 460 KB, far more than a pipe holds
/// (64 KB), so once the test stops reading the binary cannot finish before the test acts.
struct SixtyImageRun {
    let folder: URL
    let binary: BinaryRun
    var process: Process { binary.process }
    var output: Pipe { binary.output }
    var errors: Pipe { binary.errors }

    init(format: String) throws {
        folder = try TestPaths.temporaryDirectory()
        for index in 0..<60 {
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(String(format: "%02d.png", index)).path,
                                                       withDestinationPath: TestPaths.fixture("korean-menu.png"))
        }
        binary = try BinaryRun([folder.path, "--ocr-only", "--format", format])
    }

    /// Reads standard output until it holds `lines` line ends (or ends).
    func read(lines: Int) -> Data {
        binary.read(lines: lines)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Ctrl-C (SIGINT) and `kill` (SIGTERM) on the real binary.
@Suite struct InterruptTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalEndsTheRunWithCompleteOutputAnd130(_ signalNumber: Int32) throws {
        let run = try SixtyImageRun(format: "json")
        defer { run.remove() }
        // Interrupt once the first result is out; the run cannot have finished (see SixtyImageRun).
        var output = run.read(lines: 2)
        kill(run.process.processIdentifier, signalNumber)
        output.append(try run.output.fileHandleForReading.readToEnd() ?? Data())
        let errors = String(decoding: try run.errors.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self)
        run.process.waitUntilExit()

        #expect(run.process.terminationReason == .exit)
        #expect(run.process.terminationStatus == ExitCode.interrupted.rawValue)
        let results = try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]])
        #expect(!results.isEmpty && results.count < 60)
        // In input order; each OCR thread reads its own run of neighbouring images, so what both
        // finished is kept: the first thread's images from the start, the second's from the middle.
        let files = results.compactMap { $0["file"] as? String }
        #expect(files == files.sorted() && Set(files).count == results.count)
        #expect(files.first == run.folder.path + "/00.png")
        #expect(errors.hasPrefix("translate: interrupted: \(results.count) of 60 images in "))
    }
}

/// A reader that stops early (`translate DIR | head -1`).
@Suite struct ClosedOutputTests {
    /// Once the reader closes the pipe the run stops at once, quietly, with 141 (the status of
    /// a process ended by SIGPIPE, which shells treat as a normal end of a pipeline).
    @Test func aClosedStandardOutputEndsTheRunQuietly() throws {
        let run = try SixtyImageRun(format: "jsonl")
        defer { run.remove() }
        let first = run.read(lines: 1)
        try run.output.fileHandleForReading.close()
        let errors = String(decoding: try run.errors.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self)
        run.process.waitUntilExit()
        #expect(!first.isEmpty)
        #expect(run.process.terminationReason == .exit)
        #expect(run.process.terminationStatus == ExitCode.outputClosed.rawValue)
        #expect(errors == "")
    }
    /// A full disk is not a closed pipe: the run says why it stopped, once, with a status of its own.
    @Test("standard output on a full device: one line on stderr with the cause, exit status 8", arguments: ["json", "jsonl", "text"])
    func aFullDiskIsSaid(format: String) throws {
        let process = Process()
        process.executableURL = TestPaths.executable
        process.arguments = [TestPaths.fixture("spanish-screenshot.png"), TestPaths.fixture("korean-menu.png"),
                             "--ocr-only", "--ocr-lang", "spa", "--format", format]
        process.environment = InProcessRun.offlineEnvironment
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: try errors.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == ExitCode.outputFailed.rawValue)
        #expect(said == "translate: cannot write to standard output: no space left on device; the output is incomplete\n")
    }
}
