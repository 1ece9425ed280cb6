import Foundation
@testable import ImageDecoding
import Testing
@testable import TesseractReading
import TestSupport
import TranslateModel

/// Handles for data without a legacy model skip the legacy engine's table of universal
/// ambiguities (this test bundle exports the definition that skips it, as `translate` does):
/// what they read must not change.
@Suite struct UniversalAmbiguitiesTests {
    init() { ProcessConfiguration.apply() }

    private func page(_ file: URL) throws -> PageImage {
        let data = try Data(contentsOf: file)
        return try #require(try ImageDecoder().decodePages(data).first?.image)
    }

    /// Page after page on one handle: the same boxes, words and confidences either way.
    @Test(arguments: [["kor", "eng"], ["jpn"], ["chi_sim"], ["tha"]])
    func readingsAreTheSameWithoutTheTable(languages: [String]) throws {
        let lean = try TesseractEngine(languages: languages)
        let full = try TesseractEngine(languages: languages, readsUniversalAmbiguities: true)
        #expect(lean.skippedUniversalAmbiguities)
        #expect(!full.skippedUniversalAmbiguities)
        let pages = [TestPaths.fixtures.appendingPathComponent("korean-menu.png")]
            + ["ja-settings-light@1x.png", "th-dialog@1x.png", "zh-CN-article@1x.png"].map { TestPaths.screenshots.appendingPathComponent($0) }
        for file in pages {
            let image = try page(file)
            let expected = try full.recognize(image)
            #expect(!expected.lines.isEmpty)
            #expect(try lean.recognize(image) == expected, "\(file.lastPathComponent) with \(languages)")
        }
    }
}
