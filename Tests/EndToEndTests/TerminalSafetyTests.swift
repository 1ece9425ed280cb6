import Foundation
import Testing
@testable import TranslateCLI
import TestSupport

/// A translation service, an image's text or a file's name cannot drive the terminal the output
/// goes to: every control a terminal acts on reaches it escaped, in every format meant for
/// reading there, and in the messages on standard error. JSON keeps the text exact.
@Suite struct TerminalSafetyTests {
    /// Sets the clipboard (OSC 52), clears the screen, rings the bell, overwrites the line, and
    /// turns the rest of it right to left.
    static let hostile = "\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[2J\r\u{08}\u{7F}\u{9B}1m\u{0}\u{202E}gnp.exe"
    static let hostileShown = #"\x1b]52;c;cHduZWQ=\x07\x1b[2J\r\x08\x7f\x9b1m\x00\u202egnp.exe"#

    /// What a terminal would act on, were it written raw.
    static func actsOnTerminal(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar != "\n" && scalar != "\t" && TerminalSafeTextProbe.isUnsafe(scalar)
        }
    }

    static func run(format: String) throws -> InProcessRun {
        let server = try PapagoTestServer()
        let reply = #"{"message":{"result":{"srcLangType":"es","tarLangType":"en","translatedText":"#
            + String(data: try JSONSerialization.data(withJSONObject: hostile, options: .fragmentsAllowed), encoding: .utf8)! + "}}}"
        try server.fail(["kind": "raw", "body": reply, "count": 1000])
        return InProcessRun([TestPaths.fixture("spanish-screenshot.png"), "-l", "spa", "--to", "en", "--no-cache", "--format", format],
                            environment: server.environment())
    }

    @Test("a service's translation full of terminal controls is shown escaped", arguments: ["text", "plain", "tsv"])
    func hostileTranslation(format: String) throws {
        let run = try Self.run(format: format)
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.contains(Self.hostileShown))
        #expect(!Self.actsOnTerminal(run.standardOutput), "raw controls in \(format): \(run.standardOutput.debugDescription)")
        #expect(!Self.actsOnTerminal(run.standardError))
    }

    @Test("JSON keeps the translation exact, escaped by JSON")
    func jsonKeepsTheText() throws {
        let run = try Self.run(format: "json")
        #expect(run.exitCode == 0)
        let pages = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]]
        let boxes = pages?.first?["boxes"] as? [[String: Any]] ?? []
        #expect(!boxes.isEmpty)
        #expect(boxes.allSatisfy { $0["translation"] as? String == Self.hostile })
        #expect(!run.standardOutput.contains("\u{1B}"))
    }

    @Test("a file name with ESC, a line break and a right-to-left override is escaped in the header and on stderr")
    func hostileFileName() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = "shot\u{1B}[2J\nline\u{202E}gnp.png"
        let path = directory.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: TestPaths.fixture("spanish-screenshot.png"), toPath: path)
        let missing = directory.appendingPathComponent("gone\u{202E}\u{1B}[1A.png").path
        let run = InProcessRun([path, missing, "--ocr-only", "-l", "spa"])
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.contains(#"shot\x1b[2J\nline\u202egnp.png  ·  720×1040"#))
        #expect(run.standardError.contains(#"gone\u202e\x1b[1A.png: "#))
        #expect(!Self.actsOnTerminal(run.standardOutput))
        #expect(!Self.actsOnTerminal(run.standardError))
    }
}

/// The test's own statement of what a terminal acts on, so that it does not trust the code it checks.
enum TerminalSafeTextProbe {
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }
}
