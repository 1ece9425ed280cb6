import Foundation
import Locking
import PagePreparation
import TesseractReading
import TranslateModel

/// Looks ahead on a spare core while a page is read with its first languages: asks orientation
/// detection for the page's script, then reads the page with the data that script calls for.
///
/// When the first languages read a page poorly (a Japanese screenshot read with `kor+eng`), the
/// usual steps ask exactly that, one after the other: a single Japanese image took 1.2 s against
/// 0.36 s with `-l jpn`. The scout asks it at the same time on a thread of its own, with handles
/// borrowed from the run's pool, and the worker takes what it has found instead of finding it
/// again. Every answer is what the worker would have found itself (the same image, data and
/// mode), so the output does not change; a page the first languages read well leaves the
/// scout's work unused.
///
/// Used only when a core would otherwise wait (`OCRSettings.threadsPerImage`, one image in the
/// run). The scout reads the script's data lists from the last, while the worker asks for them
/// from the first: for Han text `chi_tra` and `chi_sim` are read at once. Data the first
/// languages already hold (`eng` for Latin, `kor+eng` for Hangul) is not read ahead.
final class ScriptScout: @unchecked Sendable {
    // @unchecked Sendable: `page`, `tasks` and `stopped` are read and written only while
    // `condition` is locked; `scouting` is set in `init` and then read only by the worker's
    // thread; the rest is set before the thread starts and never changed. `engines` is used by
    // the scout's thread alone until it ends.

    /// What the worker gets for a question put to the scout.
    enum Answer<Value> {
        /// The scout's answer, waited for if it was still working on it.
        case found(Value)
        /// The scout has not taken the question up, and now will not: the worker finds it itself.
        case yours
    }

    private enum Task {
        case working
        case orientation(OrientationDetector.Finding?)
        case reading(Result<PageReading?, OCRError>)
        /// Taken by the worker.
        case worker
    }

    private let firstData: TesseractData
    private let engines: EngineCache
    private let settings: OCRSettings
    private let condition = NSCondition()
    /// The page to look at, and the mode it is read in, once it is prepared.
    private var page: (prepared: PreparedPage, mode: Int)?
    /// By key: `osd` for orientation detection, else the data list joined with `+`.
    private var tasks: [String: Task] = [:]
    private var stopped = false
    /// The scout's thread (set once it has started).
    private var scouting: JoinableThread?

    private static let orientationKey = "osd"

    /// Starts the scout: it loads orientation detection while the page is being prepared
    /// (unless the run has, `OrientationDetectionPreload`), and then waits for the page (`look`). `engines` must be the scout's own (a worker of the pool
    /// besides the page's worker).
    init(firstData: TesseractData, engines: EngineCache, settings: OCRSettings) {
        self.firstData = firstData
        self.engines = engines
        self.settings = settings
        tasks[Self.orientationKey] = .working
        // As the workers' threads: Tesseract recurses deeply on some layouts.
        scouting = JoinableThread(stackSize: 16 << 20) { [self] in
            self.engines.loadOrientationDetector()
            if let (prepared, mode) = preparedPage() { scout(prepared, mode: mode) }
        }
    }

    /// Hands the scout the prepared page to look at, read in `mode`.
    func look(at prepared: PreparedPage, mode: Int) {
        condition.lock()
        page = (prepared, mode)
        condition.broadcast()
        condition.unlock()
    }

    /// What orientation detection finds on `image`, when it is the scout's page.
    func orientation(of image: LeptonicaImage) -> Answer<OrientationDetector.Finding?> {
        guard isLooking(at: image) else { return .yours }
        return answer(Self.orientationKey) { task in
            if case .orientation(let finding) = task { return finding }
            return nil
        }
    }

    /// The scout's page read with `data` in `mode`, when the scout has read it or is reading it.
    func reading(of image: LeptonicaImage, mode: Int, data: TesseractData) throws(OCRError) -> Answer<PageReading?> {
        guard isLooking(at: image, mode: mode) else { return .yours }
        let found = answer(data.description) { task -> Result<PageReading?, OCRError>? in
            if case .reading(let result) = task { return result }
            return nil
        }
        switch found {
        case .yours: return .yours
        case .found(let result): return .found(try result.get())
        }
    }

    /// Whether `image` is the scout's page (read in `mode`, when given).
    private func isLooking(at image: LeptonicaImage, mode: Int? = nil) -> Bool {
        condition.withLock { page.map { $0.prepared.image === image && (mode == nil || $0.mode == mode) } ?? false }
    }

    /// Lets the scout start nothing more. A scout still waiting for its page (none was handed
    /// over: `--no-prepare` reads the page as it is) is woken to end: without the broadcast,
    /// `finish` waited for it for ever.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the scout and waits for what it is doing to end: its handles are back in the pool.
    func finish() {
        stop()
        scouting?.join()
    }

    /// The scout's answer under `key`, waited for while the scout works on it; `.yours` when it
    /// has not started on it, which it then never will.
    private func answer<Value>(_ key: String, _ value: (Task) -> Value?) -> Answer<Value> {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch tasks[key] {
            case nil:
                tasks[key] = .worker
                return .yours
            case .worker?:
                return .yours
            case .working?:
                condition.wait()
            case let task?:
                guard let found = value(task) else { return .yours }
                return .found(found)
            }
        }
    }

    /// The page once it is handed over; nil when the scout is stopped first.
    private func preparedPage() -> (PreparedPage, Int)? {
        condition.lock()
        defer { condition.unlock() }
        while page == nil, !stopped { condition.wait() }
        guard let page, !stopped else {
            tasks[Self.orientationKey] = .worker
            condition.broadcast()
            return nil
        }
        return page
    }

    /// The scout's work on its page, on its own thread.
    private func scout(_ prepared: PreparedPage, mode: Int) {
        // A detector in use is the worker's, turning the page itself: it is on another path, and
        // the scout would only take cores from it.
        guard case .some(let finding) = engines.withOrientationDetector(unlessBusy: true, { $0.detect(prepared.image) }) else {
            settle(Self.orientationKey, .worker)
            return
        }
        settle(Self.orientationKey, .orientation(finding))
        guard let script = finding?.script, let named = ScriptLanguages.data(forScript: script) else { return }
        for data in named.reversed() where data.hasLanguages(besides: firstData) {
            let key = data.description
            guard claim(key) else { continue }
            let result = Result { () throws(OCRError) in
                try PageRecognizer.read(prepared, variant: .usual, mode: mode, data: data, engines: engines, settings: settings)
            }
            settle(key, .reading(result))
        }
    }

    /// Takes `key` up for the scout; false when the worker has it or the scout has stopped.
    private func claim(_ key: String) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped, tasks[key] == nil else { return false }
        tasks[key] = .working
        return true
    }

    private func settle(_ key: String, _ task: Task) {
        condition.lock()
        tasks[key] = task
        condition.broadcast()
        condition.unlock()
    }
}
