import Foundation
import Testing
@testable import TranslateCLI
import TestSupport

/// Multi-page documents (PDF, TIFF) on the real binary: their pages come out as each is read,
/// and Ctrl-C keeps every finished page, on standard output and in `--output-dir`, where
/// `--skip-existing` resumes at the first unfinished page.
@Suite struct DocumentPagesTests {
    /// Ctrl-C in the middle of a document: the pages finished by then are on standard output,
    /// one JSON line (or array element) each, the output is whole, and the summary counts pages.
    @Test(arguments: [("pdf", "jsonl"), ("tif", "json")])
    func anInterruptedDocumentKeepsItsFinishedPagesOnStandardOutput(type: String, format: String) throws {
        let document = try DocumentFixture(pages: 10, type: type)
        defer { document.remove() }
        let run = try BinaryRun([document.path, "--ocr-only", "-l", "eng", "--format", format])
        // Two pages out means the document is being read page by page; a run that writes
        // nothing until its last page gets here only once it has finished.
        var output = run.read(lines: 2)
        run.interrupt()
        output.append(run.readRest())
        let errors = run.finish()

        #expect(run.process.terminationStatus == ExitCode.interrupted.rawValue, "\(errors)")
        let pages = try DocumentFixture.pages(in: output, format: format)
        #expect(pages.count >= 2 && pages.count < 10, "\(pages.count) pages")
        #expect(pages.map { $0["page"] as? Int } == Array(1...pages.count))
        #expect(pages.allSatisfy { $0["file"] as? String == document.path && (($0["boxes"] as? [Any])?.count ?? 0) > 0 })
        #expect(errors.hasPrefix("translate: interrupted: \(pages.count) of 10 pages of 1 image in "), "\(errors)")
    }

    /// With `--output-dir`, an interrupted document keeps its finished pages (its `.partial`
    /// file holds them); `--skip-existing` reads only the pages after them, and the result
    /// file it leaves is the one an uninterrupted run writes.
    @Test(arguments: ["pdf", "tif"])
    func anInterruptedDocumentResumesAtItsFirstUnfinishedPage(type: String) throws {
        // Ten pages, so that the pages in flight when the interrupt lands cannot be all the rest.
        let pages = 10
        let document = try DocumentFixture(pages: pages, type: type)
        defer { document.remove() }
        let output = document.folder.appendingPathComponent("out").path
        let arguments = [document.path, "--ocr-only", "-l", "eng", "--format", "json", "-o", output]
        let name = (document.path as NSString).lastPathComponent

        let interrupted = try BinaryRun(arguments)
        // The finished pages are kept as each is done (see `PageLog`): interrupt after two.
        let log = output + "/." + name + ".json.pages"
        while interrupted.process.isRunning, DocumentFixture.lines(in: log) < 2 { usleep(20_000) }
        interrupted.interruptAtOnce()
        let stopped = interrupted.finish()
        #expect(interrupted.process.terminationStatus == ExitCode.interrupted.rawValue, "\(stopped)")
        let kept = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output + "/" + name + ".json.partial")))
        let finished = try #require(kept as? [[String: Any]]).count
        #expect(finished >= 2 && finished < pages)
        #expect(stopped.hasPrefix("translate: interrupted: \(finished) of \(pages) pages of 1 image in "), "\(stopped)")
        #expect(!FileManager.default.fileExists(atPath: output + "/" + name + ".json"))

        let resumed = try ProcessRun(arguments + ["--skip-existing", "-v"])
        #expect(resumed.exitCode == 0, "\(resumed.standardError)")
        #expect(resumed.standardError.contains("\(name): \(pages - finished) page(s), "), "\(resumed.standardError)")
        // `-v` says what was done to each page read: only those after the finished ones.
        let pagesRead = resumed.standardError.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: #"\(page (\d+)\): "#, options: .regularExpression) else { return nil }
            return Int(line[range].dropFirst(6).prefix { $0.isNumber })
        }
        #expect(Set(pagesRead) == Set((finished + 1)...pages), "\(resumed.standardError)")
        #expect(resumed.standardError.contains("translate: \(pages - finished) pages of 1 image in "), "\(resumed.standardError)")
        #expect(resumed.standardError.contains(" 0 failed; \(finished) pages already done"), "\(resumed.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output) == [name + ".json"])

        let whole = document.folder.appendingPathComponent("whole").path
        let uninterrupted = try ProcessRun([document.path, "--ocr-only", "-l", "eng", "--format", "json", "-o", whole])
        #expect(uninterrupted.exitCode == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/" + name + ".json"))
                == Data(contentsOf: URL(fileURLWithPath: whole + "/" + name + ".json")))
    }
}

/// A multi-page PDF or TIFF made from fixture pages in a temporary folder: ImageMagick joins the
/// pages into a TIFF, and libtiff's `tiff2pdf` makes the PDF (ImageMagick may not write PDF).
struct DocumentFixture {
    let folder: URL
    let path: String

    init(pages: Int, type: String) throws {
        folder = try TestPaths.temporaryDirectory()
        let pictures = (0..<pages).map { TestPaths.fixture($0.isMultiple(of: 2) ? "english-page.png" : "european-paragraph.png") }
        let tiff = folder.appendingPathComponent("document.tif").path
        try Self.run("/usr/bin/env", ["convert"] + pictures + ["-density", "300", "-units", "PixelsPerInch", "-compress", "lzw", tiff])
        if type == "pdf" {
            path = folder.appendingPathComponent("document.pdf").path
            try Self.run("/usr/bin/env", ["tiff2pdf", "-z", "-o", path, tiff])
        } else {
            path = tiff
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let run = try ProcessRun(arguments, executable: URL(fileURLWithPath: executable))
        guard run.exitCode == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: run.standardError]) }
    }

    /// The pages in JSON Lines or a JSON array.
    static func pages(in output: Data, format: String) throws -> [[String: Any]] {
        if format == "json" { return try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]]) }
        return try output.split(separator: UInt8(ascii: "\n")).map { try #require(try JSONSerialization.jsonObject(with: $0) as? [String: Any]) }
    }

    /// Whole lines in a file (0 when there is none).
    static func lines(in path: String) -> Int {
        (FileManager.default.contents(atPath: path) ?? Data()).filter { $0 == UInt8(ascii: "\n") }.count
    }
}

