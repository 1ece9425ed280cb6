import Foundation
import Testing
@testable import TranslateModel
@testable import TranslationEngines
import TestSupport

/// The real translator, client and libcurl transport against papago_server.py over HTTP.
@Suite("PapagoTranslator over HTTP")
struct PapagoTranslatorTests {
    private func tag(_ source: String, _ target: String) -> String { "[\(source)→\(target)] " }

    @Test("a group of texts goes in one request, each translation on its own text")
    func groupedTranslation() throws {
        let server = try PapagoTestServer()
        let texts = ["안녕하세요", "a+b & c=d %20 ✓", "감사합니다"]
        let results = try server.translator().translate(texts, from: .korean, to: .english)

        #expect(results.map(\.text) == texts.map { tag("ko", "en") + $0 })
        #expect(results.allSatisfy { $0.source == .korean && $0.pivot == nil })
        let requests = try server.translationRequests()
        #expect(requests.count == 1)
        #expect(requests.first?.fields["text"] == texts.joined(separator: "\n"))
        #expect(requests.first?.fields["source"] == "ko")
        #expect(requests.first?.fields["target"] == "en")
        #expect(requests.first?.headers["user-agent"] == "translate/\(ToolVersion.current)")
    }

    @Test("line breaks inside a text become spaces, so the reply still has one line per text")
    func innerLineBreaks() throws {
        let server = try PapagoTestServer()
        let results = try server.translator().translate(["첫 줄 \n  둘째 줄\r\n셋째", "넷"], from: .korean, to: .english)

        #expect(results.map(\.text) == [tag("ko", "en") + "첫 줄 둘째 줄 셋째", tag("ko", "en") + "넷"])
        #expect(try server.translationRequests().map { $0.fields["text"] } == ["첫 줄 둘째 줄 셋째\n넷"])
    }

    @Test("texts are split into requests of at most 5000 characters, at text boundaries")
    func splitsAtTheLimit() throws {
        let server = try PapagoTestServer()
        let texts = (0..<5).map { String(repeating: "가나다라", count: 500) + "\($0)" }  // 2001 each
        let results = try server.translator().translate(texts, from: .korean, to: .english)

        #expect(results.map(\.text) == texts.map { tag("ko", "en") + $0 })
        let requests = try server.translationRequests()
        #expect(requests.count == 3)  // 2 + 2 + 1 texts
        #expect(requests.allSatisfy { ($0.fields["text"]?.count ?? .max) <= 5000 })
        #expect(requests.map { $0.fields["text"]?.split(separator: "\n").count } == [2, 2, 1])
    }

    @Test("texts that fill exactly 5000 characters with their separator go in one request")
    func exactlyAtTheLimit() throws {
        let server = try PapagoTestServer()
        let texts = [String(repeating: "a", count: 2499), String(repeating: "b", count: 2500)]
        let results = try server.translator().translate(texts, from: .english, to: .korean)

        #expect(results.map(\.text) == texts.map { tag("en", "ko") + $0 })
        #expect(try server.translationRequests().map { $0.fields["text"]?.count } == [5000])
    }

    @Test("one text longer than 5000 characters is split at sentence ends and joined again")
    func longTextIsSplit() throws {
        let server = try PapagoTestServer()
        let sentence = "This is sentence number one of a very long scanned page. "
        let long = String(repeating: sentence, count: 200).trimmingCharacters(in: .whitespaces)  // 11 399
        let results = try server.translator().translate(["short", long], from: .english, to: .korean)

        let pieces = PapagoTranslator.split(long, limit: 5000)
        #expect(pieces.count == 3)
        #expect(pieces.allSatisfy { $0.hasSuffix(".") && $0.utf16.count <= 5000 })
        #expect(results[0].text == tag("en", "ko") + "short")
        #expect(results[1].text == pieces.map { tag("en", "ko") + $0 }.joined(separator: " "))
        let requests = try server.translationRequests()
        #expect(requests.allSatisfy { ($0.fields["text"]?.count ?? .max) <= 5000 })
        #expect(requests.count == 3)
    }

    @Test("when the reply merges or splits lines, the texts are sent again one by one", arguments: [
        "merge-lines", "split-line",
    ])
    func lineCountMismatch(kind: String) throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": kind, "count": 1])
        let texts = ["하나", "둘", "셋"]
        let results = try server.translator().translate(texts, from: .korean, to: .english)

        #expect(results.map(\.text) == texts.map { tag("ko", "en") + $0 })
        let sent = try server.translationRequests().map { $0.fields["text"] }
        #expect(sent == ["하나\n둘\n셋", "하나", "둘", "셋"])
    }

    @Test("texts already in the target language need no request")
    func sameLanguage() throws {
        let server = try PapagoTestServer()
        let results = try server.translator().translate(["안녕", "세상"], from: .korean, to: .korean)

        #expect(results == [TranslatedText(text: "안녕", source: .korean), TranslatedText(text: "세상", source: .korean)])
        #expect(try server.requests().isEmpty)
    }

    @Test("empty and blank texts come back unchanged without a request")
    func blankTexts() throws {
        let server = try PapagoTestServer()
        let translator = try server.translator()
        #expect(try translator.translate(["", "  ", "\n"], from: .korean, to: .english).map(\.text) == ["", "  ", "\n"])
        #expect(try server.requests().isEmpty)

        let mixed = try translator.translate(["", "하나", " "], from: .korean, to: .english)
        #expect(mixed.map(\.text) == ["", tag("ko", "en") + "하나", " "])
        #expect(try server.translationRequests().map { $0.fields["text"] } == ["하나"])
    }

    @Test("with source auto, the detected language is reported")
    func autoSource() throws {
        let server = try PapagoTestServer()
        let results = try server.translator().translate(["안녕하세요", "반갑습니다"], from: nil, to: .english)

        #expect(results.map(\.source) == [.korean, .korean])
        #expect(results.map(\.text) == [tag("ko", "en") + "안녕하세요", tag("ko", "en") + "반갑습니다"])
        #expect(try server.translationRequests().map { $0.fields["source"] } == ["auto"])
    }

    @Test("with source auto, texts detected as the target language come back unchanged")
    func autoSourceAlreadyInTarget() throws {
        let server = try PapagoTestServer()
        let results = try server.translator().translate(["안녕하세요"], from: nil, to: .korean)

        #expect(results == [TranslatedText(text: "안녕하세요", source: .korean)])
        #expect(try server.translationRequests().count == 1)
    }

    @Test("a pair without a direct model is pivoted through English in two requests")
    func pivotThroughEnglish() throws {
        let server = try PapagoTestServer()
        let results = try server.translator().translate(["Guten Tag", "Danke"], from: .german, to: .japanese)

        #expect(results.map(\.text) == ["Guten Tag", "Danke"].map { tag("en", "ja") + tag("de", "en") + $0 })
        #expect(results.allSatisfy { $0.source == .german && $0.pivot == .english })
        let requests = try server.translationRequests()
        #expect(requests.map { [$0.fields["source"], $0.fields["target"]] } == [["de", "en"], ["en", "ja"]])
    }

    @Test("a pair English does not link is pivoted through Korean")
    func pivotThroughKorean() throws {
        let server = try PapagoTestServer()
        let results = try server.translator().translate(["Hello"], from: .english, to: .italian)

        #expect(results == [TranslatedText(text: tag("ko", "it") + tag("en", "ko") + "Hello", source: .english, pivot: .korean)])
        #expect(try server.translationRequests().count == 2)
    }

    @Test("with source auto and an unsupported pair, the source is detected and the pair pivoted")
    func autoSourcePivot() throws {
        let server = try PapagoTestServer()
        let results = try server.translator().translate(["Schöne Grüße"], from: nil, to: .japanese)

        #expect(results == [TranslatedText(text: tag("en", "ja") + tag("de", "en") + "Schöne Grüße", source: .german, pivot: .english)])
        let paths = try server.requests().map(\.path)
        #expect(paths == ["/nmt/v1/translation", "/langs/v1/dect", "/nmt/v1/translation", "/nmt/v1/translation"])
    }

    @Test("honorific and glossaryKey are sent when set")
    func options() throws {
        let server = try PapagoTestServer()
        let translator = try server.translator(options: PapagoOptions(honorific: true, glossaryKey: "menu-terms"))
        _ = try translator.translate(["Thank you"], from: .english, to: .korean)

        let fields = try server.translationRequests().first?.fields
        #expect(fields?["honorific"] == "true")
        #expect(fields?["glossaryKey"] == "menu-terms")
    }

    @Test("both dialects: their paths, their headers", arguments: PapagoDialect.allCases)
    func dialects(dialect: PapagoDialect) throws {
        let server = try PapagoTestServer()
        let results = try server.translator(dialect: dialect).translate(["사과"], from: .korean, to: .japanese)

        #expect(results.map(\.text) == [tag("ko", "ja") + "사과"])
        let request = try #require(try server.requests().first)
        #expect(request.path == dialect.translationPath)
        #expect(request.headers[dialect.clientIDHeader.lowercased()] == PapagoTestServer.clientID)
        #expect(request.headers[dialect.clientSecretHeader.lowercased()] == "<redacted>")  // the server redacts
    }

    @Test("authentication failure names the credential source, never the secret, and stops requests",
        arguments: [(PapagoDialect.ncp, "200"), (.naverDevelopers, "024")])
    func authenticationFailure(dialect: PapagoDialect, code: String) throws {
        let server = try PapagoTestServer()
        let wrongSecret = "wrong-SECRET-4711"
        let translator = try server.translator(dialect: dialect, secret: wrongSecret)

        let error = #expect(throws: PapagoError.self) { try translator.translate(["하나"], from: .korean, to: .english) }
        guard case .authenticationFailed(let actualCode, _, let source)? = error else {
            Issue.record("expected authenticationFailed, got \(String(describing: error))")
            return
        }
        #expect(actualCode == code)
        #expect(source == .environment)
        #expect(error?.scope == .run)
        let description = String(describing: error!)
        #expect(description.contains("PAPAGO_CLIENT_ID/PAPAGO_CLIENT_SECRET environment"))
        #expect(!description.contains(wrongSecret))
        #expect(!String(reflecting: error!).contains(wrongSecret))

        #expect(throws: error!) { try translator.translate(["둘"], from: .korean, to: .english) }
        #expect(try server.requests().count == 1)
    }

    @Test("throttling is retried with back-off, then succeeds",
        arguments: [(PapagoDialect.ncp, "throttle"), (.ncp, "rate-limit"), (.naverDevelopers, "throttle")])
    func throttlingRetried(dialect: PapagoDialect, kind: String) throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": kind, "count": 2])
        let sleeper = RecordingSleeper()
        let results = try server.translator(dialect: dialect, sleeper: sleeper).translate(["하나"], from: .korean, to: .english)

        #expect(results.map(\.text) == [tag("ko", "en") + "하나"])
        #expect(try server.requests().map(\.status) == [429, 429, 200])
        let policy = PapagoRetryPolicy()
        #expect(sleeper.delays.count == 2)
        for (index, delay) in sleeper.delays.enumerated() {
            let full = policy.backoff(beforeRetry: index + 1, jitter: 1)
            #expect(delay >= full / 2 && delay <= full)
        }
    }

    @Test("Retry-After is waited for exactly")
    func retryAfterHonoured() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "throttle", "retryAfter": "3"])
        let sleeper = RecordingSleeper()
        _ = try server.translator(sleeper: sleeper).translate(["하나"], from: .korean, to: .english)

        #expect(sleeper.delays == [3])
        #expect(try server.requests().count == 2)
    }

    @Test("a Retry-After beyond the policy's limit is not waited for")
    func retryAfterTooLong() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "rate-limit", "retryAfter": "3600"])
        let sleeper = RecordingSleeper()

        #expect(throws: PapagoError.throttled(code: "420", retryAfter: 3600)) {
            try server.translator(sleeper: sleeper).translate(["하나"], from: .korean, to: .english)
        }
        #expect(sleeper.delays.isEmpty)
        #expect(try server.requests().count == 1)
    }

    @Test("throttling that lasts is retried a bounded number of times, then thrown")
    func throttlingExhausted() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "throttle", "count": 10])

        #expect(throws: PapagoError.throttled(code: "410", retryAfter: nil)) {
            try server.translator(maxAttempts: 3).translate(["하나"], from: .korean, to: .english)
        }
        #expect(try server.requests().count == 3)
    }

    @Test("an exhausted quota stops every later request", arguments: [
        (PapagoDialect.ncp, "400"), (.naverDevelopers, "010"),
    ])
    func quotaStops(dialect: PapagoDialect, code: String) throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "quota", "count": 100])
        let sleeper = RecordingSleeper()
        let translator = try server.translator(dialect: dialect, sleeper: sleeper)
        let expected = PapagoError.quotaExceeded(code: code, message: "Quota Exceeded")

        #expect(throws: expected) { try translator.translate(["하나"], from: .korean, to: .english) }
        #expect(throws: expected) { try translator.translate(["둘", "셋"], from: nil, to: .japanese) }
        #expect(throws: expected) { try translator.client.detectLanguage("넷") }
        #expect(expected.scope == .run)
        #expect(translator.client.gate.stopReason == expected)
        #expect(try server.requests().count == 1)
        #expect(sleeper.delays.isEmpty)
    }

    @Test("after a quota error no thread sends anything more")
    func quotaStopsAllThreads() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "quota", "count": 100])
        let translator = try server.translator()
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            do {
                _ = try translator.translate(["텍스트 \(index)"], from: .korean, to: .english)
            } catch let error as PapagoError where error.scope == .run {
                failures.increment()
            } catch {}
        }
        #expect(failures.value == 8)
        let sentDuringTheRace = try server.requests().count
        #expect(sentDuringTheRace >= 1 && sentDuringTheRace <= 8)

        #expect(throws: PapagoError.self) { try translator.translate(["다시"], from: .korean, to: .english) }
        #expect(try server.requests().count == sentDuringTheRace)
    }

    @Test("server errors are retried a bounded number of times, then thrown", arguments: [
        ("endpoint-error", PapagoError.serverError(status: 503, code: "500", message: "Endpoint Error")),
        ("endpoint-timeout", .serverError(status: 504, code: "510", message: "Endpoint Timeout")),
        ("internal", .serverError(status: 500, code: "N2MT99", message: "Internal server errors")),
    ])
    func serverErrorsExhausted(kind: String, expected: PapagoError) throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": kind, "count": 10])
        let sleeper = RecordingSleeper()

        #expect(throws: expected) {
            try server.translator(sleeper: sleeper, maxAttempts: 3).translate(["하나"], from: .korean, to: .english)
        }
        #expect(try server.requests().count == 3)
        #expect(sleeper.delays.count == 2)
        #expect(expected.scope == .input)
    }

    @Test("a passing server error is retried and the translation succeeds")
    func serverErrorRecovers() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "endpoint-error"])
        let results = try server.translator().translate(["하나"], from: .korean, to: .english)

        #expect(results.map(\.text) == [tag("ko", "en") + "하나"])
        #expect(try server.requests().map(\.status) == [503, 200])
    }

    @Test("malformed json and an empty body are errors, not empty translations", arguments: [
        ("malformed", PapagoError.malformedReply("not valid json")), ("empty", .emptyReply),
    ])
    func badReplies(kind: String, expected: PapagoError) throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": kind])

        #expect(throws: expected) { try server.translator().translate(["하나"], from: .korean, to: .english) }
        #expect(try server.requests().count == 1)
    }

    @Test("a reply missing translatedText is malformed")
    func missingField() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "raw", "body": #"{"message":{"result":{"srcLangType":"ko","tarLangType":"en"}}}"#])

        #expect(throws: PapagoError.malformedReply("no translatedText")) {
            try server.translator().translate(["하나"], from: .korean, to: .english)
        }
    }

    @Test("a connection dropped mid-reply is retried")
    func droppedOnce() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "drop"])
        let results = try server.translator().translate(["하나"], from: .korean, to: .english)

        #expect(results.map(\.text) == [tag("ko", "en") + "하나"])
        let statuses = try server.requests().map(\.status)
        #expect(statuses == [nil, 200])
    }

    @Test("a connection that keeps dropping ends in an error")
    func droppedAlways() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "drop", "count": 10])
        let error = #expect(throws: PapagoError.self) {
            try server.translator(maxAttempts: 2).translate(["하나"], from: .korean, to: .english)
        }
        guard case .transport(.connectionDropped)? = error else {
            Issue.record("expected a dropped connection, got \(String(describing: error))")
            return
        }
        #expect(try server.requests().count == 2)
    }

    @Test("a refused connection is retried, then thrown")
    func connectionRefused() throws {
        let port = unusedLocalPort()
        let sleeper = RecordingSleeper()
        // A breaker that does not open within these three attempts.
        let client = PapagoClient(
            credentials: PapagoCredentials(clientID: "id", clientSecret: "secret", endpoint: "http://127.0.0.1:\(port)"),
            transport: try CurlTransport(), gate: PapagoRequestGate(failureLimit: 10), retryPolicy: PapagoRetryPolicy(maxAttempts: 3),
            sleeper: sleeper)
        let error = #expect(throws: PapagoError.self) {
            try PapagoTranslator(client: client).translate(["하나"], from: .korean, to: .english)
        }
        guard case .transport(.couldNotConnect)? = error else {
            Issue.record("expected couldNotConnect, got \(String(describing: error))")
            return
        }
        #expect(sleeper.delays.count == 2)
    }

    @Test("a request that times out is retried, then thrown")
    func timeout() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "latency", "latencyMs": 3000, "count": 2])

        #expect(throws: PapagoError.transport(.timedOut)) {
            try server.translator(maxAttempts: 2, requestTimeout: 0.3).translate(["하나"], from: .korean, to: .english)
        }
        #expect(try server.requests().count == 2)
    }

    @Test("a body too large for the gateway is halved and sent again")
    func bodyTooLarge() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "too-large"])
        let texts = ["하나", "둘", "셋", "넷"]
        let results = try server.translator().translate(texts, from: .korean, to: .english)

        #expect(results.map(\.text) == texts.map { tag("ko", "en") + $0 })
        #expect(try server.translationRequests().map { $0.fields["text"] } == ["하나\n둘\n셋\n넷", "하나\n둘", "셋\n넷"])
    }

    @Test("languages Papago only detects are refused without a request")
    func detectionOnlyLanguage() throws {
        let server = try PapagoTestServer()
        #expect(throws: PapagoError.unsupportedLanguage(.portuguese)) {
            try server.translator().translate(["Olá"], from: .portuguese, to: .english)
        }
        #expect(try server.requests().isEmpty)
    }
}

/// A thread-safe counter for concurrent tests.
final class Counter: @unchecked Sendable {
    // @unchecked Sendable: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
