#ifndef CINLINEOPENMP_H
#define CINLINEOPENMP_H

/// libgomp's entry points for the parallel regions Debian's libtesseract starts, defined again
/// so that every region runs on the thread that starts it, with no team (see InlineOpenMP.c).
/// A program that links this target and libtesseract exports them, and the dynamic linker then
/// binds libtesseract's calls here instead of to libgomp.
void GOMP_parallel(void (*body)(void *), void *data, unsigned threads, unsigned flags);
void GOMP_parallel_sections(void (*body)(void *), void *data, unsigned threads, unsigned count, unsigned flags);
unsigned GOMP_sections_next(void);
void GOMP_sections_end_nowait(void);

#endif
