internal import CHeap

/// The C heap, as glibc's allocator sees it: how much is in use, and giving freed memory back.
enum HeapMemory {
    /// Bytes allocated and not yet freed, in every arena and in mapped blocks.
    static func inUse() -> Int {
        Int(CHeap_bytes_in_use())
    }

    /// Returns the heap's free pages to the system. glibc keeps freed memory for reuse: a
    /// Tesseract handle deleted without this left the process as large as before (measured:
    /// two `chi_sim` handles loaded and freed, 61 MB still resident; after trimming, 1 MB).
    static func releaseFreePages() {
        _ = CHeap_release_free_pages()
    }
}
