import Foundation
import Testing
@testable import TranslateModel
@testable import TranslationEngines
@testable import TranslateCLI
import TestSupport

/// Translations already received are kept, and cached, when a later request of the same call
/// fails: a resumed run does not pay for them again.
@Suite struct PartialTranslationTests {
    @Test("a call whose second request fails returns the first request's translations, and sends no third")
    func translatorKeepsWhatArrived() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "latency", "latencyMs": 0])
        try server.fail(["kind": "endpoint-error", "count": 10])
        // One text per request.
        let translator = PapagoTranslator(client: try server.client(maxAttempts: 2), maxCharactersPerRequest: 2)
        let outcome = translator.translations(of: ["하나", "둘", "셋"], from: .korean, to: .english)
        #expect(outcome.translations.map { $0?.text } == [tag("ko", "en") + "하나", nil, nil])
        #expect(outcome.failure as? PapagoError == .serverError(status: 503, code: "500", message: "Endpoint Error"))
        #expect(try server.translationRequests().compactMap { $0.fields["text"] } == ["하나", "둘", "둘"])
    }

    @Test("one box failing on retry: the boxes translated before it keep their translations and are cached")
    func resumedRunPaysOnlyForTheRest() throws {
        let server = try PapagoTestServer()
        let cache = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = server.environment().merging(["XDG_CACHE_HOME": cache.path]) { $1 }
        let menu = TestPaths.fixture("korean-menu.png")
        // The reply to the whole page merges two lines, so each line is sent on its own; the first
        // two succeed, the third fails every retry.
        try server.fail(["kind": "merge-lines"])
        try server.fail(["kind": "latency", "latencyMs": 0, "count": 2])
        try server.fail(["kind": "endpoint-error", "count": PapagoRetryPolicy().maxAttempts])
        let first = InProcessRun([menu, "--to", "en", "--format", "jsonl"], environment: environment)
        #expect(first.exitCode == ExitCode.someInputsFailed.rawValue)
        let firstResult = try #require(try JSONSerialization.jsonObject(with: Data(first.standardOutput.utf8)) as? [String: Any])
        #expect((firstResult["error"] as? [String: Any])?["code"] as? String == "service_error")
        let firstBoxes = try #require(firstResult["boxes"] as? [[String: Any]])
        let received = firstBoxes.filter { ($0["translation"] as? String)?.hasPrefix(tag("ko", "en")) == true }.compactMap { $0["text"] as? String }
        #expect(received.count == 2)

        try server.reset()
        let second = InProcessRun([menu, "--to", "en", "--format", "jsonl"], environment: environment)
        #expect(second.exitCode == 0, "\(second.standardError)")
        let sent = try server.translationRequests().compactMap { $0.fields["text"] }.joined(separator: "\n").split(separator: "\n").map(String.init)
        #expect(!sent.isEmpty)
        #expect(received.allSatisfy { !sent.contains($0) }, "sent again: \(sent)")
        let secondResult = try #require(try JSONSerialization.jsonObject(with: Data(second.standardOutput.utf8)) as? [String: Any])
        let secondBoxes = try #require(secondResult["boxes"] as? [[String: Any]])
        for box in secondBoxes where received.contains(box["text"] as? String ?? "") {
            #expect(box["cached"] as? Bool == true)
        }
    }

    private func tag(_ source: String, _ target: String) -> String {
        "[\(source)→\(target)] "
    }
}
