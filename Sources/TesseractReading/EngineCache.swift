import TranslateModel
/// One worker's way to the Tesseract handles: a handle of its own, at first for its first
/// languages, and the run's `TesseractHandlePool` for other data and orientation detection.
///
/// Owned by one worker thread, like the handles it gives out.
package final class EngineCache {
    package let pool: TesseractHandlePool
    private let worker: Int
    private let pageSegmentationMode: Int
    /// The worker's own handle, used whenever its languages are asked for: at first its first
    /// languages', then the data its pages keep needing (`own`).
    package var main: TesseractEngine?
    /// The lines the run has read, by their pixels, shared by its workers.
    package let repeatedLines: RepeatedLines
    /// How many times this worker has asked orientation detection: one of the costlier steps
    /// of automatic languages, counted so that tests can see it is not asked needlessly.
    private(set) var orientationDetections = 0

    package init(pageSegmentationMode: Int, pool: TesseractHandlePool = TesseractHandlePool(limit: TesseractHandlePool.defaultLimit()),
                 repeatedLines: RepeatedLines = RepeatedLines()) {
        self.pageSegmentationMode = pageSegmentationMode
        self.pool = pool
        self.repeatedLines = repeatedLines
        self.worker = pool.newWorker()
    }

    /// Runs `body` with a handle for `data`, borrowed from the pool for just this call
    /// (`body` must not ask for another); nil when its traineddata is not installed.
    package func withEngine<Result>(_ data: TesseractData, _ body: (TesseractEngine) throws(OCRError) -> Result) throws(OCRError) -> Result? {
        if let main, main.data == data { return try body(main) }
        let mode = pageSegmentationMode
        return try pool.borrow(data.description, worker: worker,
                               load: { () throws(OCRError) in .engine(try TesseractEngine(languages: data.languages, pageSegmentationMode: mode)) },
                               { (handle) throws(OCRError) -> Result in
            guard case .engine(let engine) = handle else { throw .initializationFailed(data.description) }
            return try body(engine)
        })
    }

    /// Makes a handle for `data` the worker's own in place of the one it has, which goes to
    /// the pool. A worker whose pages all need other data (a folder of Chinese screenshots)
    /// would otherwise borrow that data for every reading, and two such workers would share
    /// one handle, taking turns, while their own sat idle; the budget rarely has room for a
    /// second copy beside the others a Han page needs. Kept as it is when the pool cannot give
    /// such a handle.
    package func own(_ data: TesseractData) {
        guard let current = main, current.data != data else { return }
        let mode = pageSegmentationMode
        let handle = pool.withdraw(data.description, worker: worker) { () throws(OCRError) in
            .engine(try TesseractEngine(languages: data.languages, pageSegmentationMode: mode))
        }
        guard case .engine(let engine)? = handle else { return }
        main = engine
        pool.deposit(current.data.description, handle: .engine(current), bytes: current.loadedBytes)
    }

    /// Whether `data` can be read with (its handle loads).
    package func isAvailable(_ data: TesseractData) -> Bool {
        (try? withEngine(data) { _ in true }) == true
    }

    /// A handle for `data` kept for this worker until its page is done, for reading many
    /// pieces with (the photo path); nil when its traineddata is not installed.
    package func engine(for data: TesseractData) -> TesseractEngine? {
        if let main, main.data == data { return main }
        let mode = pageSegmentationMode
        let handle = pool.lease(data.description, worker: worker) { () throws(OCRError) in
            .engine(try TesseractEngine(languages: data.languages, pageSegmentationMode: mode))
        }
        guard case .engine(let engine)? = handle else { return nil }
        return engine
    }

    /// Runs `body` with the orientation and script detector borrowed; nil when `osd` is not
    /// installed, or with `unlessBusy` when every detector loaded is in use.
    package func withOrientationDetector<Result>(unlessBusy: Bool = false, _ body: (OrientationDetector) -> Result) -> Result? {
        let result = try? pool.borrow("osd", worker: worker, unlessBusy: unlessBusy, load: Self.loadDetector,
                                      { (handle) throws(OCRError) -> Result in
            guard case .detector(let detector) = handle else { throw .initializationFailed("osd") }
            orientationDetections += 1
            return body(detector)
        })
        return result ?? nil
    }

    /// Loads orientation detection ahead of its first use, unless it is loaded (not counted as a detection).
    package func loadOrientationDetector() {
        _ = try? pool.borrow("osd", worker: worker, load: Self.loadDetector, { _ in })
    }

    private static func loadDetector() throws(OCRError) -> TesseractHandlePool.Handle {
        .detector(try OrientationDetector())
    }

    /// Another cache on the same pool, as a new worker of its own: for a helper thread, which
    /// must not use this worker's handles.
    package func sibling() -> EngineCache {
        EngineCache(pageSegmentationMode: pageSegmentationMode, pool: pool, repeatedLines: repeatedLines)
    }

    /// Gives the handles leased through this cache back to the pool, idle, without counting a
    /// page done: a helper thread's, once it has helped with a page.
    package func leasesEnded() {
        pool.endLeases(worker: worker)
    }

    /// To be called when the worker has finished a page and holds no reading of it.
    package func pageFinished() {
        pool.pageFinished(worker: worker)
    }
}
