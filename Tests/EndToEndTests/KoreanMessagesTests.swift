import Foundation
import Testing
@testable import TranslateCLI
import TestSupport

/// Under a Korean locale every line the built command writes to standard error is Korean:
/// file errors, the missing credentials, the service's refusals, warnings. File names and codes
/// stay as they are inside the Korean sentence.
@Suite struct KoreanMessagesTests {
    let menu = TestPaths.fixture("korean-menu.png")

    /// The Korean environment: no credentials, no saved files, a cache of its own.
    private func korean(_ extra: [String: String] = [:], home: URL) -> [String: String] {
        InProcessRun.offlineEnvironment.merging(["LANG": "ko_KR.UTF-8", "HOME": home.path,
                                                 "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
                                                 "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path]) { $1 }
            .merging(extra) { $1 }
    }

    /// Each line has Hangul in it, beyond what the file name holds.
    private func expectKorean(_ standardError: String, naming file: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = standardError.split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty, sourceLocation: sourceLocation)
        for line in lines {
            let said = file.map { line.replacingOccurrences(of: $0, with: "") } ?? line
            #expect(said.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "English under a Korean locale: \(line)",
                    sourceLocation: sourceLocation)
        }
        if let file { #expect(lines.first?.hasPrefix("translate: \(file): ") == true, "\(lines)", sourceLocation: sourceLocation) }
    }

    @Test func fileErrorsAreKoreanAndNameTheFile() throws {
        let home = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let text = home.appendingPathComponent("notes.txt")
        try Data("not an image".utf8).write(to: text)
        let notAnImage = try ProcessRun([text.path, "--ocr-only"], environment: korean(home: home))
        #expect(notAnImage.exitCode == ExitCode.noInputReadable.rawValue)
        #expect(notAnImage.standardError == "translate: \(text.path): 이미지가 아닙니다(알 수 없는 파일 형식)\n")

        let missing = home.appendingPathComponent("사진 없음.png").path
        let run = try ProcessRun([missing, "--ocr-only"], environment: korean(home: home))
        #expect(run.exitCode == ExitCode.noInputReadable.rawValue)
        #expect(run.standardError == "translate: \(missing): 파일이 없습니다\n")
        expectKorean(run.standardError, naming: missing)
    }

    /// No credentials and a language Apertium cannot translate: the one line that says what to do.
    @Test func noCredentialsIsSaidInKorean() throws {
        let home = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let run = try ProcessRun([menu, "--to", "en", "-l", "kor+eng"], environment: korean(home: home))
        #expect(run.exitCode == ExitCode.setup.rawValue)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run.standardError)")
        #expect(lines.first == "translate: \(menu): Papago 인증 정보가 없고, Apertium은 한국어를 번역할 수 없습니다(ko → en): "
                + "'translate config'로 Papago 인증 정보를 저장하거나, PAPAGO_CLIENT_ID와 PAPAGO_CLIENT_SECRET을 export하세요")
        // The run ends with how many boxes that left untranslated.
        #expect(lines.last?.hasPrefix("translate: 상자 ") == true && lines.last?.hasSuffix(
            "개를 번역하지 못했습니다: 여기 있는 어떤 엔진도 한국어를 영어로 번역하지 않습니다; "
                + "'translate config'로 Papago를 설정하거나, PAPAGO_CLIENT_ID와 PAPAGO_CLIENT_SECRET을 export하세요") == true, "\(run.standardError)")
        expectKorean(run.standardError, naming: menu)

        // --engine papago without credentials: the credentials error itself.
        let papago = try ProcessRun([menu, "--to", "en", "-e", "papago"], environment: korean(home: home))
        #expect(papago.exitCode == ExitCode.setup.rawValue)
        #expect(papago.standardError.hasPrefix("translate: papago 인증 정보가 없습니다. 찾아본 곳: "), "\(papago.standardError)")
        expectKorean(papago.standardError)
    }

    /// The service's refusal: the gateway's code kept, the sentence Korean.
    @Test func anExhaustedQuotaIsSaidInKorean() throws {
        let server = try PapagoTestServer()
        defer { server.stop() }
        let home = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        try server.fail(["kind": "quota", "path": "translate", "count": 100])
        let run = try ProcessRun([menu, "--to", "en"], environment: korean(server.environment(), home: home))
        #expect(run.exitCode == ExitCode.quotaExhausted.rawValue)
        let first = run.standardError.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("translate: \(menu): papago 사용 한도를 넘었습니다 (게이트웨이 코드 400"), "\(run.standardError)")
        #expect(first.hasSuffix("; 더 이상 요청을 보내지 않습니다"), "\(first)")
        expectKorean(run.standardError, naming: menu)
    }

    /// A refused secret names where the credentials came from, in Korean too.
    @Test func refusedCredentialsAreSaidInKorean() throws {
        let server = try PapagoTestServer()
        defer { server.stop() }
        let home = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let run = try ProcessRun([menu, "--to", "en"], environment: korean(server.environment(secret: "wrong"), home: home))
        #expect(run.exitCode == ExitCode.authenticationFailed.rawValue)
        #expect(run.standardError.hasPrefix("translate: \(menu): papago 인증에 실패했습니다 (게이트웨이 코드 200"), "\(run.standardError)")
        #expect(run.standardError.contains("환경 변수 PAPAGO_CLIENT_ID/PAPAGO_CLIENT_SECRET의 인증 정보"))
        #expect(!run.standardError.contains("wrong"))
        expectKorean(run.standardError, naming: menu)
    }

    /// `translate config` asks, answers and warns in Korean.
    @Test func configSpeaksKorean() throws {
        let home = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = korean(["PAPAGO_CLIENT_ID": "id-from-environment", "PAPAGO_CLIENT_SECRET": "s"], home: home)
        let answers = ["my-id", "my-secret", "", "xx"].map { $0 + "\n" }.joined()
        let wrong = try ProcessRun(["config"], standardInput: Data(answers.utf8), environment: environment)
        #expect(wrong.exitCode == ExitCode.usage.rawValue)
        #expect(wrong.standardError.hasSuffix("translate: config: 'xx'는 언어 코드가 아닙니다; 아무것도 저장하지 않았습니다\n"),
                "\(wrong.standardError)")
        #expect(wrong.standardError.contains("Papago 클라이언트 ID (비워 두면 Papago 없이 오프라인 번역): "))

        let right = try ProcessRun(["config"], standardInput: Data(["my-id", "my-secret", "", "en", "", ""].map { $0 + "\n" }.joined().utf8),
                                   environment: environment)
        #expect(right.exitCode == 0, "\(right.standardError)")
        let secrets = home.appendingPathComponent(".config/translate/secrets.json").path
        #expect(right.standardError.contains("translate: Papago 인증 정보를 \(secrets)에 저장했습니다(본인만 읽을 수 있음)\n"))
        #expect(right.standardError.contains("translate: 기본값을 \(home.path)/.config/translate/config.json에 저장했습니다: --to en\n"))
        #expect(right.standardError.hasSuffix("translate: 경고: 환경 변수 PAPAGO_CLIENT_ID와 PAPAGO_CLIENT_SECRET이 설정되어 있어 저장한 파일보다 먼저 쓰입니다\n"))
        #expect(!right.standardError.contains("my-secret"))
    }
}
