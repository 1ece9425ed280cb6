import Foundation
import Testing
import TranslateModel
@testable import TranslationEngines
import TestSupport

/// The client alone against papago_server.py: what the service refuses, and detection.
@Suite("PapagoClient over HTTP")
struct PapagoClientTests {
    @Test("a pair without a direct model is refused by the service with N2MT06")
    func pairUnsupported() throws {
        let server = try PapagoTestServer()
        #expect(throws: PapagoError.rejected(.pairUnsupported, message: "There is no source-to-target translator")) {
            try server.client().translate("Hello", from: .english, to: .italian)
        }
    }

    @Test("a text over 5000 characters is refused by the service with N2MT08", arguments: PapagoDialect.allCases)
    func textTooLong(dialect: PapagoDialect) throws {
        let server = try PapagoTestServer()
        let client = try server.client(dialect: dialect)
        #expect(throws: PapagoError.rejected(.textTooLong, message: "text parameter exceeds max length")) {
            try client.translate(String(repeating: "가", count: 5001), from: .korean, to: .english)
        }
        #expect(try client.translate(String(repeating: "가", count: 5000), from: .korean, to: .english).text.count == 5008)
    }

    @Test("form encoding keeps +, &, =, %, line breaks and UTF-8 intact through a real server")
    func formEncodingSurvives() throws {
        let server = try PapagoTestServer()
        let text = "a+b=c&d=e %41 100%\n둘째 줄 🙂 café\n\tend"
        let reply = try server.client().translate(text, from: .korean, to: .english)

        #expect(try server.requests().first?.fields["text"] == text)
        #expect(reply.text == text.split(separator: "\n", omittingEmptySubsequences: false).map { "[ko→en] \($0)" }.joined(separator: "\n"))
    }

    @Test("language detection answers Papago's code", arguments: PapagoDialect.allCases)
    func detection(dialect: PapagoDialect) throws {
        let server = try PapagoTestServer()
        let client = try server.client(dialect: dialect)
        #expect(try client.detectLanguage("오늘은 비빔밥") == "ko")
        #expect(try client.detectLanguage("こんにちは世界") == "ja")
        #expect(try client.detectLanguage("Hello world") == "en")
        #expect(try server.requests().map(\.path) == Array(repeating: dialect.detectionPath, count: 3))
        #expect(try server.requests().first?.fields["query"] == "오늘은 비빔밥")
    }

    @Test("auth failure closes the shared gate for every client using it")
    func sharedGate() throws {
        let server = try PapagoTestServer()
        let gate = PapagoRequestGate()
        let bad = try server.client(secret: "nope", gate: gate)
        let good = try server.client(gate: gate)

        #expect(throws: PapagoError.self) { try bad.translate("하나", from: .korean, to: .english) }
        #expect(throws: gate.stopReason!) { try good.translate("둘", from: .korean, to: .english) }
        #expect(try server.requests().count == 1)
    }

    @Test("an unknown error code is reported with its status and code")
    func unknownCode() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "error", "status": 418, "code": "X1", "message": "teapot"])
        #expect(throws: PapagoError.unexpectedStatus(status: 418, code: "X1", message: "teapot")) {
            try server.client().translate("하나", from: .korean, to: .english)
        }
    }
}
