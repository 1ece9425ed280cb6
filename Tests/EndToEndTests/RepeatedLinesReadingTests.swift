import Foundation
@testable import ImageDecoding
import Testing
@testable import TesseractReading
@testable import TextRecognition
@testable import LanguageDetection
import TranslateModel
import TestSupport

/// Lines read once in a run are not read again, and what is read does not depend on it.
@Suite struct RepeatedLinesReadingTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    static let settings: OCRSettings = {
        var settings = OCRSettings(languages: ["kor", "eng"])
        settings.readsLineByLine = true
        return settings
    }()

    static func reader(sharing lines: RepeatedLines) -> PageReader {
        PageReader(settings: settings, inputReader: InputReader(), languages: OfflineBoxLanguages(), repeatedLines: lines)
    }

    /// The Korean menu, and beneath it the same menu again: a page whose every line repeats.
    static func menuTwice() throws -> (path: String, menuHeight: Int) {
        let menu = TestPaths.fixture("korean-menu.png")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("menu-twice-\(UUID().uuidString).png").path
        try ImageMagickDrawing.convert([menu, menu, "-append", path])
        let height = try ProcessRun(["-format", "%h", menu], executable: URL(fileURLWithPath: "/usr/bin/identify"))
        return (path, try #require(Int(height.standardOutput)))
    }

    @Test func aPageReadAgainTakesEveryLineFromTheFirstReading() throws {
        let lines = RepeatedLines()
        let reader = Self.reader(sharing: lines)
        let first = try #require(reader.read(.file(TestPaths.fixture("korean-menu.png"))).first)
        let read = lines.counts.read
        #expect(read > 0 && lines.counts.reused == 0)
        let second = try #require(reader.read(.file(TestPaths.fixture("korean-menu.png"))).first)
        #expect(lines.counts.read == read)
        #expect(lines.counts.reused == read)
        #expect(second.boxes == first.boxes)
        #expect(!first.boxes.isEmpty)
    }

    /// The lower half of the page repeats the upper half: its lines are taken from the upper
    /// half's readings, moved to their place, and the page reads as it does in a run that had
    /// read those lines already.
    @Test func linesRepeatedOnOnePageAreReadOnce() throws {
        let (path, menuHeight) = try Self.menuTwice()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let alone = RepeatedLines()
        let page = try #require(Self.reader(sharing: alone).read(.file(path)).first)
        #expect(page.error == nil)
        #expect(alone.counts.reused > 0)
        let upper = page.boxes.filter { $0.rect.y < menuHeight }, lower = page.boxes.filter { $0.rect.y >= menuHeight }
        #expect(upper.map(\.text) == lower.map(\.text))
        #expect(upper.map(\.rect.x) == lower.map(\.rect.x))
        #expect(zip(upper, lower).allSatisfy { $0.rect.y + menuHeight == $1.rect.y })

        let afterTheMenu = RepeatedLines()
        let reader = Self.reader(sharing: afterTheMenu)
        _ = reader.read(.file(TestPaths.fixture("korean-menu.png")))
        let again = try #require(reader.read(.file(path)).first)
        #expect(again.boxes == page.boxes)
    }

    /// Lines outside the layout (the dense menu's tab bar) are remembered without
    /// `--reuse-lines` too: read the usual way, a page whose every missed line was read before
    /// in the run reads none again, and reads the same.
    @Test func linesOutsideTheLayoutAreReadOncePerRun() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = try DenseScreenTests.menuScreen(in: directory)
        let lines = RepeatedLines()
        let reader = PageReader(settings: OCRSettings(languages: ["kor", "eng"]), inputReader: InputReader(),
                                languages: OfflineBoxLanguages(), repeatedLines: lines)
        let first = try #require(reader.read(.file(image)).first)
        #expect(first.boxes.filter { $0.rect.y > 280 }.count == 3, "\(first.boxes.map(\.text))")
        let read = lines.counts.read
        #expect(read >= 3 && lines.counts.reused == 0)
        let second = try #require(reader.read(.file(image)).first)
        #expect(lines.counts.read == read)
        #expect(lines.counts.reused == read)
        #expect(second.boxes == first.boxes)
    }

    /// `--reuse-lines` over a folder: the same text with one worker or two, as each image
    /// reads alone, and `--verbose` says how many lines were not read again.
    @Test func aFolderReadsTheSameWhateverTheOrderOfItsImages() throws {
        let (twice, _) = try Self.menuTwice()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reuse-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.moveItem(atPath: twice, toPath: folder.appendingPathComponent("b-twice.png").path)
        for name in ["korean-menu.png", "mixed-screenshot.png"] {
            try FileManager.default.copyItem(atPath: TestPaths.fixture(name), toPath: folder.appendingPathComponent("a-" + name).path)
        }
        let arguments = [folder.path, "--ocr-only", "--format", "jsonl", "-l", "kor+eng", "--reuse-lines"]
        let one = InProcessRun(arguments + ["--jobs", "1", "--verbose"])
        #expect(one.exitCode == 0, "\(one.standardError)")
        #expect(one.standardError.contains("text lines seen before and not read again"), "\(one.standardError)")
        let two = InProcessRun(arguments + ["--jobs", "2"])
        #expect(two.standardOutput == one.standardOutput)
        let alone = InProcessRun([folder.appendingPathComponent("b-twice.png").path] + arguments.dropFirst())
        let lines = one.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(alone.standardOutput.split(separator: "\n").first == lines.last)
    }
}
