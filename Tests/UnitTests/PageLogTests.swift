import Foundation
import Testing
@testable import TranslateModel
@testable import TranslateOutput
@testable import TranslatePipeline
import TestSupport

/// A document's page log: its pages come back exactly as they were kept, the end of a run
/// killed while writing is left out, and a resumed document starts at its first page that is
/// not there or failed.
@Suite struct PageLogTests {
    /// A page with everything the formats show, its confidences with more digits than they print.
    static func page(_ number: Int, of file: String = "scan.pdf", error: ResultError? = nil) -> ImageResult {
        var result = ImageResult(file: file, page: number, width: 1000, height: 1100, source: .korean, target: .english, engine: "papago",
                                 boxes: [
                                     BoxResult(id: 0, rect: PixelRect(x: 10, y: 20, width: 300, height: 40), confidence: 95.49999999999,
                                               language: .korean, text: "비빔밥\t\"매운\"\n", translation: "Bibimbap", pivot: .english,
                                               cached: true, paragraph: 2,
                                               words: [RecognizedWord(rect: PixelRect(x: 10, y: 20, width: 80, height: 40),
                                                                      confidence: 90.123456789, text: "비빔밥", readWith: "kor")],
                                               polygon: [PixelPoint(x: 1, y: 2), PixelPoint(x: 3, y: 4), PixelPoint(x: 5, y: 6), PixelPoint(x: 7, y: 8)]),
                                     BoxResult(id: 1, rect: PixelRect(x: 10, y: 70, width: 120, height: 30), confidence: 0.1 + 0.2,
                                               text: "Line"),
                                 ])
        result.error = error
        return result
    }

    @Test func aPageComesBackAsItWasKept() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = PageLog(files: ConfinedDirectory(root: directory.path), file: ".scan.pdf.json.pages")
        let pages = [Self.page(1), Self.page(2, error: ResultError(code: "translation_failed", message: "no pair", runWide: true))]
        for page in pages { try log.append(PageRecord(page, pageCount: 3, drawn: page.page == 1 ? "<section>" : nil)) }
        let records = log.records()
        #expect(records.map(\.result) == pages)
        #expect(records.map(\.drawn) == ["<section>", nil])
        // Every format renders the pages from the log as it renders them as read.
        for format in OutputFormat.allCases where format != .png && format != .html {
            #expect(format.render(records.map(\.result)) == format.render(pages), "\(format)")
        }
    }

    @Test func resumesAtTheFirstPageNotThereOrFailed() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = PageLog(files: ConfinedDirectory(root: directory.path), file: ".scan.pdf.json.pages")
        #expect(log.pagesDone(pageCount: 5) == 0)
        for number in 1...3 { try log.append(PageRecord(Self.page(number), pageCount: 5)) }
        #expect(log.pagesDone(pageCount: 5) == 3)
        // A document with another number of pages is another document.
        #expect(log.pagesDone(pageCount: 6) == 0)
        try log.append(PageRecord(Self.page(4, error: ResultError(code: "translation_failed", message: "timed out")), pageCount: 5))
        try log.append(PageRecord(Self.page(5), pageCount: 5))
        #expect(log.pagesDone(pageCount: 5) == 3)

        // A run killed while writing leaves half a line: the pages before it count.
        let handle = try #require(FileHandle(forWritingAtPath: log.path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"pageCount":5,"file":"scan.pdf","pa"#.utf8))
        try handle.close()
        #expect(log.records().count == 5)

        // Starting again keeps the pages done and nothing after them.
        try log.start(keeping: 3)
        #expect(log.records().map(\.page) == [1, 2, 3])
        try log.append(PageRecord(Self.page(4), pageCount: 5))
        #expect(log.pagesDone(pageCount: 5) == 4)
        try log.start(keeping: 0)
        #expect(!FileManager.default.fileExists(atPath: log.path))
    }

    /// `--format png`: a document's page pictures wait as `.partial` files, and take their own
    /// names once the last page is done; the log then goes.
    @Test func aCompleteDocumentsPicturesTakeTheirNames() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = OutputDirectory(root: directory.path, format: .png)
        try output.beginDocument("scan.pdf", keeping: 0)
        for number in 1...2 {
            try Data("picture \(number)".utf8).write(to: URL(fileURLWithPath: output.files.path(of: output.pictureFile(for: "scan.pdf", page: number)) + ".partial"))
            try output.keep(Self.page(number), drawn: nil, pageCount: 3, of: "scan.pdf")
        }
        // Interrupted after two of three pages: nothing takes its name yet.
        try output.finishDocument("scan.pdf", pageCount: 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == [".scan.pdf.png.pages", "scan.pdf.page-2.png.partial", "scan.pdf.png.partial"])
        #expect(output.pagesDone("scan.pdf", pageCount: 3) == 2)
        try Data("picture 3".utf8).write(to: URL(fileURLWithPath: output.files.path(of: output.pictureFile(for: "scan.pdf", page: 3)) + ".partial"))
        try output.keep(Self.page(3), drawn: nil, pageCount: 3, of: "scan.pdf")
        try output.finishDocument("scan.pdf", pageCount: 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == ["scan.pdf.page-2.png", "scan.pdf.page-3.png", "scan.pdf.png"])
        #expect(try String(contentsOfFile: output.files.path(of: output.pictureFile(for: "scan.pdf", page: 3)), encoding: .utf8) == "picture 3")
    }

    /// The HTML view of a document put together from its pages' sections is the view of the
    /// document rendered whole.
    @Test func anHTMLViewFromDrawnSectionsIsTheWholeView() {
        let pages = [Self.page(1), Self.page(2)]
        let parts = pages.map { OutputFormat.html.drawnPart(of: $0) }
        #expect(OutputFormat.html.renderedBytes(pages, drawnParts: parts) == OutputFormat.html.renderedBytes(pages))
        #expect(OutputFormat.json.drawnPart(of: pages[0]) == nil)
    }
}
