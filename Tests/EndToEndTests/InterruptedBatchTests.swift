import Foundation
import Testing
import Locking
@testable import TranslateCLI
import TestSupport

/// Ctrl-C while an early image is still being translated and later ones are done: every
/// finished image is kept and counted, in every output mode.
@Suite struct InterruptedBatchTests {
    /// Interrupts on cue, as Ctrl-C would.
    final class CuedInterrupts: InterruptSource {
        private let handler = Locked<(@Sendable () -> Void)?>(nil)

        func start(_ handler: @escaping @Sendable () -> Void) { self.handler.withLock { $0 = handler } }
        func stop() { handler.withLock { $0 = nil } }
        func interrupt() { handler.current?() }
    }

    /// The first image's translation request is held (answered a space at a time, so that the
    /// client's stall limit never gives it up, however long the reading takes under the thread
    /// sanitizer); the last image's is answered. The run is
    /// interrupted then, and ends after its grace period without the first image.
    /// `whileHeld` runs after the run ended and before the held request is let go.
    private static func interruptedRun(_ extra: [String], whileHeld: () -> Void = {}) throws -> InProcessRun {
        let server = try PapagoTestServer()
        defer { server.stop() }
        try server.fail(["kind": "hold", "path": "translate"])
        let images = ["korean-menu.png", "dark-korean.png", "english-page.png", "spanish-screenshot.png"].map(TestPaths.fixture)
        let interrupts = CuedInterrupts()
        let cue = Thread {
            // The Spanish screenshot is read last (one OCR thread): once a request of it is
            // answered, the images after the first are translated.
            for _ in 0..<3000 {
                let answered = (try? server.translationRequests()) ?? []
                if answered.contains(where: { $0.status == 200 && ($0.fields["text"] ?? "").contains("paraguas") }) { break }
                usleep(20_000)
            }
            interrupts.interrupt()
        }
        cue.start()
        // A request limit longer than the cue's wait, so that the held request is not given up.
        let run = InProcessRun(images + ["--to", "en", "-j", "1", "--timeout", "600"] + extra, environment: server.environment(),
                               interrupts: interrupts)
        whileHeld()
        // Let go of the held request, so that the thread waiting for it ends.
        try? server.reset()
        return run
    }

    @Test func theJSONPrintedAfterCtrlCHoldsEveryFinishedImage() throws {
        let run = try Self.interruptedRun(["--format", "json"])
        #expect(run.exitCode == ExitCode.interrupted.rawValue, "\(run.standardError)")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        let files = results.map { URL(fileURLWithPath: $0["file"] as? String ?? "").lastPathComponent }
        #expect(files == ["dark-korean.png", "english-page.png", "spanish-screenshot.png"], "\(run.standardOutput)")
        #expect(run.standardError.contains("translate: interrupted: 3 of 4 images in "), "\(run.standardError)")
    }

    @Test func theSummaryCountsEveryFileWrittenToTheOutputDirectory() throws {
        let folder = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var written: [String] = []
        let run = try Self.interruptedRun(["--format", "json", "-o", folder.path]) {
            // Before the first image's translation is let go, which would write its file late.
            written = (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
                .map { URL(fileURLWithPath: $0).lastPathComponent }.filter { $0.hasSuffix(".json") }.sorted()
        }
        #expect(run.exitCode == ExitCode.interrupted.rawValue, "\(run.standardError)")
        #expect(written == ["dark-korean.png.json", "english-page.png.json", "spanish-screenshot.png.json"], "\(written)")
        #expect(run.standardError.contains("translate: interrupted: 3 of 4 images in "), "\(run.standardError)")
    }
}
