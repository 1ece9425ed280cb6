import Foundation
import Testing
@testable import TranslateCLI
import TestSupport

/// Long document pages: drawn small enough for the renderer and read.
@Suite struct LongPDFPageTests {
    /// Refused before: "image is 400×40000 pixels, more than the limit of 64000000 pixels".
    @Test("a PDF page of 400 × 40000 points is drawn 32767 pixels long and its text read")
    func longPage() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pdf = directory.appendingPathComponent("long.pdf")
        try SyntheticImages.pdf(width: "400", height: "40000").write(to: pdf)
        let run = InProcessRun([pdf.path, "--ocr-only", "-l", "eng", "--format", "jsonl"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(result["height"] as? Int == 32767)
        let text = (result["boxes"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
        #expect(text == ["Hello PDF"])
    }
}
