#include "CHeap.h"
#include <malloc.h>
#include <stdio.h>
#include <unistd.h>

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

size_t CHeap_resident_anonymous_bytes(void) {
    FILE *statm = fopen("/proc/self/statm", "r");
    if (statm == NULL) return 0;
    unsigned long size = 0, resident = 0, shared = 0;
    int fields = fscanf(statm, "%lu %lu %lu", &size, &resident, &shared);
    fclose(statm);
    if (fields != 3 || shared > resident) return 0;
    return (size_t)(resident - shared) * (size_t)sysconf(_SC_PAGESIZE);
}
