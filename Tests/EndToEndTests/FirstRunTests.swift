import Foundation
import Testing
@testable import TranslateCLI
import TestSupport

/// A newcomer's path, as the README gives it: set-up (done: the binary is built), then
/// `translate config` with the answers piped in, then a Korean screenshot translated through
/// Papago (the test server standing in for it), with no option but the image.
@Suite struct FirstRunTests {
    @Test func configThenTranslateAKoreanScreenshot() throws {
        let server = try PapagoTestServer()
        defer { server.stop() }
        let home = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        // Nothing in the environment but a home: the saved files are all there is.
        let environment = ["PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path]

        let answers = [PapagoTestServer.clientID, PapagoTestServer.clientSecret, server.baseURL, "en", "papago", ""]
        let config = try ProcessRun(["config"], standardInput: Data(answers.map { $0 + "\n" }.joined().utf8), environment: environment)
        #expect(config.exitCode == 0, "\(config.standardError)")
        #expect(config.standardOutput.isEmpty)
        let secrets = home.appendingPathComponent(".config/translate/secrets.json").path
        #expect(try FileManager.default.attributesOfItem(atPath: secrets)[.posixPermissions] as? Int == 0o600)

        let run = try ProcessRun([TestPaths.fixture("mixed-screenshot.png")], environment: environment)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        // The header names the page's languages, Korean (most boxes) first, and the engine.
        #expect(lines.first?.contains("  ·  ko, ") == true && lines.first?.contains(" → en (papago)") == true, "\(lines.first ?? "")")
        // The test server translates a line L as "[ko→en] L".
        #expect(lines.contains { $0.hasSuffix("[ko→en] 설정") })
        #expect(lines.contains { $0.contains("[ko→en] 변경 사항 저장") })
        #expect(try server.translationRequests().count >= 1)
        // The secret went to the server and nowhere else.
        for text in [config.standardError, run.standardOutput, run.standardError] {
            #expect(!text.contains(PapagoTestServer.clientSecret))
        }
    }

    /// The saved target stands in for `--to`; an option given still wins over it.
    @Test func anOptionOverridesTheSavedDefault() throws {
        let server = try PapagoTestServer()
        defer { server.stop() }
        let home = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path]
        let answers = [PapagoTestServer.clientID, PapagoTestServer.clientSecret, server.baseURL, "en", "", "tsv"]
        _ = try ProcessRun(["config"], standardInput: Data(answers.map { $0 + "\n" }.joined().utf8), environment: environment)
        let run = try ProcessRun([TestPaths.fixture("korean-menu.png"), "--to", "ja"], environment: environment)
        #expect(run.exitCode == 0, "\(run.standardError)")
        let rows = run.standardOutput.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(rows.first?.last == "translation")
        #expect(rows.dropFirst().contains { $0.last == "[ko→ja] 오늘의 메뉴" })
    }
}
