import Foundation
import Testing
@testable import TranslateCLI
@testable import TranslationEngines
import TestSupport

/// The command end to end, in-process: exit codes, streams and formats.
@Suite struct CommandTests {
    let menu = TestPaths.fixture("korean-menu.png")
    let page = TestPaths.fixture("english-page.png")

    @Test func readsAnImage() {
        let run = InProcessRun([menu, "--ocr-only"])
        #expect(run.exitCode == 0)
        #expect(run.standardError == "")
        #expect(run.standardOutput.hasPrefix("\(menu)  ·  "))
        #expect(run.standardOutput.contains("비빔밥"))
    }

    @Test func badInputsFailAloneAndTheRestGoOn() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = directory.appendingPathComponent("notes.png")
        try Data("not an image".utf8).write(to: text)
        let missing = directory.appendingPathComponent("missing.png").path
        let run = InProcessRun([missing, menu, text.path, "--ocr-only", "--format", "jsonl"])
        #expect(run.exitCode == ExitCode.someInputsFailed.rawValue)
        let messages = run.standardError.split(separator: "\n").map(String.init)
        #expect(messages.count == 3)
        #expect(messages.prefix(2) == [
            "translate: \(missing): no such file",
            "translate: \(text.path): not an image (unrecognised file format)",
        ])
        // Several inputs make a batch, which ends with its summary.
        #expect(messages.last?.hasPrefix("translate: 3 images in ") == true)
        #expect(messages.last?.hasSuffix(" boxes, 2 failed") == true)
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(objects.map { $0["file"] as? String } == [missing, menu, text.path])
        #expect((objects[0]["error"] as? [String: Any])?["code"] as? String == "not_found")
        #expect(objects[1]["error"] is NSNull)
        #expect(((objects[1]["boxes"] as? [Any])?.count ?? 0) >= 8)
        #expect((objects[2]["error"] as? [String: Any])?["code"] as? String == "not_an_image")
    }

    @Test func noReadableInputIsItsOwnExitCode() {
        let run = InProcessRun(["/nonexistent/a.png", "/nonexistent/b.png", "--ocr-only"])
        #expect(run.exitCode == ExitCode.noInputReadable.rawValue)
        #expect(run.standardOutput == "")
        // One line per input, then the summary.
        #expect(run.standardError.split(separator: "\n").count == 3)
    }

    @Test func hugeImageIsRefusedWithItsSize() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bomb = directory.appendingPathComponent("bomb.png")
        try SyntheticImages.pngHeader(width: 60000, height: 60000).write(to: bomb)
        let run = InProcessRun([bomb.path, "--ocr-only"])
        #expect(run.exitCode == ExitCode.noInputReadable.rawValue)
        #expect(run.standardError == "translate: \(bomb.path): image is 60000×60000 pixels, more than the limit of 64000000 pixels (see --max-pixels)\n")
    }

    @Test func readsStandardInput() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: page))
        let run = InProcessRun(["-", "--ocr-only", "--format", "tsv", "-l", "eng"], standardInput: data)
        #expect(run.exitCode == 0)
        let rows = run.standardOutput.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(rows[0].joined(separator: ",") == "file,page,box,x,y,width,height,confidence,language,text,translation")
        #expect(rows.count > 5)
        #expect(rows.dropFirst().allSatisfy { $0.count == 11 && $0[0] == "-" })
    }

    @Test func jsonHoldsEveryPageOfEveryInput() throws {
        let run = InProcessRun([TestPaths.fixture("english-two-pages.tif"), page, "--ocr-only", "--format", "json", "-l", "eng"])
        #expect(run.exitCode == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        #expect(array.map { $0["page"] as? Int } == [1, 2, 1])
        for object in array {
            for key in ["file", "page", "width", "height", "source", "target", "engine", "boxes", "error"] {
                #expect(object[key] != nil, "missing \(key)")
            }
        }
    }

    @Test func plainPrintsOnlyTheText() {
        let run = InProcessRun([page, "--ocr-only", "--format", "plain", "-l", "eng"])
        #expect(run.exitCode == 0)
        #expect(!run.standardOutput.contains("\t"))
        #expect(run.standardOutput.split(separator: "\n").count >= 8)
    }

    @Test func missingOCRLanguageIsASetupError() {
        let run = InProcessRun([page, "--ocr-only", "-l", "eng+yor"])
        #expect(run.exitCode == ExitCode.setup.rawValue)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "translate: tesseract language not installed: yor (install with: apt-get install tesseract-ocr-yor)\n")
    }

    /// A list of one missing language, which Tesseract fails to start with at all, names its package too.
    @Test func aSingleMissingOCRLanguageNamesItsPackage() {
        let run = InProcessRun([page, "--ocr-only", "-l", "yor"])
        #expect(run.exitCode == ExitCode.setup.rawValue)
        #expect(run.standardError == "translate: tesseract language not installed: yor (install with: apt-get install tesseract-ocr-yor)\n")
    }

    /// A language named as people name it gets its data name; a name no data has, no package.
    @Test func anOCRLanguageThatIsNoDataNameSaysSo() {
        let english = InProcessRun([page, "--ocr-only", "-l", "english"])
        #expect(english.exitCode == ExitCode.setup.rawValue)
        #expect(english.standardError == "translate: tesseract has no language named english (did you mean 'eng'?)\n")
        let unknown = InProcessRun([page, "--ocr-only", "-l", "kor+xyz"])
        #expect(unknown.exitCode == ExitCode.setup.rawValue)
        #expect(unknown.standardError == "translate: tesseract has no language named xyz, and Debian no package for it "
                + "('apt-cache search tesseract-ocr' lists those it has)\n")
    }

    @Test func usageErrorsPrintUsageAndHint() {
        let run = InProcessRun(["--ocr-only", "--level", "word", page])
        #expect(run.exitCode == ExitCode.usage.rawValue)
        #expect(run.standardOutput == "")
        #expect(run.standardError == """
            translate: invalid value 'word' for --level: expected line or paragraph
            Usage: translate [OPTIONS] IMAGE... (--to LANG | --ocr-only)
            Try 'translate --help' for more information.

            """)
    }

    @Test func helpListsEveryOptionAndExitCode() {
        let run = InProcessRun(["--help"])
        #expect(run.exitCode == 0)
        for option in CommandOptions.parser.options {
            #expect(run.standardOutput.contains("--\(option.long)"))
        }
        for (code, meaning) in ExitCode.documentation {
            let number = String(code.rawValue)
            #expect(run.standardOutput.contains("  " + number + String(repeating: " ", count: 5 - number.count) + meaning))
        }
        #expect(InProcessRun(["--version"]).standardOutput == "translate \(ToolVersion.current)\n")
    }

    /// A file name with a newline keeps its message on one line.
    @Test func aNewlineInAFileNameStaysOnOneLine() {
        let run = InProcessRun(["/nonexistent/a\nb.png", "--ocr-only"])
        #expect(run.standardError == "translate: /nonexistent/a\\nb.png: no such file\n")
    }

    /// The README's options table and exit-status table say what `--help` says.
    @Test func readmeListsEveryOptionAndExitCode() throws {
        let readme = try String(contentsOf: TestPaths.repository.appendingPathComponent("README.md"), encoding: .utf8)
        for option in CommandOptions.parser.options {
            #expect(readme.contains("`--\(option.long)") || readme.contains(", --\(option.long)"), "--\(option.long) is not in the README")
        }
        for (code, _) in ExitCode.documentation {
            #expect(readme.contains("\n| \(code.rawValue) | "), "exit status \(code.rawValue) is not in the README")
        }
    }
}

/// The built binary, run as a separate process the way users and scripts run it.
@Suite struct ExecutableTests {
    @Test func dataOnStdoutDiagnosticsOnStderr() throws {
        let run = try ProcessRun([TestPaths.fixture("english-page.png"), "/nonexistent.png", "--ocr-only", "--format", "plain", "-l", "eng"])
        #expect(run.exitCode == ExitCode.someInputsFailed.rawValue)
        let messages = run.standardError.split(separator: "\n")
        #expect(messages.first == "translate: /nonexistent.png: no such file")
        #expect(messages.count == 2 && messages[1].hasPrefix("translate: 2 images in "))
        #expect(!run.standardOutput.contains("nonexistent"))
        #expect(!run.standardOutput.isEmpty)
    }

    @Test func imageOnStandardInput() throws {
        let data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("korean-menu.png"))
        let run = try ProcessRun(["-", "--ocr-only", "--format", "plain"], standardInput: data)
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.contains("김치찌개"))
    }

    @Test func usageErrorExitsWithTwo() throws {
        let run = try ProcessRun(["--bogus"])
        #expect(run.exitCode == ExitCode.usage.rawValue)
        #expect(run.standardOutput == "")
    }
}

/// The embedded language model is the file whose checksum and sources are recorded.
@Suite struct LanguageModelFileTests {
    @Test func checksumMatchesTheRecordedOne() throws {
        let folder = TestPaths.repository.appendingPathComponent("Sources/CLanguageModel")
        let recorded = try String(contentsOf: folder.appendingPathComponent("language-model.sha256"), encoding: .utf8)
        let run = try ProcessRun([folder.appendingPathComponent("language-model.bin").path],
                                 executable: URL(fileURLWithPath: "/usr/bin/sha256sum"))
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.split(separator: " ").first.map(String.init) == recorded.trimmingCharacters(in: .whitespacesAndNewlines))
        let packages = try String(contentsOf: folder.appendingPathComponent("language-model.packages"), encoding: .utf8)
        #expect(packages.contains("tesseract-ocr-eng "))
    }
}

/// Dependencies between the folders of Sources/ point one way only (modules are checked by
/// SwiftPM itself).
@Suite struct LayeringTests {
    @Test func noFolderDependsOnOneThatDependsBackOnIt() throws {
        let script = TestPaths.repository.appendingPathComponent("scripts/check-dependencies.py")
        let run = try ProcessRun([script.path], executable: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(run.exitCode == 0, "\(run.standardOutput)")
        #expect(run.standardError.hasPrefix("no cycles among "))
    }
}
