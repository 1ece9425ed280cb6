#ifndef CHEIF_H
#define CHEIF_H

// HEIC/HEIF decoding with libheif, loaded with dlopen the first time a HEIF file comes, so that
// a process that never reads one does not pay for loading libheif and its codecs at start-up.

#include <stddef.h>
#include <stdint.h>

/// Outcomes of the calls below.
enum {
    CHEIF_OK = 0,
    /// The data ends before what the file declares.
    CHEIF_TRUNCATED = 1,
    /// libheif refused the file; the message says why.
    CHEIF_FAILED = 2,
    /// libheif (libheif1) could not be loaded.
    CHEIF_UNAVAILABLE = 3,
};

typedef struct CHEIF_file CHEIF_file;

/// Parses the container in `bytes` (not copied: they must outlive the file) and gives the
/// primary image's size, as displayed (after its turn), without decoding any pixel.
int CHEIF_open(const void *bytes, size_t count, CHEIF_file **file, int *width, int *height,
               char *message, size_t messageSize);

/// Decodes the primary image into interleaved 8-bit RGB, which stays valid until `CHEIF_close`.
int CHEIF_decode(CHEIF_file *file, const uint8_t **rgb, int *bytesPerRow, int *width, int *height,
                 char *message, size_t messageSize);

void CHEIF_close(CHEIF_file *file);

#endif
