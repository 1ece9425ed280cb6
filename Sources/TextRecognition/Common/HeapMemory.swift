internal import CHeap

/// The C heap, as glibc's allocator sees it: how much is in use, and giving freed memory back.
enum HeapMemory {
    /// Bytes allocated and not yet freed, in every arena and in mapped blocks.
    static func inUse() -> Int {
        Int(CHeap_bytes_in_use())
    }

    /// Whether `inUse()` sees this process's allocations: not under the thread sanitizer, whose
    /// own allocator glibc's statistics know nothing of (handles then count as the pool's
    /// minimum size).
    static let seesAllocations: Bool = {
        let size = 4 << 20
        let before = inUse()
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { block.deallocate() }
        return inUse() - before >= size
    }()

    /// Returns the heap's free pages to the system. glibc keeps freed memory for reuse: a
    /// Tesseract handle deleted without this left the process as large as before (measured:
    /// two `chi_sim` handles loaded and freed, 61 MB still resident; after trimming, 1 MB).
    static func releaseFreePages() {
        _ = CHeap_release_free_pages()
    }
}
