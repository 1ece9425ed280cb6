import Foundation
import Testing
import TextDetection
import TestSupport

/// The terminal examples of the README and of `docs/`, run as a reader would run them, so that the README cannot
/// drift from what the command prints again.
///
/// An example is a `$ translate …` line in a `console` block whose files are all in the
/// repository; what follows it up to the next `$` line is what it shows. Lines starting
/// `translate:` are standard error, the rest standard output; a `…` line ends the standard
/// output compared (the rest of it is left out in the README), while standard error lines shown
/// after it are still looked for. Examples that write files, lean on saved
/// settings (a `#` comment says so) or name files that are not in the repository are left out.
@Suite struct ReadmeExampleTests {
    struct Example: CustomStringConvertible {
        var command: String
        var shownOutput: [String]
        var shownErrors: [String]
        var description: String { command }
    }

    static func examples() throws -> [Example] {
        // The README and the pages of docs/ it links to, whose examples are as much promises.
        let docs = TestPaths.repository.appendingPathComponent("docs")
        let pages = [TestPaths.repository.appendingPathComponent("README.md")]
            + (try FileManager.default.contentsOfDirectory(atPath: docs.path)).filter { $0.hasSuffix(".md") }.sorted()
                .map { docs.appendingPathComponent($0) }
        let readme = try pages.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        var examples: [Example] = []
        var inConsole = false
        var current: Example?
        func finish() {
            if let example = current { examples.append(example) }
            current = nil
        }
        var truncated = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if inConsole { finish() }
                inConsole = line == "```console"
                continue
            }
            guard inConsole else { continue }
            if line.hasPrefix("$ ") {
                finish()
                truncated = false
                let command = String(line.dropFirst(2))
                if isRunnable(command) { current = Example(command: command, shownOutput: [], shownErrors: []) }
            } else if line == "…" {
                truncated = true
            } else if line.hasPrefix("translate:") {
                current?.shownErrors.append(line)
            } else if !truncated {
                current?.shownOutput.append(line)
            }
        }
        finish()
        return examples
    }

    /// Whether `command` can run here as the README shows it: `translate` on files of the
    /// repository, writing nothing, with nothing but its own options.
    static func isRunnable(_ command: String) -> Bool {
        guard command.hasPrefix("translate "), !command.contains("#"), !command.contains(">") else { return false }
        let words = command.split(separator: " ").dropFirst()
        guard words.first != "config" else { return false }
        let paths = words.filter { $0.contains("/") && !$0.hasPrefix("-") && !$0.hasPrefix("'") }
        return !paths.isEmpty && paths.allSatisfy {
            FileManager.default.fileExists(atPath: TestPaths.repository.appendingPathComponent(String($0)).path)
        }
    }

    @Test func theReadmeShowsEnoughExamples() throws {
        // The quick start's reading and translating examples at least; a change to the parser
        // above that finds none would make the test below pass on nothing.
        #expect(try Self.examples().count >= 5)
    }

    @Test(arguments: try ReadmeExampleTests.examples())
    func exampleOutputIsWhatTheReadmeShows(_ example: Example) throws {
        let home = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        // A reader's fresh machine: no Papago credentials, no saved settings, an empty cache.
        var environment = ["PATH": TestPaths.executable.deletingLastPathComponent().path + ":/usr/bin:/bin",
                           "HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
                           "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "LANG": "C.UTF-8"]
        // The models as the setup script installed them, found in the real home's data folder.
        if let detector = TextDetectorModel.locate() { environment[TextDetectorModel.environmentVariable] = detector }
        if let recognizer = TextRecognizerModel.locate() { environment[TextRecognizerModel.environmentVariable] = recognizer }
        let run = try ProcessRun(["-c", "cd '\(TestPaths.repository.path)' && " + example.command],
                                 executable: URL(fileURLWithPath: "/bin/bash"), environment: environment)
        let output = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(output.prefix(example.shownOutput.count)) == example.shownOutput,
                "README shows:\n\(example.shownOutput.joined(separator: "\n"))\nthe command prints:\n\(run.standardOutput)")
        let errors = run.standardError.split(separator: "\n").map(String.init)
        for line in example.shownErrors {
            #expect(errors.contains(line), "README shows on standard error: \(line)\nthe command prints: \(run.standardError)")
        }
    }
}
