import Foundation
import Testing
@testable import TranslateModel
@testable import TranslationEngines
@testable import TranslateCLI
import TestSupport
import Locking

/// A translation service that accepts connections and never answers, or is not there at all,
/// ends the run quickly: a few attempts, not a few per image.
@Suite struct DeadServiceTests {
    let menu = TestPaths.fixture("korean-menu.png")
    let mixed = TestPaths.fixture("mixed-screenshot.png")
    let dialog = TestPaths.screenshots.appendingPathComponent("ko-chat-dark@1x.png").path

    @Test("a service that never answers: three timeouts in a row, then nothing more is sent")
    func hangingServiceOpensTheBreaker() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "hang", "count": 100])
        let translator = try server.translator(maxAttempts: 4, requestTimeout: 0.5)
        let started = ContinuousClock.now
        #expect(throws: PapagoError.serviceUnavailable(failuresInARow: 3, last: .timedOut)) {
            try translator.translate(["하나"], from: .korean, to: .english)
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(try server.requests().count == 3)
        // Every later call fails at once, without a request.
        #expect(throws: PapagoError.serviceUnavailable(failuresInARow: 3, last: .timedOut)) {
            try translator.translate(["둘"], from: .korean, to: .english)
        }
        #expect(try server.requests().count == 3)
        #expect(translator.client.requestCounter.value == 3)
    }

    @Test("a connection that stays silent ends at the read timeout, long before the request's own")
    func silenceEndsAtTheReadTimeout() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "hang"])
        let client = try server.client(maxAttempts: 1, requestTimeout: 30, transport: CurlTransport.Configuration(stallTimeout: 1))
        let started = ContinuousClock.now
        #expect(throws: PapagoError.transport(.timedOut)) { try client.translate("하나", from: .korean, to: .english) }
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test("a request waiting on a silent service ends as soon as another finds the service down")
    func waitingRequestsEndWithTheBreaker() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "hang"])
        let gate = PapagoRequestGate(failureLimit: 1)
        let waiting = try server.client(maxAttempts: 1, requestTimeout: 60, gate: gate)
        let finished = DispatchSemaphore(value: 0)
        let outcome = Locked<PapagoError?>(nil)
        Thread.detachNewThread {
            do throws(PapagoError) {
                _ = try waiting.translate("하나", from: .korean, to: .english)
            } catch {
                outcome.withLock { $0 = error }
            }
            finished.signal()
        }
        // Once the server holds that request, a client sharing the gate finds nothing listening.
        for _ in 0..<200 where try server.requests().isEmpty { usleep(20_000) }
        let closed = PapagoClient(credentials: PapagoCredentials(clientID: "id", clientSecret: "secret", endpoint: "http://127.0.0.1:\(unusedLocalPort())"),
                                  transport: try CurlTransport(), gate: gate, retryPolicy: PapagoRetryPolicy(maxAttempts: 1))
        let started = ContinuousClock.now
        #expect(throws: PapagoError.self) { try closed.translate("둘", from: .korean, to: .english) }
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(ContinuousClock.now - started < .seconds(10))
        guard case .serviceUnavailable(1, .couldNotConnect)? = outcome.current else {
            Issue.record("expected the waiting request to end with the gate's reason, got \(String(describing: outcome.current))")
            return
        }
    }

    @Test("the command: OCR results kept, the service's failure said once, its own exit status")
    func commandEndsQuicklyAndKeepsTheText() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "hang", "count": 100])
        let run = InProcessRun([menu, mixed, dialog, "--to", "en", "--timeout", "0.5", "--format", "jsonl", "-j", "1", "--max-requests", "1"],
                               environment: server.environment())
        #expect(run.exitCode == ExitCode.serviceUnavailable.rawValue)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(run.standardError)")
        #expect(lines.first == "translate: \(menu): papago is not answering: 3 requests in a row got no reply (the last: the request timed out); "
            + "no further requests are sent")
        #expect(lines.dropLast().last?.hasPrefix("translate: 3 images in ") == true)
        #expect(try server.requests().count == 3)
        let results = try run.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(results.count == 3)
        for result in results {
            #expect((result["error"] as? [String: Any])?["code"] as? String == "service_unavailable")
            let boxes = try #require(result["boxes"] as? [[String: Any]])
            #expect(boxes.count >= 5)
            // Korean boxes are untranslated; boxes already in English need no service.
            #expect(boxes.filter { $0["language"] as? String == "ko" }.allSatisfy { $0["translation"] is NSNull })
        }
        // After the summary, the boxes the service never translated are counted.
        let untranslated = results.flatMap { $0["boxes"] as? [[String: Any]] ?? [] }.filter { $0["untranslated"] as? String == "service_stopped" }
        #expect(lines.last == "translate: \(untranslated.count) boxes not translated: the translation service stopped taking requests")
    }

    @Test("nothing listening costs three connection attempts, not a few per image")
    func closedPortIsTriedThreeTimes() {
        let environment = InProcessRun.offlineEnvironment.merging([
            "PAPAGO_CLIENT_ID": "id", "PAPAGO_CLIENT_SECRET": "secret", "PAPAGO_ENDPOINT": "http://127.0.0.1:\(unusedLocalPort())",
        ]) { $1 }
        let run = InProcessRun([menu, mixed, dialog, "--to", "en", "--format", "jsonl", "-j", "1"], environment: environment)
        #expect(run.exitCode == ExitCode.serviceUnavailable.rawValue)
        #expect(run.standardError.contains(": papago is not answering: 3 requests in a row got no reply (the last: could not connect: "))
        #expect(run.standardError.contains(", 3 requests, 0 cache hits, 3 failed"))
    }
}
