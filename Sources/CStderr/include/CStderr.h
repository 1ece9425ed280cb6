#ifndef CSTDERR_H
#define CSTDERR_H

#include <stddef.h>

/// Receives what C code prints to `stderr`, on the printing thread.
typedef void (*CStderr_writer)(const char *bytes, size_t count);

/// Replaces C's `stderr` with an unbuffered stream that hands every write to `writer`; returns 0,
/// or -1 when the stream could not be made (then `stderr` is left as it was).
int CStderr_redirect(CStderr_writer writer);

#endif
