import Foundation

/// The Tesseract handles a run's OCR workers load beyond their first languages (other
/// languages' data, and orientation detection), shared by the workers within a memory budget.
///
/// A handle holds 1–36 MB (`eng` 1–2 MB, `tha` 4, `jpn` 8, `chi_sim` 9, `chi_tra` 10, `osd`
/// 31–36; before the legacy templates were freed and the universal ambiguities skipped, `jpn`
/// 34 and `chi_sim` 43), and a Han page needs `jpn`, `chi_sim` and `chi_tra` to choose among
/// them: when every worker kept its own, two workers on Chinese pages held over 400 MB. Here a
/// worker borrows a handle for one reading and gives it back; a handle is used by one thread at
/// a time, never by two at once. When the handle a worker needs is busy, another copy is loaded
/// if the budget has room for it without freeing anything, else the worker waits for it (a
/// reading takes a fraction of a load). The least recently used idle handle is freed first: to
/// make room, and when no page has used it for `idlePages` pages (twice as many for each time
/// its data had to be loaded again after being freed that way). Freed memory is then given
/// back to the system (glibc would otherwise keep it).
///
/// The photo path also holds handles for the whole page (`lease`); those are never waited for.
///
/// The budget bounds the worst moment, not just the handles at rest: one handle loads at a
/// time, and it is counted at the most it holds while loading (Tesseract builds the legacy
/// templates before they can be freed, so a Chinese handle briefly holds three times what it
/// keeps). Two workers loading Han data at once went 60 MB over the budget before.
public final class TesseractHandlePool: @unchecked Sendable {
    // @unchecked Sendable: every stored property but `limit` is read and written only while
    // `condition` is locked. The handles in it are not thread-safe, and each is used only by
    // the worker that has borrowed or leased it until it gives it back, or that has taken it
    // (`takeFirstEngine`) for good.

    /// The most bytes the pool's handles may hold together.
    public let limit: Int
    /// Pages (of all workers) a handle may go unused before it is freed, at first.
    static let idlePages = 12
    /// The most pages a handle may go unused, however often its data came back: its allowance
    /// doubles each time the data is loaded again after it was freed for going unused (a
    /// rotated scan every tenth image of a Chinese folder had `osd` and `chi_tra` loaded again
    /// for each one).
    static let mostIdlePages = 16 * idlePages
    /// The least a handle is counted as, whatever the heap said while it loaded.
    static let minimumSize = 1 << 20
    /// What a handle of `key`'s data, not loaded before, is expected to take while it loads:
    /// each language's part, by its script. Measured on Debian 12's data (heap growth of one
    /// `TessBaseAPIInit3`, before the templates are freed, without the universal ambiguities):
    /// Han and Japanese data 25–40 MB (`chi_tra` the most), every other language 2–10 MB,
    /// `osd` 31–36 MB. One size for all, the Han one, made the pool free two or three Latin
    /// handles to load one.
    static func expectedLoadingSize(of key: String) -> Int {
        key.split(separator: "+").reduce(0) { total, language in
            switch language {
            case "osd": total + (36 << 20)
            case _ where language.hasPrefix("chi_") || language.hasPrefix("jpn"): total + (40 << 20)
            default: total + (10 << 20)
            }
        }
    }

    enum Handle {
        case engine(TesseractEngine)
        case detector(OrientationDetector)

        /// What the handle held beyond its size while it loaded, and gave back before it was used.
        var bytesFreedAfterLoading: Int {
            switch self {
            case .engine(let engine): engine.droppedTemplateBytes
            case .detector: 0
            }
        }
    }

    private struct Entry {
        let id: Int
        let key: String
        let handle: Handle
        let bytes: Int
        /// Borrowed for one reading.
        var borrowed = false
        /// Leased to this worker until its page is done.
        var leasedTo: Int?
        var lastUsed: Int
        var isFree: Bool { !borrowed && leasedTo == nil }
    }

    private let condition = NSCondition()
    /// Least recently used first.
    private var entries: [Entry] = []
    /// The handle loaded before the workers start, until the first worker takes it.
    private var firstEngine: TesseractEngine?
    private var unavailable: Set<String> = []
    /// The most each data's handle holds while it loads (it keeps less once loaded).
    private var loadingSizes: [String: Int] = [:]
    /// Pages each data's handles may go unused, where it is more than `idlePages`.
    private var idleAllowances: [String: Int] = [:]
    /// Data whose last handle was freed for going unused: loaded again, it is allowed twice as long.
    private var freedForIdleness: Set<String> = []
    private var held = 0
    private var peakHeld = 0
    private var loads = 0
    private var frees = 0
    private var pagesDone = 0
    private var nextID = 0
    private var nextWorker = 0
    /// Handles being loaded (outside the lock) now: at most one.
    private var loading = 0
    private var mostLoadingAtOnce = 0
    /// Threads waiting for a handle, a load, or room.
    private var waiting = 0
    /// The C heap's bytes in use, which a handle's size is measured by.
    private let heapInUse: @Sendable () -> Int
    /// Gives the heap's free pages back to the system.
    private let releaseFreePages: @Sendable () -> Void
    /// What data not loaded before is counted as while it loads, by its key.
    private let firstLoadSize: @Sendable (String) -> Int

    public convenience init(limit: Int) {
        self.init(limit: limit, firstLoadSize: Self.expectedLoadingSize(of:), heapInUse: { HeapMemory.inUse() },
                  releaseFreePages: { HeapMemory.releaseFreePages() })
    }

    convenience init(limit: Int, firstLoadSize: Int, heapInUse: @escaping @Sendable () -> Int,
         releaseFreePages: @escaping @Sendable () -> Void = { HeapMemory.releaseFreePages() }) {
        self.init(limit: limit, firstLoadSize: { _ in firstLoadSize }, heapInUse: heapInUse, releaseFreePages: releaseFreePages)
    }

    init(limit: Int, firstLoadSize: @escaping @Sendable (String) -> Int, heapInUse: @escaping @Sendable () -> Int,
         releaseFreePages: @escaping @Sendable () -> Void) {
        self.limit = max(0, limit)
        self.firstLoadSize = firstLoadSize
        self.heapInUse = heapInUse
        self.releaseFreePages = releaseFreePages
    }

    /// The budget for a machine with `physicalMemory` bytes: a 256th of it, from 64 MiB to
    /// 1 GiB (94 MiB with 24 GB). The workers' first languages are not counted. Since handles
    /// no longer keep the legacy engine's templates, a 256th holds the three Han data and
    /// orientation detection together, which only a 128th did before
    /// (docs/experiments/automatic-languages.md, "Memory: the legacy templates freed").
    public static func defaultLimit(physicalMemory: UInt64 = ProcessInfo.processInfo.physicalMemory) -> Int {
        let share = Int(clamping: physicalMemory / 256)
        return min(max(share, 64 << 20), 1 << 30)
    }

    /// The most bytes held at once so far, a handle being loaded counted at its loading size.
    public var peak: Int { locked { peakHeld } }
    /// The bytes the pool's handles hold now.
    var heldBytes: Int { locked { held } }
    /// The most handles that were loading at the same moment (one, by design).
    var mostConcurrentLoads: Int { locked { mostLoadingAtOnce } }
    /// Threads waiting in the pool now.
    var waitingThreads: Int { locked { waiting } }
    /// What `key`'s handle was counted as while it loaded, as measured so far.
    func loadingSize(of key: String) -> Int? { locked { loadingSizes[key] } }
    /// Handles loaded and freed so far.
    public var loadsAndFrees: (loads: Int, frees: Int) { locked { (loads, frees) } }
    /// The keys of the handles held, least recently used first.
    var heldKeys: [String] { locked { entries.map(\.key) } }

    /// Keeps `engine`, the run's first handle (loaded before any worker starts, to check the
    /// languages), for the worker that is to use it as its own; not counted in the budget, like
    /// every worker's first languages.
    package func keepFirstEngine(_ engine: TesseractEngine) {
        locked { firstEngine = engine }
    }

    /// The handle kept by `keepFirstEngine`, handed over once: nil after that, or when none was kept.
    package func takeFirstEngine() -> TesseractEngine? {
        locked {
            defer { firstEngine = nil }
            return firstEngine
        }
    }

    /// A number for a new worker, which its leases are known by.
    func newWorker() -> Int {
        locked {
            nextWorker += 1
            return nextWorker
        }
    }

    /// Runs `body` with a handle for `key` borrowed (or with the one `worker` leases), loading
    /// one with `load` when none is free; nil when `key` cannot be loaded. `body` must not ask
    /// the pool for another handle.
    /// With `unlessBusy`, nil at once when every handle for `key` is in use (none is loaded
    /// beside them, and none waited for).
    func borrow<Result>(_ key: String, worker: Int, unlessBusy: Bool = false, load: () throws(OCRError) -> Handle,
                        _ body: (Handle) throws(OCRError) -> Result) throws(OCRError) -> Result? {
        guard let (entryID, handle, ownLease) = take(key, worker: worker, waits: true, unlessBusy: unlessBusy, load: load) else { return nil }
        defer {
            if !ownLease { giveBack(entryID) }
        }
        return try body(handle)
    }

    /// A handle for `key` that stays `worker`'s until its page is done (`pageFinished`).
    func lease(_ key: String, worker: Int, load: () throws(OCRError) -> Handle) -> Handle? {
        take(key, worker: worker, waits: false, load: load).map(\.handle)
    }

    /// Takes a handle for `key` out of the pool for `worker` to keep as its own, as it keeps its
    /// first languages' handle (`EngineCache.own`): a free one, or one loaded under the pool's
    /// rules (one load at a time, within the budget). From then on it is not counted against the
    /// budget. Nil when `key` cannot be loaded.
    func withdraw(_ key: String, worker: Int, load: () throws(OCRError) -> Handle) -> Handle? {
        guard let (id, handle, ownLease) = take(key, worker: worker, waits: true, load: load), !ownLease else { return nil }
        return locked {
            guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
            let entry = entries.remove(at: index)
            held -= entry.bytes
            condition.broadcast()
            return handle
        }
    }

    /// Takes in a handle a worker kept as its own, idle, as the least recently used (the worker
    /// gives it up because its pages stopped needing it), when the budget has room for it
    /// as it is; otherwise it is freed. `bytes` is what the heap grew by while it loaded, which
    /// counts what other threads allocated meanwhile (the workers' first languages load side by
    /// side): the most the pool has seen this data hold while loading bounds it.
    func deposit(_ key: String, handle: Handle, bytes: Int) {
        locked {
            let size = max(min(bytes, loadingSizes[key] ?? bytes), Self.minimumSize)
            // Freed otherwise, when the worker lets go of it (the freed heap is given back after the page).
            guard held + size <= limit else { return }
            nextID += 1
            entries.insert(Entry(id: nextID, key: key, handle: handle, bytes: size, lastUsed: pagesDone), at: 0)
            held += size
            peakHeld = max(peakHeld, held)
            condition.broadcast()
        }
    }

    /// Frees every handle no worker is using, and gives the memory back: room for something
    /// large that is not a handle (the text detector).
    package func freeIdle() {
        let freed: Bool = locked {
            var freed = false
            while let index = entries.firstIndex(where: \.isFree) {
                free(at: index)
                freed = true
            }
            return freed
        }
        if freed { releaseFreePages() }
    }

    /// Gives back what `worker` leases without counting a page done: a helper thread's handles,
    /// idle again once it has helped with a page (`EngineCache.leasesEnded`).
    func endLeases(worker: Int) {
        locked {
            releaseLeases(of: worker)
            condition.broadcast()
        }
    }

    /// Ends `worker`'s leases; frees handles idle for longer than their data's allowance
    /// (`idlePages` at first), and gives freed memory back.
    func pageFinished(worker: Int) {
        let freed: Bool = locked {
            pagesDone += 1
            releaseLeases(of: worker)
            var freed = false
            while let index = entries.firstIndex(where: { $0.isFree && pagesDone - $0.lastUsed > idleAllowance($0.key) }) {
                let key = entries[index].key
                free(at: index)
                if !entries.contains(where: { $0.key == key }) { freedForIdleness.insert(key) }
                freed = true
            }
            while held > limit, let index = entries.firstIndex(where: \.isFree) {
                free(at: index)
                freed = true
            }
            condition.broadcast()
            return freed
        }
        if freed { releaseFreePages() }
    }

    /// Makes the handles `worker` leases free, as last used now. Called with the lock held.
    private func releaseLeases(of worker: Int) {
        for index in entries.indices where entries[index].leasedTo == worker {
            entries[index].leasedTo = nil
            entries[index].lastUsed = pagesDone
        }
    }

    private func take(_ key: String, worker: Int, waits: Bool, unlessBusy: Bool = false,
                      load: () throws(OCRError) -> Handle) -> (id: Int, handle: Handle, ownLease: Bool)? {
        condition.lock()
        var reserved = 0
        while true {
            if unavailable.contains(key) {
                condition.unlock()
                return nil
            }
            if let index = entries.firstIndex(where: { $0.key == key && $0.leasedTo == worker }) {
                let entry = entries[index]
                condition.unlock()
                return (entry.id, entry.handle, true)
            }
            if let index = entries.firstIndex(where: { $0.key == key && $0.isFree }) {
                var entry = entries.remove(at: index)
                if waits { entry.borrowed = true } else { entry.leasedTo = worker }
                entry.lastUsed = pagesDone
                entries.append(entry)
                condition.unlock()
                return (entry.id, entry.handle, false)
            }
            if unlessBusy, entries.contains(where: { $0.key == key }) {
                condition.unlock()
                return nil
            }
            // One load at a time: two at once would each hold their templates at the same moment.
            // A load always ends, so even a worker that holds leases can wait for it.
            if loading > 0 {
                waitForChange()
                continue
            }
            reserved = loadingSizes[key] ?? firstLoadSize(key)
            // A copy is busy with one reading: a second copy only where the budget has room
            // for it as it is. Freeing other handles for it made two workers on Traditional
            // Chinese pages load and free the same three data over and over.
            if held + reserved > limit, waits, entries.contains(where: { $0.key == key && $0.borrowed }) {
                waitForChange()
                continue
            }
            var freed = false
            while held + reserved > limit, let index = entries.firstIndex(where: \.isFree) {
                free(at: index)
                freed = true
            }
            if freed {
                // Given back outside the lock would be better, but it takes a millisecond or two.
                releaseFreePages()
            }
            // No room: wait for a borrowed handle to come back, unless none is borrowed (then the
            // rest are leased for a page, and waiting could last for ever).
            if held + reserved > limit, waits, entries.contains(where: \.borrowed) {
                waitForChange()
                continue
            }
            break
        }
        // Loaded outside the lock, counted at its loading size meanwhile.
        held += reserved
        loading += 1
        mostLoadingAtOnce = max(mostLoadingAtOnce, loading)
        peakHeld = max(peakHeld, held)
        condition.unlock()
        let before = heapInUse()
        let loaded: Handle
        do throws(OCRError) {
            loaded = try load()
        } catch {
            return locked {
                held -= reserved
                loading -= 1
                unavailable.insert(key)
                condition.broadcast()
                return nil
            }
        }
        let bytes = max(heapInUse() - before, Self.minimumSize)
        var freed = false
        defer {
            if freed { releaseFreePages() }
        }
        return locked {
            held += bytes - reserved
            loading -= 1
            // The heap also grows by what the other workers allocate meanwhile: the least
            // growth seen for this data is the closest to its own size.
            let whileLoading = bytes + loaded.bytesFreedAfterLoading
            loadingSizes[key] = min(loadingSizes[key] ?? whileLoading, whileLoading)
            loads += 1
            if freedForIdleness.remove(key) != nil {
                idleAllowances[key] = min(idleAllowance(key) * 2, Self.mostIdlePages)
            }
            nextID += 1
            var entry = Entry(id: nextID, key: key, handle: loaded, bytes: bytes, lastUsed: pagesDone)
            if waits { entry.borrowed = true } else { entry.leasedTo = worker }
            entries.append(entry)
            // A first load may have been expected smaller than it is: idle handles make way.
            while held > limit, let index = entries.firstIndex(where: \.isFree) {
                free(at: index)
                freed = true
            }
            peakHeld = max(peakHeld, held)
            condition.broadcast()
            return (entry.id, loaded, false)
        }
    }

    private func giveBack(_ id: Int) {
        locked {
            if let index = entries.firstIndex(where: { $0.id == id }) {
                entries[index].borrowed = false
                entries[index].lastUsed = pagesDone
            }
            condition.broadcast()
        }
    }

    /// How many pages `key`'s handles may go unused before they are freed; the lock is held.
    private func idleAllowance(_ key: String) -> Int {
        idleAllowances[key] ?? Self.idlePages
    }

    /// Waits for a handle to come back or a load to end; the lock is held.
    private func waitForChange() {
        waiting += 1
        condition.wait()
        waiting -= 1
    }

    /// Drops the entry (its handle is freed with it); the lock is held.
    private func free(at index: Int) {
        let entry = entries.remove(at: index)
        held -= entry.bytes
        frees += 1
    }

    private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }
}
