// Pango's text layout drawn with Cairo; only CImageRendering includes it.
#include <pango/pangocairo.h>
