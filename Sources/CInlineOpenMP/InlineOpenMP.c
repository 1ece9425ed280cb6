// Tesseract's parallel regions, run on the calling thread.
//
// Debian's libtesseract is built with OpenMP. We run one Tesseract handle per core and limit
// OpenMP to one thread (OpenMPLimiter), but libgomp still builds a team of one for every region,
// and ends it with a futex wake-up: the LSTM enters a `parallel sections` region for each step
// of each line: about 770,000 system calls, and 0.17 s of 4.0, on 18 screenshots.
// Defined here, the regions cost a function call. Only the entry points libtesseract refers to
// are defined; a sections construct started through libgomp (none is, in Tesseract 5) is
// forwarded to it.
#define _GNU_SOURCE
#include "CInlineOpenMP.h"

#include <dlfcn.h>
#include <stddef.h>

/// The region the thread is running: a parallel region, or the sections of a `parallel
/// sections` region with the next one to hand out.
struct region {
    int has_sections;
    unsigned next_section;
    unsigned section_count;
    struct region *outer;
};

static __thread struct region *current_region;

void GOMP_parallel(void (*body)(void *), void *data, unsigned threads, unsigned flags) {
    (void)threads;
    (void)flags;
    struct region region = {0, 0, 0, current_region};
    current_region = &region;
    body(data);
    current_region = region.outer;
}

void GOMP_parallel_sections(void (*body)(void *), void *data, unsigned threads, unsigned count, unsigned flags) {
    (void)threads;
    (void)flags;
    struct region region = {1, 1, count, current_region};
    current_region = &region;
    body(data);
    current_region = region.outer;
}

// Sections numbered from 1, then 0 when none is left.
unsigned GOMP_sections_next(void) {
    struct region *region = current_region;
    if (region != NULL && region->has_sections) {
        if (region->next_section > region->section_count) return 0;
        return region->next_section++;
    }
    unsigned (*libgomp_next)(void) = (unsigned (*)(void))dlvsym(RTLD_NEXT, "GOMP_sections_next", "GOMP_1.0");
    return libgomp_next != NULL ? libgomp_next() : 0;
}

void GOMP_sections_end_nowait(void) {
    struct region *region = current_region;
    if (region != NULL && region->has_sections) return;
    void (*libgomp_end)(void) = (void (*)(void))dlvsym(RTLD_NEXT, "GOMP_sections_end_nowait", "GOMP_1.0");
    if (libgomp_end != NULL) libgomp_end();
}
