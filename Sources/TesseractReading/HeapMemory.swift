internal import CHeap

/// The C heap, as glibc's allocator sees it: how much is in use, and giving freed memory back.
package enum HeapMemory {
    /// glibc sets its heap up on first use. Where every allocation goes through another
    /// allocator (the thread sanitizer's), the first of the calls below does it, and two
    /// threads making their first call at once read a heap half set up (a crash in
    /// `mallinfo2`): so the first call is made once, the others waiting for it.
    private static let setUp: Void = { _ = CHeap_bytes_in_use() }()

    /// Bytes allocated and not yet freed, in every arena and in mapped blocks.
    static func inUse() -> Int {
        _ = setUp
        return Int(CHeap_bytes_in_use())
    }

    /// Blocks from this size up get their own mapping (page images, Tesseract's network buffers).
    ///
    /// glibc starts at 128 KiB but raises the threshold to the largest block freed so far (up to
    /// 32 MiB), after which page-sized buffers come from the heap and leave holes there that
    /// neither reuse nor `malloc_trim` fully gives back. Fixed, the 109 rendered screenshots
    /// peaked 25–30 MB lower at the same CPU time; at 1 MiB rather than 256 KiB the peak is the
    /// same and a 12-megapixel photo spends less time mapping and faulting in its many mid-sized
    /// buffers (docs/experiments/automatic-languages.md, "Memory: the legacy templates freed";
    /// docs/experiments/automatic-languages.md, "The mmap threshold at 1 MiB").
    static let mappedBlockThreshold = 1 << 20

    /// Fixes the size from which blocks are mapped on their own (`mappedBlockThreshold`).
    static func fixMappedBlockThreshold() {
        _ = setUp
        _ = CHeap_fix_mmap_threshold(mappedBlockThreshold)
    }

    /// Anonymous memory resident in the process (the heap, mapped blocks, stacks), in bytes.
    static func residentAnonymous() -> Int {
        Int(CHeap_resident_anonymous_bytes())
    }

    /// Returns the heap's free pages to the system. glibc keeps freed memory for reuse: a
    /// Tesseract handle deleted without this left the process as large as before (measured:
    /// two `chi_sim` handles loaded and freed, 61 MB still resident; after trimming, 1 MB).
    package static func releaseFreePages() {
        _ = setUp
        _ = CHeap_release_free_pages()
    }
}
