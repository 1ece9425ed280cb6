#include "CHeap.h"
#include <malloc.h>

size_t CHeap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

int CHeap_fix_mmap_threshold(size_t bytes) {
    return mallopt(M_MMAP_THRESHOLD, (int)bytes);
}

int CHeap_release_free_pages(void) {
    return malloc_trim(0);
}
