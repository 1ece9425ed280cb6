import Testing
@testable import TesseractReading
@testable import TranslatePipeline

/// The handles of a run's workers after the first load while the run checks the languages;
/// each worker takes its own once.
@Suite struct WorkerEnginesPreloadTests {
    init() { ProcessConfiguration.apply() }

    @Test func eachLaterWorkerTakesItsOwnHandleOnce() {
        let preload = WorkerEnginesPreload(workers: 3, languages: ["tha"], pageSegmentationMode: TesseractEngine.defaultPageSegmentationMode)
        defer { preload.wait() }
        #expect(preload.take(for: 0) == nil, "the first worker's handle is the run's own")
        let second = preload.take(for: 1), third = preload.take(for: 2)
        #expect(second?.languages == ["tha"])
        #expect(third?.languages == ["tha"])
        #expect(second !== third)
        #expect(preload.take(for: 1) == nil, "handed over once")
        #expect(preload.take(for: 3) == nil, "no fourth worker")
    }

    /// Data that cannot be loaded gives the workers no handle: they load their own, and the run's
    /// own load reports the failure.
    @Test func dataThatCannotLoadGivesNoHandle() {
        let preload = WorkerEnginesPreload(workers: 2, languages: ["xyz_not_installed"],
                                           pageSegmentationMode: TesseractEngine.defaultPageSegmentationMode)
        defer { preload.wait() }
        #expect(preload.take(for: 1) == nil)
    }

    /// One worker: nothing is loaded beside the run's own handle.
    @Test func oneWorkerLoadsNothing() {
        let preload = WorkerEnginesPreload(workers: 1, languages: ["tha"], pageSegmentationMode: TesseractEngine.defaultPageSegmentationMode)
        preload.wait()
        #expect(preload.take(for: 1) == nil)
    }
}
