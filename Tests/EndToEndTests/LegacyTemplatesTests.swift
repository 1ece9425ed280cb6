import Foundation
@testable import ImageDecoding
import Testing
@testable import TesseractReading
@testable import TextRecognition
import TestSupport
import TranslateModel

/// Handles for the LSTM engine free the legacy classifier's adaptive templates, which only the
/// legacy engine reads: what they read must not change.
@Suite struct LegacyTemplatesTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    private func page(_ name: String) throws -> PageImage {
        let data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent(name))
        return try #require(try ImageDecoder().decodePages(data).first?.image)
    }

    /// With and without the templates, `kor+eng` reads the Korean menu and the mixed screenshot
    /// to the same boxes, words and confidences, page after page on one handle.
    @Test(arguments: [["kor", "eng"], ["jpn"], ["chi_sim"]])
    func readingsAreTheSame(languages: [String]) throws {
        let lean = try TesseractEngine(languages: languages)
        let full = try TesseractEngine(languages: languages, keepsLegacyTemplates: true)
        #expect(lean.droppedLegacyTemplates)
        #expect(!full.droppedLegacyTemplates)
        for name in ["korean-menu.png", "mixed-screenshot.png", "korean-menu.png"] {
            let image = try page(name)
            let expected = try full.recognize(image)
            #expect(!expected.lines.isEmpty)
            #expect(try lean.recognize(image) == expected, "\(name) with \(languages)")
        }
    }
}
