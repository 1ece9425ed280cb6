import Foundation
@testable import ImageDecoding
import Testing
@testable import TesseractReading
@testable import TextRecognition
@testable import LanguageDetection
import TranslateModel
import TestSupport

/// One image read on two threads: a scout asks orientation detection for the page's script, and
/// reads the page with that script's data, while the worker reads it with `kor+eng`.
@Suite struct ScriptScoutTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    /// The image read by a worker alone and by a worker with a scout, and how many orientation
    /// detections each worker made itself.
    private func readAloneAndScouted(_ image: String) throws
        -> (alone: ImageResult, scouted: ImageResult, detections: (alone: Int, scouted: Int)) {
        let settings = OCRSettings(rereadByLanguage: true)
        let alone = PageReader(settings: settings, inputReader: InputReader(), languages: OfflineBoxLanguages())
        let scouted = PageReader(settings: settings.readingEachImage(onThreads: 2), inputReader: InputReader(),
                                 languages: OfflineBoxLanguages())
        let path = TestPaths.screenshots.appendingPathComponent(image).path
        let one = try #require(alone.read(.file(path)).first)
        let other = try #require(scouted.read(.file(path)).first)
        return (one, other, (alone.engines.orientationDetections, scouted.engines.orientationDetections))
    }

    /// A Japanese page: the worker takes the scout's orientation detection and `jpn` reading
    /// instead of making them, and the result is the same.
    @Test func aJapanesePageIsReadTheSameWithTheScoutsFindings() throws {
        let (alone, scouted, detections) = try readAloneAndScouted("ja-settings-light@1x.png")
        #expect(scouted == alone)
        #expect(scouted.preparation?.languageChoice?.data == "jpn", "\(scouted.preparation?.description ?? "")")
        #expect(detections == (1, 0))
    }

    /// A Traditional Chinese page: the scout reads `chi_tra` while the worker reads `chi_sim`.
    /// The worker still detects the orientation of the page prepared the other way, as alone.
    @Test func aTraditionalPageIsReadTheSame() throws {
        let (alone, scouted, detections) = try readAloneAndScouted("zh-TW-dialog@1x.png")
        #expect(scouted == alone)
        #expect(scouted.preparation?.languageChoice?.data == "chi_tra", "\(scouted.preparation?.description ?? "")")
        #expect(detections.scouted == detections.alone - 1, "\(detections)")
    }

    /// Pages the scout does not help: a Korean one, read well with `kor+eng`, and a scan on its
    /// side, which the worker turns with orientation detection of its own.
    @Test(arguments: ["ko-chat-dark@1x.png", "en-scan-rot90.png", "th-dialog@1x.png"])
    func otherPagesAreReadTheSame(image: String) throws {
        let (alone, scouted, _) = try readAloneAndScouted(image)
        #expect(scouted == alone)
    }

    /// Many pages in a row on one reader: each page's scout ends before the next begins.
    @Test func pagesInARowEachHaveTheirOwnScout() throws {
        let settings = OCRSettings(rereadByLanguage: true).readingEachImage(onThreads: 2)
        let reader = PageReader(settings: settings, inputReader: InputReader(), languages: OfflineBoxLanguages())
        let alone = PageReader(settings: OCRSettings(rereadByLanguage: true), inputReader: InputReader(), languages: OfflineBoxLanguages())
        for image in ["zh-CN-article@1x.png", "ja-scan-rot180.png", "ko-chat-dark@1x.png", "zh-CN-scan-rot90.png"] {
            let path = TestPaths.screenshots.appendingPathComponent(image).path
            let scouted = reader.read(.file(path))
            #expect(scouted.count == 1 && scouted.allSatisfy { $0.error == nil && !$0.boxes.isEmpty }, "\(image)")
            #expect(scouted == alone.read(.file(path)), "\(image)")
        }
    }

    /// The command on one image, with orientation detection loaded ahead for the scout: the
    /// same output as on one thread.
    @Test func oneImageOnTheCommandLineReadsTheSameAsWithOneJob() {
        let image = TestPaths.screenshots.appendingPathComponent("zh-CN-article@1x.png").path
        let twoThreads = InProcessRun([image, "--ocr-only", "--format", "jsonl"])
        let oneThread = InProcessRun([image, "--ocr-only", "--format", "jsonl", "--jobs", "1"])
        #expect(twoThreads.exitCode == 0 && oneThread.exitCode == 0)
        #expect(twoThreads.standardOutput.contains("\"text\""))
        #expect(twoThreads.standardOutput == oneThread.standardOutput)
    }

    /// One image read as it is (`--no-prepare`), as the command reads one image, on two
    /// threads: it ends, and reads. The scout, handed no prepared page, used to wait for one
    /// for ever, and the run with it.
    @Test func oneImageReadAsItIsEnds() throws {
        let image = TestPaths.fixtures.appendingPathComponent("spanish-notice.png").path
        let run = try BinaryRun([image, "--ocr-only", "--no-prepare", "--format", "plain"])
        let deadline = Date().addingTimeInterval(120)
        while run.process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        let ended = !run.process.isRunning
        if !ended { run.process.terminate() }
        #expect(ended, "still running after 120 s")
        let output = String(decoding: run.readRest(), as: UTF8.self)
        _ = run.finish()
        #expect(run.process.terminationStatus == 0)
        #expect(output.contains("viajeros"), "\(output)")
    }

    /// A detector in use is not waited for, nor loaded again beside it, when asked `unlessBusy`.
    @Test func aBusyDetectorIsNotWaitedForUnlessBusy() throws {
        let pool = TesseractHandlePool(limit: 1 << 30)
        let worker = EngineCache(pageSegmentationMode: 3, pool: pool)
        let scout = EngineCache(pageSegmentationMode: 3, pool: pool)
        let asked: Int?? = worker.withOrientationDetector { _ in
            scout.withOrientationDetector(unlessBusy: true) { _ in 1 }
        }
        #expect(asked == .some(nil))
        #expect(pool.loadsAndFrees.loads == 1)
        #expect(scout.orientationDetections == 0)
        // Idle again: taken.
        #expect(scout.withOrientationDetector(unlessBusy: true) { _ in 1 } == 1)
        #expect(pool.loadsAndFrees.loads == 1)
    }
}
