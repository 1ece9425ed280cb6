import Foundation
import Testing
@testable import TranslateModel
@testable import TranslateOutput
@testable import TranslateCLI
import TestSupport

/// `translate config` and the defaults it saves, run in-process with scripted answers.
@Suite struct ConfigCommandTests {
    /// Runs `translate config` with `answers` under a home of its own; returns the run and the home.
    private func configure(_ answers: [String], interactive: Bool = false, home: URL? = nil,
                           environment extra: [String: String] = [:]) throws -> (run: ConfigRun, home: URL) {
        let home = try home ?? TestPaths.temporaryDirectory()
        let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin"].merging(extra) { $1 }
        return (ConfigRun(["config"], answers: ScriptedAnswers(answers, interactive: interactive), environment: environment), home)
    }

    private func file(_ home: URL, _ name: String) -> URL {
        home.appendingPathComponent(".config/translate").appendingPathComponent(name)
    }

    private func json(_ url: URL) throws -> [String: String] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: String])
    }

    @Test func savesCredentialsPrivatelyAndDefaultsBesideThem() throws {
        let (run, home) = try configure(["my-id", "my-secret", "http://127.0.0.1:8080", "en", "papago", "tsv"])
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(run.exitCode == ExitCode.success.rawValue, "\(run.standardError)")
        let secrets = file(home, "secrets.json")
        #expect(try json(secrets) == ["clientId": "my-id", "clientSecret": "my-secret", "endpoint": "http://127.0.0.1:8080"])
        let mode = try FileManager.default.attributesOfItem(atPath: secrets.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let directoryMode = try FileManager.default.attributesOfItem(atPath: secrets.deletingLastPathComponent().path)[.posixPermissions] as? Int
        #expect(directoryMode == 0o700)
        #expect(try json(file(home, "config.json")) == ["to": "en", "engine": "papago", "format": "tsv"])
        // The secret is asked for without echo, and never written back to the user.
        #expect(run.asked.count == 6)
        #expect(!run.standardError.contains("my-secret") && run.standardOutput.isEmpty)
        #expect(run.standardError.contains("saved the defaults to \(file(home, "config.json").path): --to en --engine papago --format tsv"))
    }

    /// An empty answer keeps what is saved; the end of the input keeps everything after it.
    @Test func emptyAnswersKeepWhatIsSaved() throws {
        let (first, home) = try configure(["my-id", "my-secret", "", "ko", "", "json"])
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(first.exitCode == 0)
        let (second, _) = try configure(["", "", "", "ja"], home: home)
        #expect(second.exitCode == 0, "\(second.standardError)")
        #expect(try json(file(home, "secrets.json")) == ["clientId": "my-id", "clientSecret": "my-secret"])
        #expect(try json(file(home, "config.json")) == ["to": "ja", "format": "json"])
        #expect(second.asked.first == "Papago client id [my-id]: ")
        #expect(second.asked[1] == "Papago client secret (not shown) [keep the saved one]: ")
        let (third, _) = try configure(["", "", "", "none", "auto"], home: home)
        #expect(third.exitCode == 0)
        #expect(try json(file(home, "config.json")) == ["format": "json"])
    }

    /// No client id: no Papago questions and no secrets file, only the defaults.
    @Test func withoutAClientIdOnlyDefaultsAreSaved() throws {
        let (run, home) = try configure(["", "es", "apertium"])
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(run.exitCode == 0)
        #expect(!FileManager.default.fileExists(atPath: file(home, "secrets.json").path))
        #expect(try json(file(home, "config.json")) == ["to": "es", "engine": "apertium"])
        #expect(run.asked.count == 4)
    }

    /// From a pipe a wrong answer ends the command and nothing is written; at a terminal the
    /// question is asked again.
    @Test func aWrongAnswerFromAPipeWritesNothing() throws {
        let (run, home) = try configure(["my-id", "my-secret", "", "klingon"])
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(run.exitCode == ExitCode.usage.rawValue)
        #expect(run.standardError.hasSuffix("translate: config: 'klingon' is not a language code; nothing was saved\n"))
        #expect(!FileManager.default.fileExists(atPath: file(home, "secrets.json").path))
        #expect(!FileManager.default.fileExists(atPath: file(home, "config.json").path))

        let (asked, _) = try configure(["my-id", "my-secret", "ftp://x", "", "klingon", "de"], interactive: true, home: home)
        #expect(asked.exitCode == 0)
        #expect(asked.standardError.contains("translate: config: an endpoint is an http:// or https:// URL; try again\n"))
        #expect(try json(file(home, "config.json")) == ["to": "de"])
    }

    /// Only targets some engine here serves are offered and accepted (without credentials,
    /// Apertium's installed pairs), and no picture format; `auto` means the same as on the
    /// command line.
    @Test func onlyDefaultsARunCanServeAreSaved() throws {
        let (korean, home) = try configure(["", "ko"])
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(korean.exitCode == ExitCode.usage.rawValue)
        #expect(korean.standardError.contains("no engine here translates into 'ko' (the languages listed are all those Papago, given credentials, and the installed Apertium pairs translate into)"))
        #expect(korean.asked.first { $0.hasPrefix("Default target language") } == "Default target language (en, es, ca; none) [none]: ")
        let (picture, _) = try configure(["", "es", "auto", "png"], home: home)
        #expect(picture.exitCode == ExitCode.usage.rawValue)
        #expect(picture.standardError.contains("png writes pictures, which a terminal cannot show"))
        #expect(picture.asked.last == "Default output format (text, plain, tsv, json, jsonl) [text]: ")
        let (withCredentials, _) = try configure(["my-id", "my-secret", "", "ko", "auto", "json"], home: home)
        #expect(withCredentials.exitCode == 0, "\(withCredentials.standardError)")
        #expect(try json(file(home, "config.json")) == ["to": "ko", "format": "json"])
        #expect(try CommandOptions(parsing: ["a.png", "--to", "en", "--engine", "auto"], defaults: SavedDefaults(engine: .apertium)).engine == nil)
    }

    @Test func aSecretWithoutAClientIdIsRefusedAndNeverShown() throws {
        let (run, home) = try configure(["my-id", "bad secret"])
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(run.exitCode == ExitCode.usage.rawValue)
        #expect(!run.standardError.contains("bad secret"))
        let (missing, _) = try configure(["my-id", ""], home: home)
        #expect(missing.exitCode == ExitCode.usage.rawValue)
        #expect(missing.standardError.contains("a client secret goes with the client id; nothing was saved"))
    }

    /// A secrets file readable by others is replaced by one readable by its owner only, and
    /// its other fields stay.
    @Test func rewritingASecretsFileKeepsItsOtherFieldsAndTightensItsMode() throws {
        let home = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let secrets = file(home, "secrets.json")
        try FileManager.default.createDirectory(at: secrets.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"PapagoClientId": "old", "PapagoClientSecret": "old-secret", "dialect": "naver-developers"}"#.utf8).write(to: secrets)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: secrets.path)
        let (run, _) = try configure(["new-id", "", ""], home: home)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(try json(secrets) == ["clientId": "new-id", "PapagoClientSecret": "old-secret", "dialect": "naver-developers"])
        #expect(try FileManager.default.attributesOfItem(atPath: secrets.path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func environmentCredentialsThatWinAreMentioned() throws {
        let (run, home) = try configure(["my-id", "my-secret"], environment: ["PAPAGO_CLIENT_ID": "x", "PAPAGO_CLIENT_SECRET": "y"])
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(run.exitCode == 0)
        #expect(run.standardError.hasSuffix("translate: warning: PAPAGO_CLIENT_ID and PAPAGO_CLIENT_SECRET are set in the environment and are used before the saved file\n"))
    }

    @Test func configHelpAndStrayArguments() throws {
        let help = ConfigRun(["config", "--help"], answers: ScriptedAnswers([]), environment: ["HOME": "/nonexistent"])
        #expect(help.exitCode == 0 && help.standardOutput.hasPrefix("Usage: translate config\n"))
        let stray = ConfigRun(["config", "photo.png"], answers: ScriptedAnswers([]), environment: ["HOME": "/nonexistent"])
        #expect(stray.exitCode == ExitCode.usage.rawValue)
        #expect(stray.standardError.hasPrefix("translate: config: unexpected argument 'photo.png'\n"))
    }
}

/// The defaults file as runs read it: options win, and a bad file is one line naming it.
@Suite struct SavedDefaultsTests {
    @Test func defaultsFillInWhatOptionsLeaveOut() throws {
        let defaults = SavedDefaults(target: .english, engine: .apertium, format: .tsv)
        let bare = try CommandOptions(parsing: ["a.png"], defaults: defaults)
        #expect(bare.target == .english && bare.engine == .apertium && bare.format == .tsv)
        let given = try CommandOptions(parsing: ["a.png", "--to", "ja", "-e", "papago", "--format", "json"], defaults: defaults)
        #expect(given.target == .japanese && given.engine == .papago && given.format == .json)
        // A saved target does not make --ocr-only a conflict, and --list-languages keeps its own formats.
        let reading = try CommandOptions(parsing: ["a.png", "--ocr-only"], defaults: defaults)
        #expect(reading.target == nil && reading.ocrOnly)
        let listing = try CommandOptions(parsing: ["--list-languages"], defaults: defaults)
        #expect(listing.format == .text)
        // --honorific is checked against the saved target too.
        #expect(throws: UsageError.needsOption("--honorific", "--to ko")) {
            try CommandOptions(parsing: ["a.png", "--honorific"], defaults: defaults)
        }
        #expect(throws: UsageError.nothingToDo) { try CommandOptions(parsing: ["a.png"]) }
    }

    /// A saved default a run cannot serve is refused in one line that names the file, the key
    /// and the way out; the same value given on the command line is refused as before.
    @Test func aSavedDefaultThatCannotBeServedNamesTheFile() throws {
        let home = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let directory = home.appendingPathComponent("translate")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("config.json")
        let environment = InProcessRun.offlineEnvironment.merging(["XDG_CONFIG_HOME": home.path]) { $1 }
        let page = TestPaths.fixture("spanish-screenshot.png")
        try Data(#"{"to": "pt"}"#.utf8).write(to: file)
        let saved = InProcessRun([page], environment: environment)
        #expect(saved.exitCode == ExitCode.setup.rawValue)
        #expect(saved.standardError == "translate: --to pt: apertium does not translate into Portuguese (it translates into: ca, en, es); "
                + "it is the default saved in \(file.path) (\"to\"): give --to, or change it with 'translate config'\n")
        let given = InProcessRun([page, "--to", "pt"], environment: environment)
        #expect(!given.standardError.contains("config.json"))

        try Data(#"{"format": "png"}"#.utf8).write(to: file)
        let picture = InProcessRun([page, "--to", "en"], terminalWidth: 80, environment: environment)
        #expect(picture.exitCode == ExitCode.usage.rawValue)
        #expect(picture.standardError.hasPrefix("translate: --format png writes a picture: redirect standard output to a file, or use "
                + "--output-dir; it is the default saved in \(file.path) (\"format\"): give --format, or change it with 'translate config'\n"))
    }

    @Test func aBadDefaultsFileIsOneLineNamingIt() throws {
        #expect(throws: SavedDefaultsError.invalid(path: "c.json", reason: "\"to\": no language 'xx'")) {
            try SavedDefaults.decode(Data(#"{"to": "xx"}"#.utf8), path: "c.json")
        }
        #expect(throws: SavedDefaultsError.invalid(path: "c.json", reason: "not a JSON object")) {
            try SavedDefaults.decode(Data("[".utf8), path: "c.json")
        }
        #expect(try SavedDefaults.decode(Data(#"{"format": "JSONL", "to": null}"#.utf8), path: "c.json") == SavedDefaults(format: .jsonl))

        let home = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let directory = home.appendingPathComponent("translate")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(#"{"engine": "deepl"}"#.utf8).write(to: directory.appendingPathComponent("config.json"))
        let run = InProcessRun(["a.png", "--to", "en"], environment: ["XDG_CONFIG_HOME": home.path, "HOME": "/nonexistent"])
        #expect(run.exitCode == ExitCode.setup.rawValue)
        #expect(run.standardError == "translate: \(directory.path)/config.json: \"engine\": expected papago, apertium or auto, not 'deepl' (run 'translate config' to write it again)\n")
    }
}

/// `translate config` run in-process.
struct ConfigRun {
    let exitCode: Int32
    let standardOutput: String
    let standardError: String
    let asked: [String]

    init(_ arguments: [String], answers: ScriptedAnswers, environment: [String: String]) {
        let out = BufferSink(), err = BufferSink()
        let context = CommandContext(standardOutput: out, standardError: err, environment: environment, answers: answers)
        exitCode = TranslateCommand.run(arguments, context: context)
        standardOutput = out.text
        standardError = err.text
        asked = answers.asked
    }
}
