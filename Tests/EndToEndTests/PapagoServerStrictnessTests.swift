import Foundation
import Testing
import TranslateModel
@testable import TranslationEngines
import TestSupport

/// The test server is the oracle for every HTTP test, so it must refuse what the real service refuses.
@Suite("Papago test server strictness")
struct PapagoServerStrictnessTests {
    private func post(
        _ server: PapagoTestServer, dialect: PapagoDialect = .ncp, contentType: String = "application/x-www-form-urlencoded",
        body: Data
    ) throws -> HTTPResponse {
        try CurlTransport().send(
            HTTPRequest(
                method: .post, url: server.baseURL + dialect.translationPath,
                headers: [
                    (dialect.clientIDHeader, PapagoTestServer.clientID),
                    (dialect.clientSecretHeader, PapagoTestServer.clientSecret),
                    ("Content-Type", contentType),
                ],
                body: body))
    }

    private func form(_ fields: [(String, String)]) -> Data {
        Data(FormURLEncoding.encode(fields.map { (name: $0.0, value: $0.1) }).utf8)
    }

    static let serviceCases: [(fields: [(String, String)], code: PapagoServiceCode)] = [
        ([("target", "en"), ("text", "a")], .sourceMissing),
        ([("source", "xx"), ("target", "en"), ("text", "a")], .sourceUnsupported),
        ([("source", "pt"), ("target", "en"), ("text", "a")], .sourceUnsupported),
        ([("source", "ko"), ("text", "a")], .targetMissing),
        ([("source", "ko"), ("target", "zh-cn"), ("text", "a")], .targetUnsupported),
        ([("source", "ko"), ("target", "ko"), ("text", "a")], .sameSourceAndTarget),
        ([("source", "en"), ("target", "it"), ("text", "a")], .pairUnsupported),
        ([("source", "ko"), ("target", "en")], .textMissing),
        ([("source", "ko"), ("target", "en"), ("text", "")], .textMissing),
        ([("source", "ko"), ("target", "en"), ("text", String(repeating: "x", count: 5001))], .textTooLong),
    ]

    @Test("every service code, in each dialect's error shape", arguments: serviceCases)
    func serviceCodes(fields: [(String, String)], code: PapagoServiceCode) throws {
        let server = try PapagoTestServer()
        for dialect in PapagoDialect.allCases {
            let response = try post(server, dialect: dialect, body: form(fields))
            #expect(response.status == 400)
            let error = PapagoReplyParser.error(from: response, credentialSource: .explicit)
            guard case .rejected(let actual, _) = error else {
                Issue.record("expected a rejection, got \(error)")
                continue
            }
            #expect(actual == code)
            let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            #expect((object?["error"] != nil) == (dialect == .ncp))
        }
    }

    @Test("a JSON body is accepted too")
    func jsonBody() throws {
        let server = try PapagoTestServer()
        let body = try JSONSerialization.data(withJSONObject: ["source": "ko", "target": "en", "text": "가\n나"])
        let response = try post(server, contentType: "application/json", body: body)
        #expect(try PapagoReplyParser.translation(from: response, credentialSource: .explicit).text == "[ko→en] 가\n[ko→en] 나")
    }

    @Test("raw UTF-8 in a form body and bad percent-encoding are refused")
    func unencodedForm() throws {
        let server = try PapagoTestServer()
        for body in [Data("source=ko&target=en&text=가".utf8), Data("source=ko&target=en&text=%ZZ%FF".utf8)] {
            let response = try post(server, body: body)
            #expect(response.status == 400)
            guard case .unexpectedStatus(400, "FORM", _) = PapagoReplyParser.error(from: response, credentialSource: .explicit)
            else {
                Issue.record("expected the FORM error")
                continue
            }
        }
    }

    @Test("a body of another content type has no fields")
    func otherContentType() throws {
        let server = try PapagoTestServer()
        let response = try post(server, contentType: "text/plain", body: form([("source", "ko"), ("target", "en"), ("text", "a")]))
        guard case .rejected(.sourceMissing, _) = PapagoReplyParser.error(from: response, credentialSource: .explicit) else {
            Issue.record("expected N2MT01")
            return
        }
    }

    @Test("each dialect wants its own headers")
    func crossDialectHeaders() throws {
        let server = try PapagoTestServer()
        let response = try CurlTransport().send(
            HTTPRequest(
                method: .post, url: server.baseURL + PapagoDialect.naverDevelopers.translationPath,
                headers: [
                    ("X-NCP-APIGW-API-KEY-ID", PapagoTestServer.clientID),
                    ("X-NCP-APIGW-API-KEY", PapagoTestServer.clientSecret),
                    ("Content-Type", "application/x-www-form-urlencoded"),
                ],
                body: form([("source", "ko"), ("target", "en"), ("text", "a")])))
        #expect(response.status == 401)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"errorMessage": "Authentication Failed", "errorCode": "024"}"#)
    }

    @Test("auto detection by script")
    func detection() throws {
        let cases = [
            ("오늘은 비빔밥 (Bibimbap)", "ko"), ("今日はビビンバ", "ja"), ("我们今天吃饭", "zh-CN"), ("我們今天吃飯", "zh-TW"),
            ("สวัสดีครับ", "th"), ("Привет мир", "ru"), ("नमस्ते", "hi"), ("Xin chào các bạn", "vi"),
            ("Schöne Grüße", "de"), ("¿Dónde está?", "es"), ("Ça va très bien", "fr"), ("Não sei", "pt"),
            ("Hello world", "en"), ("12345 !!", "unk"),
        ]
        let server = try PapagoTestServer()
        let client = try server.client()
        for (text, code) in cases {
            #expect(try client.detectLanguage(text) == code, "\(text)")
        }
    }

    @Test("control API: global latency applies to every request; reset forgets latency, rules and records")
    func controlReset() throws {
        let server = try PapagoTestServer()
        try server.setLatency(milliseconds: 3000)
        try server.fail(["kind": "quota", "count": 5])
        let client = try server.client(maxAttempts: 1, requestTimeout: 0.3)
        #expect(throws: PapagoError.transport(.timedOut)) { try client.translate("가", from: .korean, to: .english) }
        #expect(try server.requests().count == 1)

        try server.reset()
        #expect(try server.requests().isEmpty)
        #expect(try server.client().translate("가", from: .korean, to: .english).text == "[ko→en] 가")
    }
}
