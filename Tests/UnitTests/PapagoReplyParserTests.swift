import Foundation
import FuzzTargets
import Testing
import TestSupport
import TranslateModel
@testable import TranslationEngines

@Suite("Papago replies")
struct PapagoReplyParserTests {
    private let source = PapagoCredentialSource.file("/home/me/.config/translate/secrets.json")

    private func response(_ status: Int, _ body: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
    }

    private func nested(_ code: String, _ message: String) -> String {
        #"{"error":{"errorCode":"\#(code)","message":"\#(message)","details":"d"}}"#
    }

    private func flat(_ code: String, _ message: String) -> String {
        #"{"errorMessage":"\#(message)","errorCode":"\#(code)"}"#
    }

    @Test("a success needs only srcLangType, tarLangType and translatedText")
    func success() throws {
        let minimal = #"{"message":{"result":{"srcLangType":"ko","tarLangType":"en","translatedText":"Hi\nthere"}}}"#
        #expect(
            try PapagoReplyParser.translation(from: response(200, minimal), credentialSource: source)
                == PapagoTranslation(sourceCode: "ko", targetCode: "en", text: "Hi\nthere"))
        let full = #"{"message":{"@type":"response","result":{"srcLangType":"ja","tarLangType":"ko","engineType":"N2MT","translatedText":"안녕","dict":null}}}"#
        #expect(try PapagoReplyParser.translation(from: response(200, full), credentialSource: source).text == "안녕")
    }

    @Test("bad success bodies are errors", arguments: [
        ("", PapagoError.emptyReply),
        ("  \r\n", .emptyReply),
        ("<html>oops</html>", .malformedReply("not valid json")),
        (#"{"message":{"result":{"srcLangType":"ko""#, .malformedReply("not valid json")),
        ("[1,2]", .malformedReply("not a json object")),
        (#"{"message":{}}"#, .malformedReply("no message.result object")),
        (#"{"message":{"result":{"tarLangType":"en","translatedText":"x"}}}"#, .malformedReply("no srcLangType")),
        (#"{"message":{"result":{"srcLangType":"ko","translatedText":"x"}}}"#, .malformedReply("no tarLangType")),
        (#"{"message":{"result":{"srcLangType":"ko","tarLangType":"en"}}}"#, .malformedReply("no translatedText")),
        (#"{"message":{"result":{"srcLangType":"ko","tarLangType":"en","translatedText":7}}}"#, .malformedReply("no translatedText")),
        (#"{"message":{"result":{"srcLangType":"ko","tarLangType":"en","translatedText":""}}}"#, .emptyReply),
    ])
    func badSuccess(body: String, expected: PapagoError) {
        #expect(throws: expected) { try PapagoReplyParser.translation(from: response(200, body), credentialSource: source) }
    }

    @Test("every documented code, in both error shapes", arguments: [
        (401, "200", "Authentication Failed"), (401, "210", "Permission Denied"), (401, "024", "Authentication failed"),
        (429, "400", "Quota Exceeded"), (429, "010", "daily quota"),
        (429, "410", "Throttle Limited"), (429, "420", "Rate Limited"), (429, "012", "rate"),
        (413, "430", "Request Entity Too Large"),
        (503, "500", "Endpoint Error"), (504, "510", "Endpoint Timeout"), (500, "N2MT99", "Internal server errors"),
        (400, "N2MT01", "m"), (400, "N2MT02", "m"), (400, "N2MT03", "m"), (400, "N2MT04", "m"),
        (400, "N2MT05", "m"), (400, "N2MT06", "m"), (400, "N2MT07", "m"), (400, "N2MT08", "m"),
    ])
    func documentedCodes(status: Int, code: String, message: String) {
        let expected: PapagoError
        switch code {
        case "200", "210", "024": expected = .authenticationFailed(code: code, message: message, credentialSource: source)
        case "400", "010": expected = .quotaExceeded(code: code, message: message)
        case "410", "420", "012": expected = .throttled(code: code, retryAfter: nil)
        case "430": expected = .bodyTooLarge
        case "500", "510", "N2MT99": expected = .serverError(status: status, code: code, message: message)
        default: expected = .rejected(PapagoServiceCode(rawValue: code)!, message: message)
        }
        for body in [nested(code, message), flat(code, message)] {
            #expect(PapagoReplyParser.error(from: response(status, body), credentialSource: source) == expected)
        }
    }

    /// Found by the reply fuzz target: a service's message (or code) holding a line break or a
    /// control character was written into the one-line error as it was.
    @Test("what the service says is kept, and shown on one line")
    func controlCharactersInReplies() {
        let flatBody = #"{"errorMessage":"There is no source-to-target\ntranslator\u001b[31m","errorCode":"N2MT06"}"#
        let rejected = PapagoReplyParser.error(from: response(400, flatBody), credentialSource: source)
        #expect(rejected == .rejected(.pairUnsupported, message: "There is no source-to-target\ntranslator\u{1B}[31m"))
        #expect(rejected.description
                == #"papago rejected the request: the language pair is not supported (service code N2MT06: There is no source-to-target\ntranslator\x1b[31m)"#)
        let nestedBody = #"{"error":{"errorCode":"4\r10","message":"Authentica\ftion\\Failed"}}"#
        let failed = PapagoReplyParser.error(from: response(500, nestedBody), credentialSource: source)
        #expect(failed.description == #"papago server error (http 500) (error code 4\r10: Authentica\x0ction\\Failed)"#)
    }

    /// Found by the reply fuzz target: a Retry-After past Int.max crashed the error's description.
    @Test("any Retry-After a service sends can be said")
    func hugeRetryAfter() throws {
        let input = TestPaths.repository.appendingPathComponent("Fixtures/fuzz-found/papago-reply/retry-after-past-int-max.http")
        let reply = try Data(contentsOf: input).withUnsafeBytes { PapagoReplyTarget.response(from: $0) }
        let error = PapagoReplyParser.error(from: reply, credentialSource: source)
        #expect(error.description.hasPrefix("papago is rate limiting requests; retry after 3.33333333333333"))
        #expect(PapagoError.throttled(code: "410", retryAfter: 1e30).description == "papago is rate limiting requests (gateway code 410); retry after 1e+30 s")
        #expect(PapagoError.throttled(code: nil, retryAfter: 7).description == "papago is rate limiting requests; retry after 7 s")
        #expect(PapagoError.throttled(code: nil, retryAfter: 0.5).description == "papago is rate limiting requests; retry after 0.5 s")
    }

    @Test("a numeric errorCode is read as its digits")
    func numericCode() {
        let body = #"{"errorCode":410,"errorMessage":"slow down"}"#
        #expect(PapagoReplyParser.error(from: response(429, body), credentialSource: source) == .throttled(code: "410", retryAfter: nil))
    }

    @Test("Retry-After comes with throttling, in seconds or as an HTTP date")
    func retryAfter() {
        let throttled = response(429, nested("420", "Rate Limited"), headers: ["Retry-After": "7"])
        #expect(PapagoReplyParser.error(from: throttled, credentialSource: source) == .throttled(code: "420", retryAfter: 7))

        let now = Date(timeIntervalSince1970: 1_700_000_000)  // Tue, 14 Nov 2023 22:13:20 GMT
        #expect(PapagoReplyParser.retryAfterSeconds("Tue, 14 Nov 2023 22:13:50 GMT", now: now) == 30)
        #expect(PapagoReplyParser.retryAfterSeconds("Tue, 14 Nov 2023 22:00:00 GMT", now: now) == 0)
        #expect(PapagoReplyParser.retryAfterSeconds("1.5", now: now) == 1.5)
        #expect(PapagoReplyParser.retryAfterSeconds("soon", now: now) == nil)
        #expect(PapagoReplyParser.retryAfterSeconds(nil, now: now) == nil)
    }

    /// Found by the papago-reply fuzz target: Foundation's DateFormatter stopped the process
    /// ("Incorrect range CFRange") on a date whose characters are not one UTF-16 unit each.
    @Test("a Retry-After date with characters outside printable ASCII is no date, not a crash")
    func retryAfterOutsideASCII() throws {
        #expect(PapagoReplyParser.retryAfterSeconds("Wed, 21\u{07B0}\u{FFFD}\u{FFFD}-004-TPdetails\"") == nil)
        #expect(PapagoReplyParser.retryAfterSeconds("Wed, 21 Oct 2015 07:28:00 GMT\u{0301}") == nil)
        let found = TestPaths.repository.appendingPathComponent("Fixtures/fuzz-found/papago-reply/retry-after-date-outside-ascii.http")
        let reply = try Data(contentsOf: found).withUnsafeBytes { PapagoReplyTarget.response(from: $0) }
        #expect(PapagoReplyParser.error(from: reply, credentialSource: source) == .throttled(code: nil, retryAfter: nil))
    }

    @Test("without a known code the status decides", arguments: [
        (401, PapagoError.authenticationFailed(code: nil, message: nil, credentialSource: .file("/home/me/.config/translate/secrets.json"))),
        (403, .authenticationFailed(code: nil, message: nil, credentialSource: .file("/home/me/.config/translate/secrets.json"))),
        (429, .throttled(code: nil, retryAfter: nil)),
        (413, .bodyTooLarge),
        (502, .serverError(status: 502, code: nil, message: nil)),
        (404, .unexpectedStatus(status: 404, code: nil, message: nil)),
    ])
    func statusOnly(status: Int, expected: PapagoError) {
        #expect(PapagoReplyParser.error(from: response(status, "<html><body>Bad Gateway</body></html>"), credentialSource: source) == expected)
    }

    @Test("an error body with status 200 is still an error")
    func errorWithOK() {
        #expect(throws: PapagoError.rejected(.textMissing, message: "text parameter is needed")) {
            try PapagoReplyParser.translation(from: response(200, flat("N2MT07", "text parameter is needed")), credentialSource: source)
        }
    }

    @Test("gateway code 400 means quota only with HTTP 429")
    func code400() {
        #expect(PapagoReplyParser.error(from: response(400, nested("400", "Bad")), credentialSource: source)
            == .unexpectedStatus(status: 400, code: "400", message: "Bad"))
    }

    @Test("detection replies")
    func detection() throws {
        #expect(try PapagoReplyParser.detection(from: response(200, #"{"langCode":"zh-CN"}"#), credentialSource: source) == "zh-CN")
        #expect(throws: PapagoError.malformedReply("no langCode")) {
            try PapagoReplyParser.detection(from: response(200, #"{"lang":"ko"}"#), credentialSource: source)
        }
    }

    @Test("which errors stop the run, and which are retried")
    func classification() {
        #expect(PapagoError.authenticationFailed(code: "200", message: nil, credentialSource: .environment).scope == .run)
        #expect(PapagoError.quotaExceeded(code: "400", message: nil).scope == .run)
        #expect(PapagoError.throttled(code: "410", retryAfter: nil).scope == .input)
        #expect(PapagoError.throttled(code: "410", retryAfter: nil).isRetryable)
        #expect(PapagoError.serverError(status: 503, code: "500", message: nil).isRetryable)
        #expect(PapagoError.transport(.timedOut).isRetryable)
        #expect(!PapagoError.transport(.tls("bad certificate")).isRetryable)
        #expect(!PapagoError.malformedReply("x").isRetryable)
        #expect(!PapagoError.rejected(.pairUnsupported, message: nil).isRetryable)
    }

    @Test("descriptions are lowercase sentences with the facts")
    func descriptions() {
        #expect(PapagoError.quotaExceeded(code: "010", message: nil).description == "papago usage quota exceeded (error code 010); no further requests are sent")
        #expect(PapagoError.throttled(code: "420", retryAfter: 3).description == "papago is rate limiting requests (gateway code 420); retry after 3 s")
        #expect(PapagoError.rejected(.textTooLong, message: nil).description == "papago rejected the request: the text is longer than 5000 characters (service code N2MT08)")
        #expect(
            PapagoError.authenticationFailed(code: "200", message: "Authentication Failed", credentialSource: source).description
                == "papago authentication failed (gateway code 200: Authentication Failed); check the client id and secret (credentials from /home/me/.config/translate/secrets.json), and that they belong to this api (ncp and naver developers keys are not interchangeable)")
    }
}

@Suite("Form encoding")
struct PapagoFormEncodingTests {
    @Test("reserved characters, spaces, line breaks and UTF-8 are encoded", arguments: [
        ("a+b", "a%2Bb"), ("a&b=c", "a%26b%3Dc"), ("two words", "two+words"), ("line\nbreak", "line%0Abreak"),
        ("cr\r\n", "cr%0D%0A"), ("100%", "100%25"), ("한", "%ED%95%9C"), ("🙂", "%F0%9F%99%82"),
        ("AZaz09-._*", "AZaz09-._*"), ("~!'()", "%7E%21%27%28%29"), ("", ""),
    ])
    func component(input: String, encoded: String) {
        #expect(FormURLEncoding.encodeComponent(input) == encoded)
    }

    @Test("fields are joined in order with & and =")
    func fields() {
        #expect(FormURLEncoding.encode([("source", "ko"), ("target", "zh-CN"), ("text", "가 나")])
            == "source=ko&target=zh-CN&text=%EA%B0%80+%EB%82%98")
    }

    @Test("encoding round-trips through Foundation's decoder")
    func roundTrip() throws {
        let text = "a+b=c&d %\n둘째 🙂"
        let encoded = FormURLEncoding.encodeComponent(text).replacingOccurrences(of: "+", with: "%20")
        #expect(encoded.removingPercentEncoding == text)
    }
}

@Suite("Batching")
struct PapagoBatchingTests {
    @Test("single-line normalisation")
    func singleLine() {
        #expect(PapagoTranslator.singleLine("a\nb") == "a b")
        #expect(PapagoTranslator.singleLine("a  \n\n\t b") == "a b")
        #expect(PapagoTranslator.singleLine("a\r\nb\u{2028}c") == "a b c")
        #expect(PapagoTranslator.singleLine("\nlead and trail\n") == "lead and trail")
        #expect(PapagoTranslator.singleLine("  keep  inner  spaces ") == "  keep  inner  spaces ")
        #expect(PapagoTranslator.singleLine(" \n \t") == "")
    }

    @Test("reply lines must match the count; a final empty line is forgiven")
    func replyLines() {
        #expect(PapagoTranslator.lines(of: "a\nb", expected: 2) == ["a", "b"])
        #expect(PapagoTranslator.lines(of: "a\r\nb", expected: 2) == ["a", "b"])
        #expect(PapagoTranslator.lines(of: "a\nb\n", expected: 2) == ["a", "b"])
        #expect(PapagoTranslator.lines(of: "a\n\nb", expected: 2) == nil)
        #expect(PapagoTranslator.lines(of: "a b", expected: 2) == nil)
        #expect(PapagoTranslator.lines(of: "a\n", expected: 2) == ["a", ""])
    }

    @Test("chunks stay within the limit and keep the order")
    func chunks() {
        #expect(PapagoTranslator.chunks(["aaa", "bb", "c", "dddd"], limit: 7) == [["aaa", "bb"], ["c", "dddd"]])
        #expect(PapagoTranslator.chunks(["aaa", "bbb"], limit: 7) == [["aaa", "bbb"]])
        #expect(PapagoTranslator.chunks(["1234567", "1"], limit: 7) == [["1234567"], ["1"]])
        #expect(PapagoTranslator.chunks([], limit: 7) == [])
    }

    @Test("long lines split at sentence ends, then spaces, then anywhere; never over the limit")
    func split() {
        #expect(PapagoTranslator.split("One two. Three four five six.", limit: 12) == ["One two.", "Three four", "five six."])
        #expect(PapagoTranslator.split("abcdefghij", limit: 4) == ["abcd", "efgh", "ij"])
        #expect(PapagoTranslator.split("가나다。라마바。사아", limit: 5) == ["가나다。", "라마바。", "사아"])
        #expect(PapagoTranslator.split("short", limit: 5) == ["short"])
        // UTF-16 counting: an emoji is two units and is never cut in half.
        #expect(PapagoTranslator.split("🙂🙂🙂", limit: 3) == ["🙂", "🙂", "🙂"])
    }

    @Test("the pair table and pivots")
    func pairs() {
        #expect(PapagoLanguagePairs.isDirect(.korean, .italian))
        #expect(PapagoLanguagePairs.isDirect(.chineseTraditional, .chineseSimplified))
        #expect(!PapagoLanguagePairs.isDirect(.english, .italian))
        #expect(PapagoLanguagePairs.pivot(from: .german, to: .japanese) == .english)
        #expect(PapagoLanguagePairs.pivot(from: .english, to: .italian) == .korean)
        #expect(PapagoLanguagePairs.pivot(from: .korean, to: .english) == nil)
        for source in PapagoLanguagePairs.translatable {
            for target in PapagoLanguagePairs.translatable where source != target {
                #expect(PapagoLanguagePairs.isDirect(source, target) || PapagoLanguagePairs.pivot(from: source, to: target) != nil)
            }
        }
    }

    @Test("the retry back-off doubles, is capped, and its jitter keeps at least half")
    func backoff() {
        let policy = PapagoRetryPolicy(maxAttempts: 6, initialDelay: 0.5, maxDelay: 3)
        #expect((1...5).map { policy.backoff(beforeRetry: $0, jitter: 1) } == [0.5, 1, 2, 3, 3])
        #expect(policy.backoff(beforeRetry: 2, jitter: 0) == 0.5)
    }
}
