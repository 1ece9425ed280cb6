import Dispatch
import Locking
import Testing
@testable import TesseractReading
@testable import TextRecognition

/// A photo's unsure lines retried with Tesseract on two threads, each thread with its own handles.
@Suite struct SharedLineRetriesTests {
    static let indices = [0, 2, 3, 5, 6, 8, 9]

    static let helperCores: [SharedLineRecognition.HelperCore] = [.none, .own, .spare(SpareCores()), .spare(SharedLineRecognitionTests.spareCore())]

    static func caches() -> (worker: EngineCache, helper: EngineCache) {
        let worker = EngineCache(pageSegmentationMode: 7, pool: TesseractHandlePool(limit: 1 << 30))
        return (worker, worker.sibling())
    }

    @Test(arguments: helperCores)
    func everyLineIsRetriedOnceAndItsResultKeptByIndex(helperCore: SharedLineRecognition.HelperCore) throws {
        let (worker, helper) = Self.caches()
        let calls = Locked([Int: Int]())
        let results = try SharedLineRetries.read(Self.indices, engines: worker, helperEngines: { helper }, helperCore: helperCore) {
            index, _ throws(OCRError) in
            calls.withLock { $0[index, default: 0] += 1 }
            return index * 10
        }
        #expect(results == Dictionary(uniqueKeysWithValues: Self.indices.map { ($0, $0 * 10) }))
        #expect(calls.withLock { $0 } == Dictionary(uniqueKeysWithValues: Self.indices.map { ($0, 1) }))
    }

    /// The helper's lines are read with the helper's handles, never the worker's. Each thread's
    /// first line waits until the other has taken one, so that both take part however the two
    /// are scheduled (under the thread sanitizer the helper once took every line first).
    @Test func theHelperReadsWithHandlesOfItsOwn() throws {
        let (worker, helper) = Self.caches()
        let workerTook = DispatchSemaphore(value: 0), helperRead = DispatchSemaphore(value: 0)
        let byWorker = Locked([Int]()), byHelper = Locked([Int]())
        var made = 0
        _ = try SharedLineRetries.read(Self.indices, engines: worker, helperEngines: { made += 1; return helper }, helperCore: .own) {
            index, engines throws(OCRError) in
            if engines === worker {
                if byWorker.withLock({ $0.isEmpty }) {
                    workerTook.signal()
                    _ = helperRead.wait(timeout: .now() + 60)
                }
                byWorker.withLock { $0.append(index) }
            } else {
                #expect(engines === helper)
                if byHelper.withLock({ $0.isEmpty }) { _ = workerTook.wait(timeout: .now() + 60) }
                byHelper.withLock { $0.append(index) }
                helperRead.signal()
            }
        }
        #expect(made == 1)
        #expect(!byHelper.withLock { $0 }.isEmpty)
        // The worker from the front, the helper from the back.
        #expect(byWorker.withLock { $0 }.first == 0)
        #expect(byHelper.withLock { $0 }.first == 9)
        #expect(Set(byWorker.withLock { $0 } + byHelper.withLock { $0 }) == Set(Self.indices))
    }

    /// Without a core, or with one line left, no helper is made.
    @Test func withNoCoreOrOneLineNoHelperIsMade() throws {
        let (worker, _) = Self.caches()
        for (indices, core) in [(Self.indices, SharedLineRecognition.HelperCore.none), ([4], .own), (Self.indices, .spare(SpareCores()))] {
            _ = try SharedLineRetries.read(indices, engines: worker, helperEngines: { Issue.record("a helper was made"); return worker },
                                           helperCore: core) { _, engines throws(OCRError) in
                #expect(engines === worker)
            }
        }
    }

    /// A core another worker left is given back once the helper is done.
    @Test func aSpareCoreIsGivenBack() throws {
        let (worker, helper) = Self.caches()
        let cores = SharedLineRecognitionTests.spareCore()
        _ = try SharedLineRetries.read(Self.indices, engines: worker, helperEngines: { helper }, helperCore: .spare(cores)) { _, _ throws(OCRError) in }
        #expect(cores.timesTaken == 1)
        #expect(cores.available == 1)
    }

    /// A failed retry, on either thread, ends the work with its error.
    @Test(arguments: [0, 9])
    func aFailedRetryEndsTheWorkWithItsError(failing: Int) throws {
        let (worker, helper) = Self.caches()
        #expect(throws: OCRError.recognitionFailed) {
            _ = try SharedLineRetries.read(Self.indices, engines: worker, helperEngines: { helper }, helperCore: .own) {
                index, _ throws(OCRError) in
                if index == failing { throw OCRError.recognitionFailed }
            }
        }
    }
}
