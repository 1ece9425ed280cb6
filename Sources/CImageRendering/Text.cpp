// Text laid out with Pango and drawn with Cairo onto a page's pixels.

#include "CImageRendering.h"

#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>

struct CImageRendering_Layout {
    PangoContext *context;
    PangoLayout *layout;
    bool vertical;
};

namespace {

/// Cairo's view of the caller's page: no copy. RGB24 ignores the fourth byte, which stays opaque.
cairo_surface_t *surfaceOf(CImageRendering_Page page) {
    if (page.pixels == nullptr || page.width <= 0 || page.height <= 0
        || page.stride < cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, page.width)) return nullptr;
    cairo_surface_t *surface = cairo_image_surface_create_for_data(page.pixels, CAIRO_FORMAT_RGB24, page.width,
                                                                   page.height, page.stride);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return nullptr;
    }
    return surface;
}

/// Unhinted metrics: a layout measures the same at every scale and turn it is drawn at.
void useUnhintedMetrics(PangoContext *context) {
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
}

}  // namespace

extern "C" CImageRendering_Layout *CImageRendering_layout_create(const char *text, const char *family, double pixelSize,
                                                                 double wrapWidth, const char *language, int vertical) {
    if (text == nullptr || family == nullptr || pixelSize <= 0) return nullptr;
    // Fontconfig is loaded here, on the drawing thread (at once after the first time), before
    // the thread Pango starts for it would: so the drawing thread's processor time includes it.
    FcInit();
    // The font map is Pango's per-thread default: layouts are made and drawn on one thread.
    PangoFontMap *fontMap = pango_cairo_font_map_get_default();
    PangoContext *context = pango_font_map_create_context(fontMap);
    if (context == nullptr) return nullptr;
    useUnhintedMetrics(context);
    if (language != nullptr) pango_context_set_language(context, pango_language_from_string(language));
    if (vertical) {
        // Upright CJK glyphs in a column, other scripts turned, once the layout is drawn
        // turned a quarter clockwise.
        pango_context_set_base_gravity(context, PANGO_GRAVITY_EAST);
        pango_context_set_gravity_hint(context, PANGO_GRAVITY_HINT_NATURAL);
    }
    PangoLayout *layout = pango_layout_new(context);
    PangoFontDescription *font = pango_font_description_from_string(family);
    pango_font_description_set_absolute_size(font, pixelSize * PANGO_SCALE);
    pango_layout_set_font_description(layout, font);
    pango_font_description_free(font);
    if (wrapWidth > 0) {
        pango_layout_set_width(layout, int(wrapWidth * PANGO_SCALE));
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    }
    pango_layout_set_text(layout, text, -1);
    return new CImageRendering_Layout{context, layout, vertical != 0};
}

extern "C" void CImageRendering_layout_destroy(CImageRendering_Layout *layout) {
    if (layout == nullptr) return;
    g_object_unref(layout->layout);
    g_object_unref(layout->context);
    delete layout;
}

extern "C" void CImageRendering_layout_size(const CImageRendering_Layout *layout, double *width, double *height,
                                            int *lines) {
    PangoRectangle logical;
    pango_layout_get_extents(layout->layout, nullptr, &logical);
    if (width) *width = double(logical.width) / PANGO_SCALE;
    if (height) *height = double(logical.height) / PANGO_SCALE;
    if (lines) *lines = pango_layout_get_line_count(layout->layout);
}

extern "C" void CImageRendering_layout_set_centered(CImageRendering_Layout *layout, int centered) {
    pango_layout_set_alignment(layout->layout, centered ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT);
}

extern "C" int CImageRendering_draw_layout(CImageRendering_Page page, const CImageRendering_Layout *layout,
                                           CImageRendering_Matrix matrix, CImageRendering_Color color,
                                           CImageRendering_Rect clip) {
    if (layout == nullptr) return -1;
    cairo_surface_t *surface = surfaceOf(page);
    if (surface == nullptr) return -1;
    cairo_t *cairo = cairo_create(surface);
    cairo_rectangle(cairo, clip.x, clip.y, clip.width, clip.height);
    cairo_clip(cairo);
    cairo_matrix_t transform;
    cairo_matrix_init(&transform, matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0);
    cairo_transform(cairo, &transform);
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha);
    // Drawn as it was measured: the layout keeps its context's identity matrix, and Cairo maps
    // its glyph outlines through the page matrix. Handing the page matrix to Pango would lay
    // the text out again and load a new font set for every size and turn drawn, each sorted
    // by Fontconfig on threads of its own, which cost more than all the rest of the drawing.
    pango_cairo_show_layout(cairo, layout->layout);
    cairo_status_t status = cairo_status(cairo);
    cairo_destroy(cairo);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
    return status == CAIRO_STATUS_SUCCESS ? 0 : -1;
}

extern "C" int CImageRendering_draw_polygon(CImageRendering_Page page, const double *points, int count,
                                            double lineWidth, CImageRendering_Color color) {
    if (points == nullptr || count < 2) return -1;
    cairo_surface_t *surface = surfaceOf(page);
    if (surface == nullptr) return -1;
    cairo_t *cairo = cairo_create(surface);
    cairo_move_to(cairo, points[0], points[1]);
    for (int index = 1; index < count; ++index) cairo_line_to(cairo, points[2 * index], points[2 * index + 1]);
    cairo_close_path(cairo);
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha);
    if (lineWidth > 0) {
        cairo_set_line_width(cairo, lineWidth);
        cairo_stroke(cairo);
    } else {
        cairo_fill(cairo);
    }
    cairo_status_t status = cairo_status(cairo);
    cairo_destroy(cairo);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
    return status == CAIRO_STATUS_SUCCESS ? 0 : -1;
}
