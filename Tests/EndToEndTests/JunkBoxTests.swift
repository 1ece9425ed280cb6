import Foundation
import Testing
import TestSupport

/// A screen with an avatar's ring beside its text: Tesseract reads the ring as a letter and a
/// bracket, a box far taller than the text around it; the box is not shown as text, and
/// `--verbose` says it was dropped and why.
@Suite struct JunkBoxTests {
    /// Four lines of 13-pixel text, and a 32-pixel ring where a chat shows an avatar. Read with
    /// automatic languages, as a user runs it (`-l eng` reads the ring into the line beside it).
    static func screenWithRing(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("ring.png").path
        try ImageMagickDrawing.convert(["-size", "360x200", "xc:white", "-font", "Noto-Sans-Regular", "-pointsize", "13",
                                        "-fill", "#1C1C1E", "-annotate", "+70+30", "Anna", "-annotate", "+70+50", "See you at noon",
                                        "-annotate", "+20+120", "Network settings", "-annotate", "+20+150", "Battery 87%",
                                        "-fill", "none", "-stroke", "#8E8E93", "-strokewidth", "2", "-draw", "circle 37,40 37,56",
                                        "-alpha", "off", path])
        return path
    }

    @Test("the ring read as a letter is gone from the output, and --verbose names it")
    func ringDroppedAndListed() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = try Self.screenWithRing(in: directory)

        let run = InProcessRun([image, "--ocr-only", "--format", "json", "--verbose"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let pages = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        let boxes = try #require(pages.first?["boxes"] as? [[String: Any]])
        #expect(boxes.compactMap { $0["text"] as? String } == ["Anna", "See you at noon", "Network settings", "Battery 87%"])
        #expect(boxes.compactMap { $0["id"] as? Int } == [0, 1, 2, 3])
        // Nothing where the ring is, and no field of the output speaks of dropped boxes.
        #expect(boxes.allSatisfy { ($0["x"] as? Int ?? 0) > 60 || ($0["y"] as? Int ?? 0) > 80 })
        #expect(!run.standardOutput.contains("dropped"))

        let listed = run.standardError.split(separator: "\n").filter { $0.contains("dropped box at ") }
        #expect(listed.count == 1, "\(run.standardError)")
        let line = try #require(listed.first)
        #expect(line.hasPrefix("translate: \(image): dropped box at "))
        #expect(line.contains("a letter far taller than the text around it, an icon (confidence "))

        // Without --verbose, nothing is said of it.
        let quiet = InProcessRun([image, "--ocr-only", "--format", "json"])
        #expect(!quiet.standardError.contains("dropped"))
        #expect(quiet.standardOutput == run.standardOutput)
    }

    @Test("in Korean, --verbose lists the dropped box in Korean")
    func listedInKorean() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = try Self.screenWithRing(in: directory)
        var environment = InProcessRun.offlineEnvironment
        environment["LANG"] = "ko_KR.UTF-8"
        let run = InProcessRun([image, "--ocr-only", "--format", "tsv", "--verbose"], environment: environment)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.contains("translate: \(image): 뺀 상자: "), "\(run.standardError)")
        #expect(run.standardError.contains("주변 글자보다 훨씬 큰 한 글자, 아이콘(신뢰도 "))
    }
}
