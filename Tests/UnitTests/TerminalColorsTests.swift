import Foundation
import Testing
@testable import TranslateModel
@testable import TextRecognition
@testable import TranslateOutput
@testable import TranslateCLI
import TestSupport

/// Colour on a terminal, and the narrow-terminal listing.
@Suite struct TerminalColorsTests {
    let result = ImageResult(
        file: "a.png", page: 1, width: 640, height: 480, source: .korean, target: .english, engine: "papago",
        boxes: [
            BoxResult(id: 0, rect: PixelRect(x: 10, y: 20, width: 300, height: 40), confidence: 91, language: .korean,
                      text: "오늘의 메뉴", translation: "Today's menu"),
            BoxResult(id: 1, rect: PixelRect(x: 10, y: 70, width: 120, height: 30), confidence: 41, language: .english,
                      text: "Bibimbap", translation: "Bibimbap"),
        ])

    private func text(_ renderer: TextRenderer) -> String {
        let sink = BufferSink()
        renderer.render([result], into: sink)
        return sink.text
    }

    private func withoutColor(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    @Test func whenToColour() {
        #expect(TerminalColors.choose(.auto, isTerminal: true, environment: [:]).enabled)
        #expect(!TerminalColors.choose(.auto, isTerminal: false, environment: [:]).enabled)
        #expect(!TerminalColors.choose(.auto, isTerminal: true, environment: ["NO_COLOR": "1"]).enabled)
        #expect(TerminalColors.choose(.auto, isTerminal: true, environment: ["NO_COLOR": ""]).enabled)
        #expect(TerminalColors.choose(.always, isTerminal: false, environment: ["NO_COLOR": "1"]).enabled)
        #expect(!TerminalColors.choose(.never, isTerminal: true, environment: [:]).enabled)
    }

    @Test func colourMarksLanguagesAndDoubtfulConfidenceWithoutMovingColumns() {
        let plain = text(TextRenderer(terminalWidth: 100))
        let coloured = text(TextRenderer(terminalWidth: 100, colors: TerminalColors(enabled: true)))
        #expect(!plain.contains("\u{1B}"))
        #expect(coloured.contains("\u{1B}[36mko\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[33m41\u{1B}[0m"))
        #expect(!coloured.contains("\u{1B}[33m91"))
        #expect(withoutColor(coloured) == plain)
    }

    @Test func aNarrowTerminalGetsOneFieldPerLine() {
        let narrow = text(TextRenderer(terminalWidth: 40))
        let lines = narrow.split(separator: "\n").map(String.init)
        #expect(lines.first == "a.png")
        #expect(lines.dropFirst().allSatisfy { DisplayWidth.of($0) <= 40 }, "\(narrow)")
        #expect(lines.contains("  box: #0  10,20  300×40"))
        #expect(lines.contains("  lang: ko"))
        #expect(lines.contains("  translation:"))
        #expect(lines.contains("    Today's menu"))
        #expect(!lines.contains { $0.contains("  text  ") })
        // 60 columns and more: the table.
        #expect(text(TextRenderer(terminalWidth: 60)).contains("lang  text"))
    }

    @Test func colorOption() throws {
        #expect(try CommandOptions(parsing: ["a.png", "--ocr-only"]).color == .auto)
        #expect(try CommandOptions(parsing: ["a.png", "--ocr-only", "--color=never"]).color == .never)
        #expect(throws: UsageError.invalidValue(option: "--color", value: "sometimes", expected: "auto, always or never")) {
            try CommandOptions(parsing: ["a.png", "--ocr-only", "--color", "sometimes"])
        }
    }

    /// Error lines on standard error are coloured on a terminal, and not with NO_COLOR.
    @Test func errorLinesAreColouredOnATerminal() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let notes = directory.appendingPathComponent("notes.png")
        try Data("not an image".utf8).write(to: notes)
        let coloured = InProcessRun([notes.path, "--ocr-only"], standardErrorWidth: 80)
        #expect(coloured.standardError.contains("\u{1B}[1;31mtranslate: \(notes.path): not an image"), "\(coloured.standardError)")
        let plain = InProcessRun([notes.path, "--ocr-only"], environment: InProcessRun.offlineEnvironment.merging(["NO_COLOR": "1"]) { $1 },
                                 standardErrorWidth: 80)
        #expect(plain.standardError.contains("\u{1B}[K" + "translate: \(notes.path): not an image"))
        #expect(!plain.standardError.contains("\u{1B}[1;31m"))
        let always = InProcessRun([notes.path, "--ocr-only", "--color", "always"])
        #expect(always.standardError.hasPrefix("\u{1B}[1;31m"))
    }

    /// Warnings are coloured like errors, in their own colour, under the same rules.
    @Test func warningLinesAreColoured() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let notes = directory.appendingPathComponent("notes.png")
        try Data("not an image".utf8).write(to: notes)
        // A cache directory that cannot be made: the run warns and goes on without the cache.
        let arguments = [notes.path, "--to", "en", "--cache-dir", notes.path + "/cache"]
        let papago = InProcessRun.offlineEnvironment.merging(["PAPAGO_CLIENT_ID": "id", "PAPAGO_CLIENT_SECRET": "secret",
                                                              "PAPAGO_ENDPOINT": "http://127.0.0.1:9"]) { $1 }
        let always = InProcessRun(arguments + ["--color", "always"], environment: papago)
        let lines = always.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("\u{1B}[33mtranslate: warning: cannot create the cache directory \(notes.path)/cache: ") == true,
                "\(lines)")
        #expect(lines.first?.hasSuffix("; translating without the cache\u{1B}[0m") == true, "\(lines)")
        #expect(lines.last == "\u{1B}[1;31mtranslate: \(notes.path): not an image (unrecognised file format)\u{1B}[0m")

        let korean = InProcessRun(arguments + ["--color", "always"], environment: papago.merging(["LANG": "ko_KR.UTF-8"]) { $1 })
        #expect(korean.standardError.hasPrefix("\u{1B}[33mtranslate: 경고: 캐시 디렉터리 \(notes.path)/cache을(를) 만들 수 없습니다: "),
                "\(korean.standardError)")
        #expect(korean.standardError.contains("; 캐시 없이 번역합니다\u{1B}[0m\n"))

        let onTerminal = InProcessRun(arguments, environment: papago, standardErrorWidth: 80)
        #expect(onTerminal.standardError.contains("\u{1B}[33mtranslate: warning: "), "\(onTerminal.standardError)")
        let noColor = InProcessRun(arguments, environment: papago.merging(["NO_COLOR": "1"]) { $1 }, standardErrorWidth: 80)
        #expect(noColor.standardError.contains("translate: warning: cannot create"))
        #expect(!noColor.standardError.contains("\u{1B}[33m"))
        let never = InProcessRun(arguments + ["--color", "never"], environment: papago)
        #expect(never.standardError.hasPrefix("translate: warning: cannot create the cache directory"))
    }
}
