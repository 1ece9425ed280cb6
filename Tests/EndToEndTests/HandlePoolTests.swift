import Foundation
import Testing
@testable import TextRecognition
@testable import LanguageDetection
import TestSupport

/// Other languages' Tesseract handles, shared by a run's workers within a budget, and the data
/// a run has learned its pages need.
@Suite struct HandlePoolTests {
    /// Two workers reading Thai one after the other use one handle between them.
    @Test func workersShareAHandle() throws {
        let pool = TesseractHandlePool(limit: 1 << 30)
        let first = EngineCache(pageSegmentationMode: 3, pool: pool)
        let second = EngineCache(pageSegmentationMode: 3, pool: pool)
        let one = try #require(try first.withEngine(["tha"]) { ObjectIdentifier($0) })
        let other = try #require(try second.withEngine(["tha"]) { ObjectIdentifier($0) })
        #expect(one == other)
        #expect(pool.loadsAndFrees.loads == 1)
        // A handle counts at least the pool's minimum size. Its measured size (the heap's growth
        // while it loads) is not asserted: other tests running alongside free memory meanwhile,
        // and under the thread sanitizer glibc's heap statistics do not see allocations at all.
        #expect(pool.peak >= TesseractHandlePool.minimumSize)
    }

    /// With room for one handle, loading another frees the idle one.
    @Test func theLeastRecentlyUsedMakesRoom() throws {
        let pool = TesseractHandlePool(limit: 1)
        let engines = EngineCache(pageSegmentationMode: 3, pool: pool)
        #expect(engines.isAvailable(["tha"]))
        #expect(engines.isAvailable(["rus", "eng"]))
        #expect(pool.heldKeys == ["rus+eng"])
        #expect(pool.loadsAndFrees == (2, 1))
    }

    @Test func idleHandlesAreFreed() throws {
        let pool = TesseractHandlePool(limit: 1 << 30)
        let engines = EngineCache(pageSegmentationMode: 3, pool: pool)
        #expect(engines.isAvailable(["tha"]))
        for _ in 0..<TesseractHandlePool.idlePages { engines.pageFinished() }
        #expect(pool.heldKeys == ["tha"])
        engines.pageFinished()
        #expect(pool.heldKeys.isEmpty)
    }

    @Test func missingDataIsNotAvailable() {
        let engines = EngineCache(pageSegmentationMode: 3, pool: TesseractHandlePool(limit: 1 << 30))
        #expect(!engines.isAvailable(["xyz"]))
    }

    /// After three Japanese pages the next is read with `jpn` first, to the same text.
    @Test func aRunLearnsItsPagesLanguage() throws {
        let history = LanguageHistory()
        let reader = PageReader(settings: OCRSettings(rereadByLanguage: true), inputReader: InputReader(),
                                languages: OfflineBoxLanguages(), history: history)
        let path = TestPaths.screenshots.appendingPathComponent("ja-settings-light@1x.png").path
        var results = (0..<4).map { _ in reader.read(.file(path)) }.compactMap(\.first)
        #expect(results.count == 4)
        let last = results.removeLast()
        #expect(results.allSatisfy { !($0.preparation?.description ?? "").contains("first, as the pages before it were") })
        #expect(last.preparation?.description.contains("read with jpn first, as the pages before it were") == true,
                "\(last.preparation?.description ?? "")")
        #expect(last.boxes.map(\.text) == results[0].boxes.map(\.text))
    }

    /// A German page after three Japanese ones is not read as Japanese.
    @Test func aWrongGuessIsNotKept() throws {
        let history = LanguageHistory()
        for _ in 0..<3 { history.record(["jpn"]) }
        let reader = PageReader(settings: OCRSettings(rereadByLanguage: true), inputReader: InputReader(),
                                languages: OfflineBoxLanguages(), history: history)
        let fresh = PageReader(settings: OCRSettings(rereadByLanguage: true), inputReader: InputReader(),
                               languages: OfflineBoxLanguages())
        let path = TestPaths.screenshots.appendingPathComponent("de-dialog@1x.png").path
        let guessed = try #require(reader.read(.file(path)).first)
        let usual = try #require(fresh.read(.file(path)).first)
        let report = guessed.preparation?.description ?? ""
        #expect(report.contains("first, as the pages before it were") == false, "\(report)")
        #expect(guessed.boxes.map(\.text) == usual.boxes.map(\.text))
    }
}
