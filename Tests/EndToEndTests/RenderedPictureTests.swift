import Foundation
@testable import ImageDecoding
import Testing
@testable import ImageRendering
import TesseractReading
import TextRecognition
import TranslateModel
import TranslateOutput
import TestSupport

/// `--format png`: the picture written is read again, by Tesseract and pixel by pixel.
@Suite struct RenderedPictureTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    let screenshot = TestPaths.fixtures.appendingPathComponent("spanish-screenshot.png").path

    /// The boxes of one page as `--format json` reports them, and the target language.
    static func boxes(of path: String, arguments: [String]) throws -> [BoxResult] {
        let run = InProcessRun([path, "--format", "json"] + arguments)
        let pages = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        let boxes = try #require(pages.first?["boxes"] as? [[String: Any]])
        return boxes.map { box in
            BoxResult(id: box["id"] as? Int ?? 0,
                      rect: PixelRect(x: box["x"] as? Int ?? 0, y: box["y"] as? Int ?? 0,
                                      width: box["width"] as? Int ?? 0, height: box["height"] as? Int ?? 0),
                      confidence: box["confidence"] as? Double ?? 0, language: (box["language"] as? String).flatMap(Language.init(code:)),
                      text: box["text"] as? String ?? "", translation: box["translation"] as? String)
        }
    }

    static func pixels(of data: Data) throws -> PagePixels {
        let pages = try ImageDecoder().decodePages(data)
        guard case .decoded(let page) = try #require(pages.first) else { throw TestFailure("the picture did not decode") }
        return try #require(page.pixels())
    }

    /// Words of Tesseract's reading of a PNG file, with their boxes.
    static func tesseractWords(in png: URL) throws -> [(text: String, rect: PixelRect)] {
        let run = try ProcessRun([png.path, "-", "--psm", "11", "tsv"], executable: URL(fileURLWithPath: "/usr/bin/tesseract"))
        return run.standardOutput.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 12, fields[0] == "5", let x = Int(fields[6]), let y = Int(fields[7]),
                  let width = Int(fields[8]), let height = Int(fields[9]) else { return nil }
            return (String(fields[11]), PixelRect(x: x, y: y, width: width, height: height))
        }
    }

    /// Lowercased letters and digits of the words of `text` at least three long.
    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init).filter { $0.count >= 3 }
    }

    @Test func translationsAreReadBackInsideTheirBoxesAndNothingElseChanges() throws {
        let arguments = ["--to", "en", "--engine", "apertium"]
        let boxes = try Self.boxes(of: screenshot, arguments: arguments)
        let redrawn = boxes.filter { BoxSelection.isRedrawn($0, target: .english) }
        #expect(redrawn.count >= 6)

        let out = BufferSink()
        let run = InProcessRun([screenshot, "--format", "png"] + arguments, standardOutput: out)
        #expect(run.exitCode == 0)
        let png = Data(out.bytes)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("translated.png")
        try png.write(to: file)

        // Outside the redrawn boxes (and the margin each covers) every pixel is the original's.
        let original = try Self.pixels(of: Data(contentsOf: URL(fileURLWithPath: screenshot)))
        let drawn = try Self.pixels(of: png)
        #expect(drawn.width == original.width && drawn.height == original.height)
        let covers = redrawn.map { box -> PixelRect in
            let margin = Int(BoxFrame(box).coverMargin.rounded(.up))
            return PixelRect(x: box.rect.x - margin, y: box.rect.y - margin, width: box.rect.width + 2 * margin, height: box.rect.height + 2 * margin)
        }
        var changedOutside = 0, changedInside = 0
        for y in 0..<original.height {
            for x in 0..<original.width where original.color(x: x, y: y) != drawn.color(x: x, y: y) {
                if covers.contains(where: { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }) {
                    changedInside += 1
                } else {
                    changedOutside += 1
                }
            }
        }
        #expect(changedOutside == 0, "\(changedOutside) pixels outside the boxes changed")
        #expect(changedInside > 1000)

        // Tesseract finds the translations, each inside its own box, and none of the Spanish.
        let read = try Self.tesseractWords(in: file)
        var expected = 0, found = 0
        for (box, cover) in zip(redrawn, covers) {
            let inside = Set(read.filter { word in
                let (middleX, middleY) = (word.rect.x + word.rect.width / 2, word.rect.y + word.rect.height / 2)
                return middleX >= cover.x && middleX < cover.x + cover.width && middleY >= cover.y && middleY < cover.y + cover.height
            }.flatMap { Self.words($0.text) })
            let wanted = Self.words(box.translation ?? "")
            let seen = wanted.filter(inside.contains)
            expected += wanted.count
            found += seen.count
            #expect(!wanted.isEmpty && !seen.isEmpty, "nothing of '\(box.translation ?? "")' read inside its box \(box.rect)")
        }
        #expect(Double(found) >= Double(expected) * 0.8, "\(found) of \(expected) translated words read back")
        let allRead = Set(read.flatMap { Self.words($0.text) })
        // Words Tesseract reads exactly in the original.
        for spanish in ["despejado", "paraguas", "lluvia", "viento", "playa"] {
            #expect(!allRead.contains(spanish), "'\(spanish)' still readable")
        }
    }

    @Test func ocrOnlyDrawsTheBoxesRead() throws {
        let out = BufferSink()
        let run = InProcessRun([screenshot, "--ocr-only", "--format", "png"], standardOutput: out)
        #expect(run.exitCode == 0)
        let original = try Self.pixels(of: Data(contentsOf: URL(fileURLWithPath: screenshot)))
        let drawn = try Self.pixels(of: Data(out.bytes))
        // The first box's outline: its top-left corner is drawn in the box colour.
        let boxes = try Self.boxes(of: screenshot, arguments: ["--ocr-only"])
        let first = try #require(boxes.first)
        var differing = 0
        for x in first.rect.x..<(first.rect.x + first.rect.width) where original.color(x: x, y: first.rect.y) != drawn.color(x: x, y: first.rect.y) {
            differing += 1
        }
        #expect(differing > first.rect.width / 2, "no outline along the first box's top edge")
    }

    @Test func severalImagesOnStandardOutputNeedAFolder() {
        let run = InProcessRun([screenshot, screenshot, "--ocr-only", "--format", "png"])
        #expect(run.exitCode == 2)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix("translate: --format png with more than one image only works with --output-dir\n"))
    }

    @Test func aPictureIsNotWrittenToATerminal() {
        let run = InProcessRun([screenshot, "--ocr-only", "--format", "png"], terminalWidth: 80)
        #expect(run.exitCode == 2)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix("translate: --format png writes a picture: redirect standard output to a file, or use --output-dir\n"))
    }

    /// A web page of base64 pictures is no more for a terminal than a PNG is.
    @Test func aWebPageIsNotWrittenToATerminal() {
        let run = InProcessRun([screenshot, "--ocr-only", "--format", "html"], terminalWidth: 80)
        #expect(run.exitCode == 2)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix(
            "translate: --format html writes a web page: redirect standard output to a file (> page.html), or use --output-dir\n"))
        let piped = InProcessRun([screenshot, "--ocr-only", "--format", "html"])
        #expect(piped.exitCode == 0)
        #expect(piped.standardOutput.hasPrefix("<!DOCTYPE html>"))
    }

    @Test func pagesAPictureOnStandardOutputCannotHoldAreSaid() throws {
        let out = BufferSink()
        let tiff = TestPaths.fixtures.appendingPathComponent("english-two-pages.tif").path
        let run = InProcessRun([tiff, "--ocr-only", "--format", "png"], standardOutput: out)
        #expect(run.exitCode == 0)
        #expect(out.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(run.standardError.contains("english-two-pages.tif: --format png on standard output holds page 1 only; "
                                           + "1 more page left out (--output-dir DIR writes every page)\n"), "\(run.standardError)")
    }

    @Test func everyPageOfATIFFGetsItsOwnFile() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tiff = TestPaths.fixtures.appendingPathComponent("english-two-pages.tif").path
        let run = InProcessRun([tiff, "--ocr-only", "--format", "png", "--output-dir", directory.path])
        #expect(run.exitCode == 0)
        let files = (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".png") }
        #expect(files.contains { $0.hasSuffix("english-two-pages.tif.png") })
        #expect(files.contains { $0.hasSuffix("english-two-pages.tif.page-2.png") })
        for name in files {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) is not a PNG file")
        }
        #expect(run.standardError.contains(", drawing "), "the summary gives the drawing time: \(run.standardError)")
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
