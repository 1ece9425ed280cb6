#ifndef CHEIF_SHIM_H
#define CHEIF_SHIM_H

// libheif: HEIC/HEIF photos (the container parsed, HEVC decoded through its libde265 plugin).
#include <libheif/heif.h>

#endif
