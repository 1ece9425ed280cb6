#ifndef CHEAP_H
#define CHEAP_H

#include <stddef.h>

/// Bytes the C heap has handed out and not had back (glibc's mallinfo2: arenas and mapped blocks).
size_t CHeap_bytes_in_use(void);

/// Gives the C heap's free pages back to the system (glibc's malloc_trim); 1 when some were.
int CHeap_release_free_pages(void);

#endif
