#ifndef CTIFF_SHIM_H
#define CTIFF_SHIM_H

// libtiff, for its process-wide error and warning handlers (Leptonica decodes TIFF through it).
#include <tiffio.h>

#endif
