import Foundation

/// The Tesseract handles a run's OCR workers load beyond their first languages (other
/// languages' data, and orientation detection), shared by the workers within a memory budget.
///
/// A handle holds 4–41 MB (`tha` 4 MB, `jpn` 14, `chi_sim` 15, `osd` 41; before the legacy
/// templates were freed, `jpn` 34 and `chi_sim` 43), and a
/// Han page needs `jpn`, `chi_sim` and `chi_tra` to choose among them: when every worker kept
/// its own, two workers on Chinese pages held over 400 MB. Here a worker borrows a handle for
/// one reading and gives it back; a handle is used by one thread at a time, never by two at
/// once. When the handle a worker needs is busy, another copy is loaded if the budget has room,
/// else the worker waits for it. The least recently used idle handle is freed first: to make
/// room, and when no page has used it for `idlePages` pages. Freed memory is then given back
/// to the system (glibc would otherwise keep it).
///
/// The photo path also holds handles for the whole page (`lease`); those are never waited for.
public final class TesseractHandlePool: @unchecked Sendable {
    // @unchecked Sendable: every stored property but `limit` is read and written only while
    // `condition` is locked. The handles in it are not thread-safe, and each is used only by
    // the worker that has borrowed or leased it until it gives it back.

    /// The most bytes the pool's handles may hold together.
    public let limit: Int
    /// Pages (of all workers) a handle may go unused before it is freed.
    static let idlePages = 12
    /// The least a handle is counted as, whatever the heap said while it loaded.
    static let minimumSize = 1 << 20
    /// What a handle not loaded before is expected to take (most take 30–50 MB).
    static let expectedSize = 40 << 20

    enum Handle {
        case engine(TesseractEngine)
        case detector(OrientationDetector)
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
    private var unavailable: Set<String> = []
    private var sizes: [String: Int] = [:]
    private var held = 0
    private var peakHeld = 0
    private var loads = 0
    private var frees = 0
    private var pagesDone = 0
    private var nextID = 0
    private var nextWorker = 0
    /// Handles being loaded (outside the lock) now.
    private var loading = 0

    public init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The budget for a machine with `physicalMemory` bytes: a 256th of it, from 64 MiB to
    /// 1 GiB (94 MiB with 24 GB). The workers' first languages are not counted. Since handles
    /// no longer keep the legacy engine's templates, a 256th holds the three Han data and
    /// orientation detection together, which only a 128th did before (BENCHMARKS.md).
    public static func defaultLimit(physicalMemory: UInt64 = ProcessInfo.processInfo.physicalMemory) -> Int {
        let share = Int(clamping: physicalMemory / 256)
        return min(max(share, 64 << 20), 1 << 30)
    }

    /// The most bytes held at once so far.
    public var peak: Int { locked { peakHeld } }
    /// Handles loaded and freed so far.
    public var loadsAndFrees: (loads: Int, frees: Int) { locked { (loads, frees) } }
    /// The keys of the handles held, least recently used first.
    var heldKeys: [String] { locked { entries.map(\.key) } }

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
    func borrow<Result>(_ key: String, worker: Int, load: () throws(OCRError) -> Handle,
                        _ body: (Handle) throws(OCRError) -> Result) throws(OCRError) -> Result? {
        guard let (entryID, handle, ownLease) = take(key, worker: worker, waits: true, load: load) else { return nil }
        defer {
            if !ownLease { giveBack(entryID) }
        }
        return try body(handle)
    }

    /// A handle for `key` that stays `worker`'s until its page is done (`pageFinished`).
    func lease(_ key: String, worker: Int, load: () throws(OCRError) -> Handle) -> Handle? {
        take(key, worker: worker, waits: false, load: load).map(\.handle)
    }

    /// Frees every handle no worker is using, and gives the memory back: room for something
    /// large that is not a handle (the text detector).
    func freeIdle() {
        let freed: Bool = locked {
            var freed = false
            while let index = entries.firstIndex(where: \.isFree) {
                free(at: index)
                freed = true
            }
            return freed
        }
        if freed { HeapMemory.releaseFreePages() }
    }

    /// Ends `worker`'s leases; frees handles idle for `idlePages` pages, and gives freed memory back.
    func pageFinished(worker: Int) {
        let freed: Bool = locked {
            pagesDone += 1
            for index in entries.indices where entries[index].leasedTo == worker {
                entries[index].leasedTo = nil
                entries[index].lastUsed = pagesDone
            }
            var freed = false
            while let index = entries.firstIndex(where: { $0.isFree && pagesDone - $0.lastUsed > Self.idlePages }) {
                free(at: index)
                freed = true
            }
            while held > limit, let index = entries.firstIndex(where: \.isFree) {
                free(at: index)
                freed = true
            }
            condition.broadcast()
            return freed
        }
        if freed { HeapMemory.releaseFreePages() }
    }

    private func take(_ key: String, worker: Int, waits: Bool,
                      load: () throws(OCRError) -> Handle) -> (id: Int, handle: Handle, ownLease: Bool)? {
        condition.lock()
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
            let expected = sizes[key] ?? Self.expectedSize
            var freed = false
            while held + expected > limit, let index = entries.firstIndex(where: \.isFree) {
                free(at: index)
                freed = true
            }
            if freed {
                // Given back outside the lock would be better, but it takes a millisecond or two.
                HeapMemory.releaseFreePages()
            }
            // No room: wait for a borrowed handle to come back or a load to finish, unless there
            // is neither (then the rest are leased for a page, and waiting could last for ever).
            if held + expected > limit, waits, loading > 0 || entries.contains(where: \.borrowed) {
                condition.wait()
                continue
            }
            break
        }
        // Loaded outside the lock, counted as its expected size meanwhile.
        let expected = sizes[key] ?? Self.expectedSize
        held += expected
        loading += 1
        condition.unlock()
        let before = HeapMemory.inUse()
        let loaded: Handle
        do throws(OCRError) {
            loaded = try load()
        } catch {
            return locked {
                held -= expected
                loading -= 1
                unavailable.insert(key)
                condition.broadcast()
                return nil
            }
        }
        let bytes = max(HeapMemory.inUse() - before, Self.minimumSize)
        var freed = false
        defer {
            if freed { HeapMemory.releaseFreePages() }
        }
        return locked {
            held += bytes - expected
            loading -= 1
            peakHeld = max(peakHeld, held)
            // The heap also grows by what the other workers allocate meanwhile: the least
            // growth seen for this data is the closest to its own size.
            sizes[key] = min(sizes[key] ?? bytes, bytes)
            loads += 1
            nextID += 1
            var entry = Entry(id: nextID, key: key, handle: loaded, bytes: bytes, lastUsed: pagesDone)
            if waits { entry.borrowed = true } else { entry.leasedTo = worker }
            entries.append(entry)
            // Now that its size is known, idle handles make way for it.
            while held > limit, let index = entries.firstIndex(where: \.isFree) {
                free(at: index)
                freed = true
            }
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
