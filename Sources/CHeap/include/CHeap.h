#ifndef CHEAP_H
#define CHEAP_H

#include <stddef.h>

/// Bytes the C heap has handed out and not had back (glibc's mallinfo2: arenas and mapped blocks).
size_t CHeap_bytes_in_use(void);

/// Anonymous memory the process has resident (/proc/self/statm: resident less shared pages),
/// in bytes; 0 when it cannot be read.
size_t CHeap_resident_anonymous_bytes(void);

/// Gives the C heap's free pages back to the system (glibc's malloc_trim); 1 when some were.
int CHeap_release_free_pages(void);

/// Makes glibc give every block of at least `bytes` its own mapping, returned to the system
/// when freed, and stops glibc from raising that threshold by itself (mallopt M_MMAP_THRESHOLD);
/// 1 on success.
int CHeap_fix_mmap_threshold(size_t bytes);

#endif
