#ifndef CPOPPLER_H
#define CPOPPLER_H

// PDF pages drawn by Poppler's GLib interface into Cairo image surfaces. Poppler, Cairo and GLib
// are loaded with dlopen the first time a PDF comes, so that a process that never reads one
// does not pay for loading them (and the fifty libraries they pull in) at start-up.

#include <stddef.h>
#include <stdint.h>

/// Outcomes of the calls below.
enum {
    CPOPPLER_OK = 0,
    /// Poppler refused the document; the message says why.
    CPOPPLER_FAILED = 1,
    /// The document is encrypted and needs a password.
    CPOPPLER_ENCRYPTED = 2,
    /// Poppler's GLib interface (libpoppler-glib8) could not be loaded.
    CPOPPLER_UNAVAILABLE = 3,
};

typedef struct CPoppler_document CPoppler_document;

/// Opens the PDF in `bytes` (Poppler keeps its own copy).
int CPoppler_open(const void *bytes, size_t count, CPoppler_document **document, char *message, size_t messageSize);

int CPoppler_page_count(CPoppler_document *document);

/// The size of page `index` (0-based) in points, turned as the page says; 0 when it cannot be read.
int CPoppler_page_size(CPoppler_document *document, int index, double *width, double *height);

/// Draws page `index` on white, scaled by `scale`, into `pixels`: Cairo's RGB24 words
/// (0x00RRGGBB), `bytesPerRow` apart. 0 when it could not be drawn.
int CPoppler_render(CPoppler_document *document, int index, double scale, uint32_t *pixels, int width, int height,
                    int bytesPerRow);

void CPoppler_close(CPoppler_document *document);

#endif
