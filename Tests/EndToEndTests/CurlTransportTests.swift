import Foundation
import Testing
@testable import TranslationEngines
import TestSupport

/// CurlTransport against papago_server.py over real HTTP on 127.0.0.1.
@Suite("CurlTransport")
struct CurlTransportTests {
    private func ncpHeaders() -> [(name: String, value: String)] {
        [
            ("X-NCP-APIGW-API-KEY-ID", PapagoTestServer.clientID),
            ("X-NCP-APIGW-API-KEY", PapagoTestServer.clientSecret),
            ("Content-Type", "application/x-www-form-urlencoded"),
        ]
    }

    private func translationRequest(_ server: PapagoTestServer, text: String = "가", timeout: Double = 10) -> HTTPRequest {
        HTTPRequest(
            method: .post, url: server.baseURL + "/nmt/v1/translation", headers: ncpHeaders(),
            body: Data(FormURLEncoding.encode([("source", "ko"), ("target", "en"), ("text", text)]).utf8),
            timeout: timeout)
    }

    @Test("a GET returns status, lowercased headers and body")
    func get() throws {
        let server = try PapagoTestServer()
        let response = try CurlTransport().send(HTTPRequest(method: .get, url: server.baseURL + "/_control/health"))
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json; charset=UTF-8")
        #expect(response.header("Content-Type") == "application/json; charset=UTF-8")
        #expect(try JSONSerialization.jsonObject(with: response.body) as? [String: Bool] == ["ok": true])
    }

    @Test("a POST sends headers, body and User-Agent; a gzip reply is decoded")
    func postWithGzip() throws {
        let server = try PapagoTestServer()
        let response = try CurlTransport().send(translationRequest(server, text: "가나"))
        #expect(response.status == 200)
        #expect(response.header("content-encoding") == "gzip")
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains("[ko→en] 가나"))

        let recorded = try #require(try server.requests().first)
        #expect(recorded.headers["user-agent"] == "translate/\(ToolVersion.current)")
        #expect(recorded.headers["accept-encoding"]?.contains("gzip") == true)
        #expect(recorded.fields["text"] == "가나")
        #expect(recorded.headers["expect"] == nil)
    }

    @Test("an HTTP error status is a response, not a transport error")
    func errorStatusIsAResponse() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "throttle", "retryAfter": "7"])
        let response = try CurlTransport().send(translationRequest(server))
        #expect(response.status == 429)
        #expect(response.header("Retry-After") == "7")
    }

    @Test("sequential requests reuse one kept-alive connection")
    func keepAlive() throws {
        let server = try PapagoTestServer()
        let transport = try CurlTransport()
        for _ in 0..<3 { _ = try transport.send(translationRequest(server)) }
        let clients = Set(try server.requests().map(\.client))
        #expect(clients.count == 1)
    }

    @Test("one transport serves several threads at once")
    func concurrentRequests() throws {
        let server = try PapagoTestServer()
        let transport = try CurlTransport()
        let successes = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            if let response = try? transport.send(translationRequest(server, text: "텍스트 \(index)")),
                response.status == 200,
                String(decoding: response.body, as: UTF8.self).contains("텍스트 \(index)")
            {
                successes.increment()
            }
        }
        #expect(successes.value == 8)
        #expect(try server.requests().count == 8)
    }

    @Test("a large body is sent whole, without an Expect: 100-continue round trip")
    func largeBody() throws {
        let server = try PapagoTestServer()
        let text = String(repeating: "한", count: 4000)  // 36 000 bytes encoded
        let response = try CurlTransport().send(translationRequest(server, text: text))
        #expect(response.status == 200)
        #expect(try server.requests().first?.fields["text"] == text)
    }

    @Test("nothing listening: couldNotConnect")
    func refused() throws {
        let url = "http://127.0.0.1:\(unusedLocalPort())/"
        let error = #expect(throws: TransportError.self) { try CurlTransport().send(HTTPRequest(method: .get, url: url)) }
        guard case .couldNotConnect? = error else {
            Issue.record("expected couldNotConnect, got \(String(describing: error))")
            return
        }
    }

    @Test("a reply slower than the timeout: timedOut")
    func timedOut() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "latency", "latencyMs": 3000])
        #expect(throws: TransportError.timedOut) { try CurlTransport().send(translationRequest(server, timeout: 0.3)) }
    }

    @Test("a reply cut short: connectionDropped")
    func dropped() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "drop"])
        let error = #expect(throws: TransportError.self) { try CurlTransport().send(translationRequest(server)) }
        guard case .connectionDropped? = error else {
            Issue.record("expected connectionDropped, got \(String(describing: error))")
            return
        }
    }

    @Test("malformed URLs and other schemes: invalidURL", arguments: ["not a url", "ftp://127.0.0.1/x", "file:///etc/passwd"])
    func invalidURL(url: String) throws {
        let error = #expect(throws: TransportError.self) { try CurlTransport().send(HTTPRequest(method: .get, url: url)) }
        guard case .invalidURL? = error else {
            Issue.record("expected invalidURL, got \(String(describing: error))")
            return
        }
    }

    @Test("header fields with line breaks are refused before anything is sent; the value is not echoed")
    func headerInjection() throws {
        let request = HTTPRequest(
            method: .get, url: "http://127.0.0.1:1/", headers: [("X-Secret", "abc\r\nX-Evil: 1")])
        #expect(throws: TransportError.invalidHeader("X-Secret")) { try CurlTransport().send(request) }
        #expect(!TransportError.invalidHeader("X-Secret").description.contains("abc"))
    }

    @Test("a response larger than the limit is refused")
    func responseTooLarge() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "raw", "body": String(repeating: "x", count: 5000)])
        let transport = try CurlTransport(configuration: .init(maxResponseBytes: 1000))
        #expect(throws: TransportError.responseTooLarge(1000)) { try transport.send(translationRequest(server)) }
    }

    @Test("https to a host that does not speak TLS fails as tls or dropped, never as success")
    func tlsToPlainServer() throws {
        let server = try PapagoTestServer()
        let url = "https://127.0.0.1:\(server.port)/_control/health"
        let error = #expect(throws: TransportError.self) { try CurlTransport().send(HTTPRequest(method: .get, url: url)) }
        switch error {
        case .tls?, .connectionDropped?: break
        default: Issue.record("expected a TLS failure, got \(String(describing: error))")
        }
    }
}

@Suite("HTTPRequest")
struct TransportHTTPRequestTests {
    @Test("descriptions, debug output and dumps show header names, never their values")
    func redacted() {
        let request = HTTPRequest(
            method: .post, url: "https://papago.apigw.ntruss.com/nmt/v1/translation",
            headers: [("X-NCP-APIGW-API-KEY", "hunter2-secret")], body: Data("text=a".utf8))
        var dumped = ""
        dump(request, to: &dumped)
        for rendering in [request.description, String(reflecting: request), "\(request)", dumped] {
            #expect(!rendering.contains("hunter2-secret"), "leaked in: \(rendering)")
        }
        #expect(request.description
            == "POST https://papago.apigw.ntruss.com/nmt/v1/translation (headers: X-NCP-APIGW-API-KEY; body: 6 bytes)")
    }
}
