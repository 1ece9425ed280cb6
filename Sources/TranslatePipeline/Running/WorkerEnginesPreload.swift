import Locking
import TesseractReading

/// Loads the first languages' handles of a run's workers after the first, each on a thread of its
/// own, while the run loads the first worker's (which checks the languages before any input is
/// read). Otherwise the second worker loaded its own only once the run had started, and a core
/// sat idle for the length of one load (`kor+eng` about 0.1 s) at the start of every folder.
final class WorkerEnginesPreload: Sendable {
    /// One worker's handle. `@unchecked Sendable`: written only by its loading thread, and read
    /// only after `join()` on that thread has returned, which orders the two.
    private final class Slot: @unchecked Sendable {
        var engine: TesseractEngine?
    }

    private let loads: [(thread: JoinableThread, slot: Slot)]

    /// Starts loading `languages` for workers 1 to `workers - 1`.
    init(workers: Int, languages: [String], pageSegmentationMode: Int) {
        loads = (1..<max(1, workers)).map { _ in
            let slot = Slot()
            // A failure shows in the first worker's load, which the run reports; a worker whose
            // load failed loads its own as before.
            let thread = JoinableThread(stackSize: 16 << 20) {
                slot.engine = try? TesseractEngine(languages: languages, pageSegmentationMode: pageSegmentationMode)
            }
            return (thread, slot)
        }
    }

    /// Worker `index`'s handle, once loaded, handed over once (called by that worker alone); nil
    /// for the first worker, or when it could not be loaded.
    func take(for index: Int) -> TesseractEngine? {
        guard index >= 1, index <= loads.count else { return nil }
        let (thread, slot) = loads[index - 1]
        thread.join()
        defer { slot.engine = nil }
        return slot.engine
    }

    /// Waits for every load (before the run returns, so that no thread is loading at exit).
    func wait() {
        for load in loads { load.thread.join() }
    }
}
