#ifndef CIMAGERENDERING_H
#define CIMAGERENDERING_H

// Drawing on a page's pixels, as a plain C interface: filling masked pixels from their
// surroundings (a blend along rows and columns, or OpenCV's inpainting), laying out and
// drawing text (Pango and Cairo), and encoding PNG and JPEG. No C++, GLib or Cairo type crosses it.
//
// Every page is 8-bit BGRA in memory (Cairo's ARGB32 on a little-endian machine), fully
// opaque, `stride` bytes per row.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A page the caller owns.
typedef struct CImageRendering_Page {
    uint8_t *pixels;
    int width;
    int height;
    int stride;
} CImageRendering_Page;

/// A rectangle in page pixels.
typedef struct CImageRendering_Rect {
    int x;
    int y;
    int width;
    int height;
} CImageRendering_Rect;

/// An affine map from layout coordinates to page coordinates, as Cairo's matrix:
/// x' = xx·x + xy·y + x0, y' = yx·x + yy·y + y0.
typedef struct CImageRendering_Matrix {
    double xx, yx, xy, yy, x0, y0;
} CImageRendering_Matrix;

typedef struct CImageRendering_Color {
    double red, green, blue, alpha;
} CImageRendering_Color;

/// Fills the pixels of `region` whose `mask` byte is non-zero (mask: region.width ×
/// region.height bytes, row by row) from the pixels around them. Pixels outside the mask are
/// left as they are. Returns 0, or -1 when OpenCV failed or an argument is out of range.
int CImageRendering_inpaint(CImageRendering_Page page, CImageRendering_Rect region, const uint8_t *mask, double radius);

/// How much the unmasked pixels of `region` differ from their unmasked neighbours (right and
/// below): the mean of |Δblue| + |Δgreen| + |Δred| over those pairs, into `roughness`. Near 0 for
/// a flat or gently shaded surround, several times more for a photographed one. Returns 0, or
/// -1 when an argument is out of range or no two unmasked pixels touch.
int CImageRendering_surround_roughness(CImageRendering_Page page, CImageRendering_Rect region, const uint8_t *mask,
                                       double *roughness);

/// Fills the masked pixels of `region` with a blend of the nearest unmasked pixels left, right,
/// above and below each, weighted by closeness: for smooth surrounds, where it matches an
/// inpaint at a fraction of the cost. Returns 0; -1 when an argument is out of range or some
/// masked pixel has no unmasked pixel in its row or column (the others are filled).
int CImageRendering_fill_from_surround(CImageRendering_Page page, CImageRendering_Rect region, const uint8_t *mask);

/// A paragraph of text laid out with Pango: one font size, optionally wrapped.
typedef struct CImageRendering_Layout CImageRendering_Layout;

/// Lays out UTF-8 `text` in `family` (Fontconfig falls back for scripts the family lacks) at
/// `pixelSize` pixels; `wrapWidth` > 0 wraps lines at that width (at words, or inside a word
/// longer than a line); `language` (a BCP 47 tag such as "ja" or "zh-tw", or NULL) picks
/// the regional glyphs of Han characters; `vertical` lays out top to bottom, for a layout
/// drawn turned a quarter clockwise. NULL when Pango failed.
CImageRendering_Layout *CImageRendering_layout_create(const char *text, const char *family, double pixelSize,
                                                      double wrapWidth, const char *language, int vertical);
void CImageRendering_layout_destroy(CImageRendering_Layout *layout);

/// The layout's logical size in pixels and its number of lines.
void CImageRendering_layout_size(const CImageRendering_Layout *layout, double *width, double *height, int *lines);

/// Sets the horizontal alignment of the layout's lines within its wrap width: 0 left, 1 centre.
void CImageRendering_layout_set_centered(CImageRendering_Layout *layout, int centered);

/// Draws `layout` onto `page` through `matrix`, in `color`, clipped to `clip`.
int CImageRendering_draw_layout(CImageRendering_Page page, const CImageRendering_Layout *layout,
                                CImageRendering_Matrix matrix, CImageRendering_Color color, CImageRendering_Rect clip);

/// Fills (`lineWidth` 0) or outlines the polygon of `count` points (x, y pairs in `points`).
int CImageRendering_draw_polygon(CImageRendering_Page page, const double *points, int count, double lineWidth,
                                 CImageRendering_Color color);

/// The page as a PNG file (RGB, 8 bits); `photograph` non-zero compresses for speed where a
/// photo's noise leaves little to match. The bytes are freed with CImageRendering_free. NULL
/// when encoding failed.
uint8_t *CImageRendering_encode_png(CImageRendering_Page page, int photograph, size_t *size);
/// The page as a baseline JPEG file at `quality` (1–100), colour not subsampled; the bytes are
/// freed with CImageRendering_free. NULL when encoding failed.
uint8_t *CImageRendering_encode_jpeg(CImageRendering_Page page, int quality, size_t *size);

void CImageRendering_free(void *bytes);

#ifdef __cplusplus
}
#endif

#endif
