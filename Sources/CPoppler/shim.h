#ifndef CPOPPLER_SHIM_H
#define CPOPPLER_SHIM_H

// Poppler's GLib interface renders PDF pages into Cairo image surfaces.
#include <poppler.h>
#include <cairo.h>

#endif
