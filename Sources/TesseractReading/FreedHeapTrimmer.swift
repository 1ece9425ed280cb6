import Locking

/// Gives back the freed heap that glibc keeps resident as pages are read, once it has grown.
///
/// Each page's buffers are freed when it is done, but glibc keeps the freed memory for reuse,
/// and over hundreds of pages the part it cannot reuse (holes between live blocks) grows: the
/// peak of the 109 screenshots read five times over was 35 MB above one pass
/// (docs/experiments/automatic-languages.md, "Peak memory against the number of images").
/// `malloc_trim` returns those pages; run after every page it would walk the heap each time,
/// so it runs only when the freed part has grown by `allowedGrowth` since it last ran.
package final class FreedHeapTrimmer: Sendable {
    /// The one the run's readers share: the heap is the process's.
    package static let shared = FreedHeapTrimmer()

    /// How much the freed heap still resident may grow before it is given back.
    static let allowedGrowth = 16 << 20

    /// The freed heap resident right after the last trim (nil before the first page).
    private let baseline = Locked<Int?>(nil)
    private let residentAnonymous: @Sendable () -> Int
    private let inUse: @Sendable () -> Int
    private let release: @Sendable () -> Void

    init(residentAnonymous: @escaping @Sendable () -> Int = { HeapMemory.residentAnonymous() },
         inUse: @escaping @Sendable () -> Int = { HeapMemory.inUse() },
         release: @escaping @Sendable () -> Void = { HeapMemory.releaseFreePages() }) {
        self.residentAnonymous = residentAnonymous
        self.inUse = inUse
        self.release = release
    }

    /// Called when a page is done; trims when the freed heap has grown enough. True when it did.
    @discardableResult
    package func pageFinished() -> Bool {
        baseline.withLock { baseline in
            // Without /proc nothing is known: the handle pool still trims when it frees handles.
            guard let freed = freedResident() else { return false }
            if let last = baseline, freed - last <= Self.allowedGrowth {
                // Trimmed by someone else (a handle freed), or reused: the new level is the mark.
                if freed < last { baseline = freed }
                return false
            }
            release()
            baseline = freedResident() ?? freed
            return true
        }
    }

    /// Resident anonymous memory not in use by the heap: mostly freed blocks glibc keeps; nil
    /// when the resident size cannot be read.
    private func freedResident() -> Int? {
        let resident = residentAnonymous()
        return resident > 0 ? resident - inUse() : nil
    }
}
