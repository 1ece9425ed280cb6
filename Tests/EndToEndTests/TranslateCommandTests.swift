import Foundation
import ImageDecoding
import Testing
@testable import TranslateModel
@testable import TranslationEngines
@testable import TranslateCLI
import TestSupport
import Locking
import TranslateOutput
import TranslatePipeline

/// `translate IMAGE --to LANG` end to end: OCR, detection, the real engines, exit codes.
@Suite struct OfflineTranslationTests {
    let spanish = TestPaths.fixture("spanish-screenshot.png")

    @Test func translatesWithApertiumWhenNoCredentialsExist() throws {
        let run = InProcessRun([spanish, "--to", "en", "-l", "spa", "--format", "jsonl"])
        #expect(run.exitCode == 0)
        #expect(run.standardError == "translate: no Papago credentials found; translating offline with Apertium (--engine to choose)\n")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(result["engine"] as? String == "apertium")
        #expect(result["source"] as? String == "es")
        #expect(result["target"] as? String == "en")
        let boxes = try #require(result["boxes"] as? [[String: Any]])
        let pairs = boxes.map { ($0["text"] as? String ?? "", $0["translation"] as? String ?? "") }
        #expect(pairs.contains { $0.0 == "Mañana habrá lluvia por la tarde." && $0.1 == "Tomorrow there will be rain in the afternoon." })
        #expect(boxes.allSatisfy { $0["language"] as? String == "es" })
    }

    /// No credentials and a language Apertium cannot translate: what was read is still shown,
    /// the other images are translated, one line says how to translate the rest, and the run
    /// ends with exit status 4.
    @Test func noCredentialsForALanguageApertiumLacksLosesNothing() throws {
        let reads = Locked(0)
        let stdin = StandardInputProbe(reads: reads, data: (try? Data(contentsOf: URL(fileURLWithPath: spanish))) ?? Data())
        let menu = TestPaths.fixture("korean-menu.png")
        let message = "translate: \(menu): " + NoCredentials.message(source: .korean, target: .english) + "\n"
        let text = stdin.run([menu, menu, "-", "--to", "en", "--format", "text"])
        #expect(text.exitCode == ExitCode.setup.rawValue)
        // Said once, however many images it concerns; the summary counts the run.
        #expect(text.standardError.components(separatedBy: message).count == 2, "\(text.standardError)")
        #expect(text.standardError.contains("3 images"), "\(text.standardError)")
        #expect(text.standardOutput.contains("불고기 정식 (Bulgogi Set)"))
        #expect(text.standardOutput.contains("Tomorrow there will be rain in the afternoon."))

        let json = InProcessRun([menu, "--to", "en", "-l", "kor+eng", "--format", "jsonl"])
        #expect(json.exitCode == ExitCode.setup.rawValue)
        #expect(json.standardError.hasPrefix(message))
        let result = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let boxes = try #require(result["boxes"] as? [[String: Any]])
        #expect(boxes.contains { $0["text"] as? String == "떡볶이" && $0["translation"] is NSNull })
        #expect((result["error"] as? [String: Any])?["code"] as? String == "pair_not_installed")
        #expect(NoCredentials.message(source: .korean, target: .english).contains("run 'translate config'"))
    }

    /// The run ends, after its summary, with how many boxes were left untranslated and how to
    /// set up Papago; in JSON each of those boxes says why.
    @Test func noCredentialsEndsWithTheBoxesLeftUntranslatedAndWhy() throws {
        let menu = TestPaths.fixture("korean-menu.png")
        let arguments = [menu, spanish, "--to", "en", "-l", "kor+eng+spa", "--format", "jsonl"]
        let run = InProcessRun(arguments)
        #expect(run.exitCode == ExitCode.setup.rawValue)
        let results = try run.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let boxes = results.flatMap { $0["boxes"] as? [[String: Any]] ?? [] }
        let untranslated = boxes.filter { $0["translation"] is NSNull }
        #expect(untranslated.count >= 15)
        #expect(untranslated.allSatisfy { $0["untranslated"] as? String == "no_engine_for_pair" && $0["language"] as? String == "ko" })
        // Translated boxes (the Spanish screenshot's) have no reason.
        #expect(boxes.contains { $0["translation"] as? String == "Tomorrow there will be rain in the afternoon." && $0["untranslated"] == nil })
        #expect(boxes.filter { !($0["translation"] is NSNull) }.allSatisfy { $0["untranslated"] == nil })
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(lines.last == "translate: \(untranslated.count) boxes not translated: no engine here translates Korean into English; "
            + "run 'translate config' to set up Papago, or export PAPAGO_CLIENT_ID and PAPAGO_CLIENT_SECRET", "\(run.standardError)")
        // After the summary, which counts both images.
        #expect(lines.dropLast().last?.hasPrefix("translate: 2 images in ") == true, "\(run.standardError)")

        let korean = InProcessRun(arguments, environment: InProcessRun.offlineEnvironment.merging(["LANG": "ko_KR.UTF-8"]) { $1 })
        #expect(korean.exitCode == ExitCode.setup.rawValue)
        #expect(korean.standardError.hasSuffix("translate: 상자 \(untranslated.count)개를 번역하지 못했습니다: 여기 있는 어떤 엔진도 한국어를 영어로 "
            + "번역하지 않습니다; 'translate config'로 Papago를 설정하거나, PAPAGO_CLIENT_ID와 PAPAGO_CLIENT_SECRET을 export하세요\n"),
            "\(korean.standardError)")
    }

    /// With --from the same is known before any image is read.
    @Test func noCredentialsAndAKnownSourceApertiumLacksStopsBeforeReading() {
        let reads = Locked(0)
        let run = StandardInputProbe(reads: reads, data: Data()).run(["-", "--to", "en", "--from", "ja"])
        #expect(run.exitCode == ExitCode.setup.rawValue)
        #expect(run.standardError == "translate: " + NoCredentials.message(source: .japanese, target: .english) + "\n")
        #expect(reads.current == 0)
    }

    /// An engine chosen on purpose is not stopped: the image fails, the run goes on.
    @Test func aMissingPairWithApertiumChosenFailsOnlyThatImage() {
        let run = InProcessRun([TestPaths.fixture("korean-menu.png"), spanish, "--to", "en", "-e", "apertium", "--format", "tsv"])
        #expect(run.exitCode == ExitCode.someInputsFailed.rawValue)
        #expect(run.standardError.contains("no Apertium pair for ko → en"))
        #expect(run.standardOutput.contains("Tomorrow there will be rain in the afternoon."))
    }

    /// A target the engine cannot translate into is refused before any image is read.
    @Test func aTargetTheEngineLacksIsRefusedUpFront() {
        let apertium = InProcessRun([spanish, "--to", "ko", "--format", "plain"])
        #expect(apertium.exitCode == ExitCode.setup.rawValue)
        #expect(apertium.standardOutput == "")
        #expect(apertium.standardError.hasSuffix(
            "translate: --to ko: apertium does not translate into Korean (it translates into: ca, en, es); \(MessageCatalogue.text(.papagoWayOut, .english))\n"))
        let papago = InProcessRun([spanish, "--to", "pt"], environment: InProcessRun.offlineEnvironment.merging(
            ["PAPAGO_CLIENT_ID": "id", "PAPAGO_CLIENT_SECRET": "secret"]) { $1 })
        #expect(papago.exitCode == ExitCode.usage.rawValue)
        // Papago with Apertium beside it for the pairs only Apertium has (Catalan).
        #expect(papago.standardError.hasPrefix("translate: --to pt: papago+apertium does not translate into Portuguese (it translates into: ca, de, en, "))
    }

    @Test func papagoOptionsWithApertiumAreNotSilentlyIgnored() {
        let run = InProcessRun([spanish, "--to", "en", "-l", "spa", "--glossary", "menu", "-q", "--format", "plain"])
        #expect(run.exitCode == 0)
        #expect(run.standardError == "translate: warning: --glossary is a Papago option; Apertium does without it\n")
    }

    @Test func quietSilencesTheNotice() {
        let run = InProcessRun([spanish, "--to", "en", "-l", "spa", "-q", "--format", "plain"])
        #expect(run.exitCode == 0)
        #expect(run.standardError == "")
        #expect(run.standardOutput.contains("Last update: ten minutes ago"))
    }

    @Test func missingApertiumIsASetupError() {
        let run = InProcessRun([spanish, "--to", "en", "--engine", "apertium"], environment: ["PATH": "/nonexistent"])
        #expect(run.exitCode == ExitCode.setup.rawValue)
        #expect(run.standardError == "translate: the Apertium engine is not installed (install it with: apt-get install apertium apertium-eng-spa)\n")
    }

    @Test func noEngineAtAllExplainsBothWaysForward() {
        let run = InProcessRun([spanish, "--to", "en"], environment: ["PATH": "/nonexistent", "HOME": "/nonexistent-home"])
        #expect(run.exitCode == ExitCode.setup.rawValue)
        #expect(run.standardError.hasPrefix("translate: no translation engine available: no papago credentials found; looked in: "))
        #expect(run.standardError.contains("PAPAGO_CLIENT_ID"))
        #expect(run.standardError.hasSuffix("or translate offline by installing Apertium: apt-get install apertium apertium-eng-spa\n"))
    }

    @Test func uninstalledPairFailsThatImageWithThePackageName() throws {
        let run = InProcessRun([spanish, "--to", "en", "--from", "pt", "--engine", "apertium", "--format", "jsonl"])
        // The image was read; only its translation failed.
        #expect(run.exitCode == ExitCode.someInputsFailed.rawValue)
        #expect(run.standardError.contains("no Apertium pair for pt → en (Debian packages no Apertium pair for it; installed pairs: "))
        let result = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        // What was read is kept even though it could not be translated.
        #expect(((result["boxes"] as? [Any])?.count ?? 0) > 5)
        #expect((result["error"] as? [String: Any])?["code"] as? String == "pair_not_installed")
    }

    @Test func textShowsWhatWasReadWhenTranslationFails() {
        let run = InProcessRun([spanish, "--to", "en", "--from", "pt", "--engine", "apertium", "-l", "spa"])
        #expect(run.exitCode == ExitCode.someInputsFailed.rawValue)
        #expect(run.standardOutput.contains("Mañana habrá lluvia por la tarde."))
    }

    @Test func listsLanguages() throws {
        let run = InProcessRun(["--list-languages", "--format", "json"])
        #expect(run.exitCode == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        // Papago's fifteen, and Catalan for the Catalan pairs installed beside Spanish–English.
        #expect(rows.compactMap { $0["code"] as? String }.filter { Language(code: $0)?.isOfflineOnly != false } == ["ca"])
        #expect(rows.count == Language.allCases.filter { !$0.isOfflineOnly }.count + 1)
        let spanishRow = try #require(rows.first { $0["code"] as? String == "es" })
        #expect(spanishRow["apertium"] as? [String] == ["ca", "en"])
        let catalanRow = try #require(rows.first { $0["code"] as? String == "ca" })
        #expect(catalanRow["name"] as? String == "Catalan")
        #expect(catalanRow["apertium"] as? [String] == ["en", "es"])
        #expect(catalanRow["tesseract"] as? String == "cat")
        #expect((spanishRow["papago"] as? [String])?.contains("ko") == true)
        #expect(rows.first { $0["code"] as? String == "ko" }?["ocr_installed"] as? Bool == true)
        let text = InProcessRun(["--list-languages"]).standardOutput
        #expect(text.contains("pt     Portuguese"))
        #expect(text.contains("detection only"))
    }
}

/// The command against our Papago-compatible server over real HTTP.
@Suite struct PapagoCommandTests {
    let menu = TestPaths.fixture("korean-menu.png")
    let mixed = TestPaths.fixture("mixed-screenshot.png")

    private func environment(_ server: PapagoTestServer, secret: String = PapagoTestServer.clientSecret) -> [String: String] {
        server.environment(secret: secret)
    }

    @Test func oneRequestPerImageAndLanguage() throws {
        let server = try PapagoTestServer()
        let run = InProcessRun([menu, "--to", "en", "--format", "jsonl"], environment: environment(server))
        #expect(run.exitCode == 0)
        #expect(run.standardError == "")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(result["engine"] as? String == "papago")
        #expect(result["source"] as? String == "ko")
        let boxes = try #require(result["boxes"] as? [[String: Any]])
        for box in boxes {
            let text = try #require(box["text"] as? String)
            let translation = try #require(box["translation"] as? String)
            // The server's translation marks every line, so each must carry its own box's text.
            #expect(translation == "[ko→en] \(text)" || translation == text)
        }
        #expect(try server.translationRequests().count == 1)
    }

    @Test func boxesInTheTargetLanguageAreNotSent() throws {
        let server = try PapagoTestServer()
        let run = InProcessRun([mixed, "--to", "en", "--format", "jsonl"], environment: environment(server))
        #expect(run.exitCode == 0)
        let result = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let boxes = try #require(result["boxes"] as? [[String: Any]])
        let bluetooth = try #require(boxes.first { $0["text"] as? String == "Bluetooth" })
        #expect(bluetooth["language"] as? String == "en")
        #expect(bluetooth["translation"] as? String == "Bluetooth")
        let requests = try server.translationRequests()
        // One request for the Korean boxes; the English ones are not sent at all.
        #expect(requests.filter { $0.fields["source"] == "ko" }.count == 1)
        #expect(!requests.contains { ($0.fields["text"] ?? "").contains("Bluetooth") || ($0.fields["text"] ?? "").contains("Do Not Disturb") })
    }

    @Test func serviceDetectionIsOneRequestPerImage() throws {
        let server = try PapagoTestServer()
        let run = InProcessRun([menu, mixed, "--ocr-only", "--detect", "papago", "--format", "jsonl"], environment: environment(server))
        #expect(run.exitCode == 0)
        let results = try run.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        for result in results {
            #expect(result["source"] as? String == "ko")
            let boxes = try #require(result["boxes"] as? [[String: Any]])
            #expect(boxes.filter { ($0["text"] as? String ?? "").contains(where: \.isLetter) }.allSatisfy { $0["language"] as? String == "ko" })
        }
        let requests = try server.requests()
        #expect(requests.count == 2)
        #expect(requests.allSatisfy { $0.path.hasSuffix("/langs/v1/dect") })
    }

    @Test func refusedCredentialsStopTheRunWithoutLeakingTheSecret() throws {
        let server = try PapagoTestServer()
        let run = InProcessRun([menu, mixed, "--to", "en", "--format", "jsonl", "-j", "1", "--max-requests", "1"],
                               environment: environment(server, secret: "wrong-secret-value"))
        #expect(run.exitCode == ExitCode.authenticationFailed.rawValue)
        #expect(run.standardError.contains("papago authentication failed"))
        #expect(run.standardError.contains("PAPAGO_CLIENT_ID"))
        #expect(!run.standardError.contains("wrong-secret-value") && !run.standardOutput.contains("wrong-secret-value"))
        // The first refusal stops every later request.
        #expect(try server.translationRequests().count == 1)
        #expect(run.standardOutput.split(separator: "\n").count == 2)
    }

    @Test func exhaustedQuotaStopsTheRunAndReportsTheRestUntranslated() throws {
        let server = try PapagoTestServer()
        try server.fail(["kind": "quota", "path": "translate", "count": 100])
        let run = InProcessRun([menu, mixed, "--to", "en", "--format", "jsonl", "-j", "1", "--max-requests", "1"], environment: environment(server))
        #expect(run.exitCode == ExitCode.quotaExhausted.rawValue)
        let results = try run.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(results.count == 2)
        for result in results {
            #expect((result["error"] as? [String: Any])?["code"] as? String == "quota_exceeded")
            #expect(((result["boxes"] as? [Any])?.count ?? 0) > 0)
        }
        #expect(try server.translationRequests().count == 1)
        // Each box that was not translated says why, and the run ends by counting them.
        let untranslated = results.flatMap { $0["boxes"] as? [[String: Any]] ?? [] }.filter { $0["translation"] is NSNull }
        #expect(!untranslated.isEmpty && untranslated.allSatisfy { $0["untranslated"] as? String == "service_stopped" })
        #expect(run.standardError.hasSuffix(
            "translate: \(untranslated.count) boxes not translated: the translation service stopped taking requests\n"), "\(run.standardError)")
    }

    @Test func serverErrorsFailOnlyTheirImage() throws {
        let server = try PapagoTestServer()
        // Enough 503s to exhaust the retries of the first image's request, then the service recovers.
        try server.fail(["kind": "endpoint-error", "path": "translate", "count": PapagoRetryPolicy().maxAttempts])
        let run = InProcessRun([menu, mixed, "--to", "en", "--format", "jsonl", "-j", "1", "--max-requests", "1"], environment: environment(server))
        #expect(run.exitCode == ExitCode.someInputsFailed.rawValue)
        let results = try run.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect((results[0]["error"] as? [String: Any])?["code"] as? String == "service_error")
        #expect(results[1]["error"] is NSNull)
        #expect(run.standardError.hasPrefix("translate: \(menu): "))
    }
}

/// Runs the command in-process with standard input as one of its images, counting how often
/// that input is read.
struct StandardInputProbe {
    let reads: Locked<Int>
    let data: Data

    func run(_ arguments: [String]) -> (exitCode: Int32, standardOutput: String, standardError: String) {
        let out = BufferSink(), err = BufferSink()
        let cache = try? TestPaths.temporaryDirectory()
        defer { cache.map { try? FileManager.default.removeItem(at: $0) } }
        let reads = self.reads, data = self.data
        let environment = InProcessRun.offlineEnvironment.merging(["XDG_CACHE_HOME": cache?.path ?? "/nonexistent"]) { $1 }
        let context = CommandContext(standardOutput: out, standardError: err,
                                     inputReader: InputReader(readStandardInput: { reads.withLock { $0 += 1 }; return data }),
                                     environment: environment, processorCount: 2)
        let status = TranslateCommand.run(arguments, context: context)
        return (status, out.text, err.text)
    }
}
