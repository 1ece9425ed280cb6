import Foundation
import Testing
@testable import TranslateCLI
import TestSupport

/// A page of one flat colour is given back with no boxes, found before any preparation.
@Suite struct BlankPageTests {
    /// A blank 7999×7999 PNG (62 KB) took 15 s and 1.0 GB to prepare and read, for no text.
    @Test("a large blank page is not prepared or read, and says so")
    func largeBlankPage() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // 1-bit, white: 2 MB of zeros for 16 million pixels.
        let blank = directory.appendingPathComponent("blank.pbm")
        try (Data("P4\n4000 4000\n".utf8) + Data(count: 500 * 4000)).write(to: blank)
        let started = ContinuousClock.now
        let run = InProcessRun([blank.path, "--ocr-only", "-l", "eng", "--format", "jsonl", "--verbose"])
        #expect(run.exitCode == 0)
        let result = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect((result["boxes"] as? [Any])?.isEmpty == true && result["error"] is NSNull)
        #expect(result["width"] as? Int == 4000)
        #expect(run.standardError.contains("translate: \(blank.path): a blank page (one flat colour): not read\n"))
        // Generous for a loaded machine and a debug build; preparing the page took minutes there.
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}
