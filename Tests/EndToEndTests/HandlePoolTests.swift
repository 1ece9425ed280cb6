import Foundation
@testable import ImageDecoding
import Testing
@testable import TesseractReading
@testable import TextRecognition
@testable import LanguageDetection
import TranslateModel
import TestSupport

/// Other languages' Tesseract handles, shared by a run's workers within a budget, and the data
/// a run has learned its pages need.
@Suite struct HandlePoolTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

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

    /// A helper thread's handle, leased for one page, is idle once the helper is done: the
    /// next worker to need that data takes it without loading another.
    @Test func aHelpersLeasedHandleIsIdleOnceItsLeasesEnd() throws {
        let pool = TesseractHandlePool(limit: 1 << 30)
        let engines = EngineCache(pageSegmentationMode: 7, pool: pool)
        let helper = engines.sibling()
        let leased = try #require(helper.engine(for: ["tha"]))
        helper.leasesEnded()
        let taken = try #require(engines.engine(for: ["tha"]))
        #expect(taken === leased)
        #expect(pool.loadsAndFrees == (1, 0))
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

    /// Data loaded again after its handle was freed for going unused may go unused twice as
    /// long the next time.
    @Test func dataThatComesBackIsKeptLonger() throws {
        let pool = TesseractHandlePool(limit: 1 << 30)
        let engines = EngineCache(pageSegmentationMode: 3, pool: pool)
        #expect(engines.isAvailable(["tha"]))
        for _ in 0...TesseractHandlePool.idlePages { engines.pageFinished() }
        #expect(pool.heldKeys.isEmpty)
        #expect(engines.isAvailable(["tha"]))
        for _ in 0...TesseractHandlePool.idlePages { engines.pageFinished() }
        #expect(pool.heldKeys == ["tha"])
        for _ in 0..<TesseractHandlePool.idlePages { engines.pageFinished() }
        #expect(pool.heldKeys.isEmpty)
        #expect(pool.loadsAndFrees == (2, 2))
    }

    @Test func missingDataIsNotAvailable() {
        let engines = EngineCache(pageSegmentationMode: 3, pool: TesseractHandlePool(limit: 1 << 30))
        #expect(!engines.isAvailable(["xyz"]))
    }

    /// After a Japanese page the next ones are read with `jpn` first, to the same text.
    @Test func aRunLearnsItsPagesLanguage() throws {
        let history = LanguageHistory()
        let reader = PageReader(settings: OCRSettings(rereadByLanguage: true), inputReader: InputReader(),
                                languages: OfflineBoxLanguages(), history: history)
        let path = TestPaths.screenshots.appendingPathComponent("ja-settings-light@1x.png").path
        let results = (0..<3).map { _ in reader.read(.file(path)) }.compactMap(\.first)
        #expect(results.count == 3)
        #expect(results[0].preparation?.keptGuess == nil, "\(results[0].preparation?.description ?? "")")
        for later in results.dropFirst() {
            #expect(later.preparation?.keptGuess(of: "jpn") == true,
                    "\(later.preparation?.description ?? "")")
            #expect(later.boxes.map(\.text) == results[0].boxes.map(\.text))
        }
    }

    /// Once two pages in a row were read with `jpn`, the worker reads with a `jpn` handle of its
    /// own, and its first languages' handle waits in the pool; after two Korean pages, the
    /// first languages' handle is its own again. The text is the same throughout.
    @Test func aWorkersOwnHandleFollowsItsPages() throws {
        let pool = TesseractHandlePool(limit: 1 << 30)
        let reader = PageReader(settings: OCRSettings(rereadByLanguage: true), inputReader: InputReader(),
                                languages: OfflineBoxLanguages(), pool: pool)
        let japanese = TestPaths.screenshots.appendingPathComponent("ja-settings-light@1x.png").path
        let korean = TestPaths.screenshots.appendingPathComponent("ko-chat-dark@1x.png").path

        let first = try #require(reader.read(.file(japanese)).first)
        #expect(reader.engines.main?.languages == ["kor", "eng"])
        #expect(pool.heldKeys.contains("jpn"))
        let loads = pool.loadsAndFrees.loads
        _ = reader.read(.file(japanese))
        #expect(reader.engines.main?.languages == ["jpn"])
        #expect(!pool.heldKeys.contains("jpn"))
        #expect(pool.heldKeys.contains("kor+eng"))
        // The pool's `jpn` handle became the worker's: no other was loaded.
        #expect(pool.loadsAndFrees.loads == loads)
        let third = try #require(reader.read(.file(japanese)).first)
        #expect(third.boxes.map(\.text) == first.boxes.map(\.text))

        let koreanAlone = try #require(PageReader(settings: OCRSettings(rereadByLanguage: true), inputReader: InputReader(),
                                                  languages: OfflineBoxLanguages()).read(.file(korean)).first)
        for _ in 0..<2 {
            let read = try #require(reader.read(.file(korean)).first)
            #expect(read.boxes.map(\.text) == koreanAlone.boxes.map(\.text))
        }
        #expect(reader.engines.main?.languages == ["kor", "eng"])
        #expect(pool.heldKeys.contains("jpn"))
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
        #expect(guessed.preparation?.keptGuess == nil, "\(guessed.preparation?.description ?? "")")
        #expect(guessed.boxes.map(\.text) == usual.boxes.map(\.text))
    }

    /// A reader whose run has read three pages with `languages`, with its own pool to look into.
    private func readerAfterPages(readWith languages: TesseractData) -> (PageReader, TesseractHandlePool) {
        let history = LanguageHistory()
        for _ in 0..<3 { history.record(languages) }
        let pool = TesseractHandlePool(limit: 1 << 30)
        let reader = PageReader(settings: OCRSettings(rereadByLanguage: true), inputReader: InputReader(),
                                languages: OfflineBoxLanguages(), pool: pool, history: history)
        return (reader, pool)
    }

    /// `image` (a fixture screenshot) read after three pages read with `languages`, and read
    /// afresh the usual way; with the guessing reader's report and pool.
    private func readGuessedAndUsual(_ image: String, after languages: TesseractData) throws
        -> (guessed: ImageResult, usual: ImageResult, report: PreparationReport, reader: PageReader) {
        let (reader, _) = readerAfterPages(readWith: languages)
        let fresh = PageReader(settings: OCRSettings(rereadByLanguage: true), inputReader: InputReader(),
                               languages: OfflineBoxLanguages())
        let path = TestPaths.screenshots.appendingPathComponent(image).path
        let guessed = try #require(reader.read(.file(path)).first)
        let usual = try #require(fresh.read(.file(path)).first)
        return (guessed, usual, guessed.preparation ?? PreparationReport(), reader)
    }

    /// A Japanese page read confidently with the guessed `jpn` needs no orientation detection
    /// to confirm its script: the `osd` handle is never loaded.
    @Test func aPlainlyJapanesePageSkipsOrientationDetection() throws {
        let (reader, pool) = readerAfterPages(readWith: ["jpn"])
        let path = TestPaths.screenshots.appendingPathComponent("ja-settings-light@1x.png").path
        let result = try #require(reader.read(.file(path)).first)
        let report = result.preparation ?? PreparationReport()
        #expect(report.keptGuess(of: "jpn"), "\(report)")
        #expect(!pool.heldKeys.contains("osd"), "\(pool.heldKeys)")
    }

    /// A Korean page after Japanese ones: the `jpn` reading is not plainly Han, orientation
    /// detection is asked and names another script (Cyrillic, on this dark chat), and the page
    /// is read the usual way: `kor+eng` settles it before the data of the script named is read.
    @Test func aKoreanPageAfterJapaneseOnesIsCheckedAndNotReadAsJapanese() throws {
        let (guessed, usual, report, reader) = try readGuessedAndUsual("ko-chat-dark@1x.png", after: ["jpn"])
        #expect(report.keptGuess == nil, "\(report)")
        // The guess's cost is not hidden from --verbose.
        #expect(report.refutedGuess.map { $0.data == "jpn" && $0.scriptSeen != nil } == true, "\(report)")
        #expect(reader.engines.pool.heldKeys.contains("osd"), "\(reader.engines.pool.heldKeys)")
        #expect(reader.engines.pool.heldKeys.sorted() == ["jpn", "osd"], "\(reader.engines.pool.heldKeys)")
        #expect(guessed.boxes.map(\.text) == usual.boxes.map(\.text))
    }

    /// A Japanese page after German ones: the `deu+eng` reading is poor, orientation detection
    /// (asked whether the page is turned) names its script, and the page is read with that
    /// script's data next, to the text the usual steps reach after reading it with `kor+eng`.
    @Test func aJapanesePageAfterGermanOnesIsReadWithItsScriptsDataNext() throws {
        let (guessed, usual, report, _) = try readGuessedAndUsual("ja-settings-light@1x.png", after: ["deu", "eng"])
        #expect(report.keptGuess.map { if case .scriptSeen(_, refuted: "deu+eng") = $0.reason { true } else { false } } == true, "\(report)")
        #expect(!guessed.boxes.isEmpty)
        #expect(guessed.boxes.map(\.text) == usual.boxes.map(\.text))
        #expect(guessed.boxes.map(\.language) == usual.boxes.map(\.language))
    }

    /// A Spanish page after German ones: `deu+eng` reads it confidently, but the language
    /// detector finds Spanish in that reading, so `spa+eng` is tried next, to the text the usual
    /// steps reach after reading it with `kor+eng` and again in its own language.
    @Test func aSpanishPageAfterGermanOnesIsReadWithSpanishDataNext() throws {
        let (guessed, usual, report, _) = try readGuessedAndUsual("es-settings-light@1x.png", after: ["deu", "eng"])
        #expect(report.keptGuess.map { $0.data == "spa+eng" && $0.reason == .textLanguage("Spanish", refuted: "deu+eng") } == true, "\(report)")
        #expect({ if case .pageLanguage("spa+eng", "Spanish", _, _)? = usual.preparation?.languageChoice { true } else { false } }(),
                "\(usual.preparation?.description ?? "")")
        #expect(!guessed.boxes.isEmpty)
        #expect(guessed.boxes.map(\.text) == usual.boxes.map(\.text))
    }

    /// An upside-down Japanese page after Japanese ones is turned by what the guess's
    /// orientation check found and read with `jpn`, to the text the usual steps reach after
    /// reading it with `kor+eng`, turning it, and trying the other scripts.
    @Test func anUpsideDownPageIsTurnedAndReadWithTheGuessedData() throws {
        let (guessed, usual, report, _) = try readGuessedAndUsual("ja-scan-rot180.png", after: ["jpn"])
        #expect(report.turnedDegrees == 180, "\(report)")
        #expect(report.keptGuess(of: "jpn"), "\(report)")
        #expect(!guessed.boxes.isEmpty)
        #expect(guessed.boxes.map(\.text) == usual.boxes.map(\.text))
    }

    /// A German page lying on its side after German pages: the guessed `deu+eng` reads it
    /// poorly, so it is turned as orientation detection on the normalised page says and read
    /// with `deu+eng` again, to the text the usual steps reach after reading it with `kor+eng`
    /// both ways up. Orientation detection is asked once, as with `--ocr-lang deu+eng`.
    @Test func aTurnedLatinPageIsTurnedAndReadWithTheGuessedData() throws {
        let (guessed, usual, report, reader) = try readGuessedAndUsual("de-scan-rot90-skew-1.5.png", after: ["deu", "eng"])
        #expect(report.turnedDegrees == 270, "\(report)")
        #expect(report.keptGuess(of: "deu+eng"), "\(report)")
        #expect(reader.engines.orientationDetections == 1)
        #expect(!guessed.boxes.isEmpty)
        #expect(guessed.boxes.map(\.text) == usual.boxes.map(\.text))
    }

    /// A Simplified Chinese page after Simplified Chinese ones: `chi_sim` reads it surely
    /// enough that it cannot be Japanese, and surely in the characters Traditional writes
    /// otherwise, so no other Han data reads it: neither `jpn` nor `chi_tra` is loaded.
    @Test func aSureSimplifiedChineseReadingIsNotReadWithOtherHanData() throws {
        let (guessed, usual, report, reader) = try readGuessedAndUsual("zh-CN-article@1x.png", after: ["chi_sim"])
        #expect(report.keptGuess(of: "chi_sim"), "\(report)")
        #expect(!reader.engines.pool.heldKeys.contains("chi_tra") && !reader.engines.pool.heldKeys.contains("jpn"), "\(reader.engines.pool.heldKeys)")
        #expect(guessed.boxes.map(\.text) == usual.boxes.map(\.text))
    }

    /// A Traditional Chinese page after Simplified ones: `chi_sim` reads the characters whose
    /// forms differ unsurely, so `chi_tra` reads the page too and is kept.
    @Test func aTraditionalPageAfterSimplifiedOnesIsReadWithTraditionalData() throws {
        let (guessed, usual, report, reader) = try readGuessedAndUsual("zh-TW-dialog@1x.png", after: ["chi_sim"])
        #expect(report.keptGuess(of: "chi_sim") && report.guessHanChoice?.data == "chi_tra", "\(report)")
        #expect(reader.engines.pool.heldKeys.contains("chi_tra"), "\(reader.engines.pool.heldKeys)")
        #expect(guessed.boxes.contains { $0.text.contains("網路") }, "\(guessed.boxes.map(\.text))")
        #expect(guessed.boxes.map(\.text) == usual.boxes.map(\.text))
    }

    /// A Traditional Chinese page after Traditional ones: `chi_tra` leads `chi_sim` clearly on
    /// the lines with the most Han characters, read one by one, so `chi_sim` does not read the
    /// whole page; the text is the usual steps'.
    @Test func aTraditionalPageAfterTraditionalOnesIsSampledNotReadWithSimplifiedData() throws {
        let (guessed, usual, report, _) = try readGuessedAndUsual("zh-TW-dialog@1x.png", after: ["chi_tra"])
        #expect(report.keptGuess(of: "chi_tra"), "\(report)")
        #expect(report.guessHanChoice?.traditionalSample != nil, "\(report)")
        #expect(guessed.boxes.map(\.text) == usual.boxes.map(\.text))
    }

    /// A Simplified page after Traditional ones: the sample does not rule Simplified out, so
    /// `chi_sim` reads the page and is kept.
    @Test func aSimplifiedPageAfterTraditionalOnesIsReadWithSimplifiedData() throws {
        let (guessed, usual, report, _) = try readGuessedAndUsual("zh-CN-article@1x.png", after: ["chi_tra"])
        #expect(report.keptGuess(of: "chi_tra") && report.guessHanChoice?.data == "chi_sim", "\(report)")
        #expect(report.guessHanChoice?.traditionalSample == nil, "\(report)")
        #expect(guessed.boxes.map(\.text) == usual.boxes.map(\.text))
    }

    /// A German dark chat after German pages: read with `deu+eng` at once, three of its words
    /// come from English's model without their umlaut or `ß`; German's word list has them with
    /// one, so their lines are read again with `deu` alone and get them back.
    @Test func germanWordsReadWithEnglishDataGetTheirUmlautsBack() throws {
        let (guessed, _, report, _) = try readGuessedAndUsual("de-chat-dark@1x.png", after: ["deu", "eng"])
        #expect(report.keptGuess(of: "deu+eng"), "\(report)")
        let lines = guessed.boxes.map(\.text)
        #expect(lines.contains("Dienstag, 12. März"), "\(lines)")
        #expect(lines.contains("Wann fängt die Besprechung an?"), "\(lines)")
        #expect(lines.contains("Um drei Uhr im großen Raum"), "\(lines)")
    }

    /// A Thai dialog after Thai pages: orientation detection would take its short lines for
    /// Latin, but `tha` reads it plainly as Thai, so it is read with `tha` at once without
    /// asking orientation detection, to the text the usual steps reach after trying every
    /// other script.
    @Test func aPlainlyThaiPageIsReadWithTheGuessedData() throws {
        let (guessed, usual, report, reader) = try readGuessedAndUsual("th-dialog@1x.png", after: ["tha"])
        #expect(report.keptGuess(of: "tha"), "\(report)")
        #expect(!reader.engines.pool.heldKeys.contains("osd"), "\(reader.engines.pool.heldKeys)")
        #expect({ if case .afterOtherScripts("tha", _, _)? = usual.preparation?.languageChoice { true } else { false } }(),
                "\(usual.preparation?.description ?? "")")
        #expect(!guessed.boxes.isEmpty)
        #expect(guessed.boxes.map(\.text) == usual.boxes.map(\.text))
    }

    /// A German page after Thai ones: `tha` reads it unsurely (as Thai letters), orientation
    /// detection sees Latin, so the guess is dropped and the page read the usual way.
    @Test func aLatinPageAfterThaiOnesIsNotReadAsThai() throws {
        let (guessed, usual, report, _) = try readGuessedAndUsual("de-dialog@1x.png", after: ["tha"])
        #expect(report.keptGuess == nil, "\(report)")
        #expect(guessed.boxes.map(\.text) == usual.boxes.map(\.text))
    }

    /// A Simplified Chinese scan on its side after Chinese pages: orientation detection names
    /// its script Korean as it lies, but turned as the normalised page says it reads plainly
    /// as Han with `chi_sim`, to the text the usual steps reach after `kor+eng` both ways up.
    @Test func aChinesePageOnItsSideIsTurnedAndReadWithTheGuessedData() throws {
        let (guessed, usual, report, _) = try readGuessedAndUsual("zh-CN-scan-rot90.png", after: ["chi_sim"])
        #expect(report.turnedDegrees == 270, "\(report)")
        #expect(report.keptGuess(of: "chi_sim"), "\(report)")
        #expect(!guessed.boxes.isEmpty)
        #expect(guessed.boxes.map(\.text) == usual.boxes.map(\.text))
    }
}

private extension PreparationReport {
    /// Read first with `data`, as the pages before it were, and kept (by the Han choice, too,
    /// when it went to other Han data).
    func keptGuess(of data: String) -> Bool {
        keptGuess.map { $0.data == data && $0.reason == .pagesBefore } == true
    }

    /// What the Han choice that followed a kept guess compared.
    var guessHanChoice: PreparationStep.HanChoice? {
        for step in steps {
            switch step {
            case .guessKept(_, _, _, .hanText(let choice)?), .guessChangedByHanChoice(_, _, .hanText(let choice)): return choice
            default: continue
            }
        }
        return nil
    }
}
