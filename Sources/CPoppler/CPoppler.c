#include "CPoppler.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
// Only for Cairo's types and constants: every function is looked up with dlsym.
#include <cairo/cairo.h>

// The few GLib and Poppler declarations used, written out: their headers need GLib's include
// paths, and only these are called.
typedef uint32_t GQuark;
typedef struct { GQuark domain; int code; char *message; } GError;
typedef struct GBytes GBytes;
typedef struct PopplerDocument PopplerDocument;
typedef struct PopplerPage PopplerPage;
enum { POPPLER_ERROR_ENCRYPTED = 1 };

static struct {
    GBytes *(*bytes_new)(const void *data, size_t size);
    void (*bytes_unref)(GBytes *bytes);
    void (*error_free)(GError *error);
    void (*object_unref)(void *object);
    GQuark (*error_quark)(void);
    PopplerDocument *(*document_new_from_bytes)(GBytes *bytes, const char *password, GError **error);
    int (*document_get_n_pages)(PopplerDocument *document);
    PopplerPage *(*document_get_page)(PopplerDocument *document, int index);
    void (*page_get_size)(PopplerPage *page, double *width, double *height);
    void (*page_render)(PopplerPage *page, cairo_t *cairo);
    __typeof__(&cairo_image_surface_create_for_data) surface_create_for_data;
    __typeof__(&cairo_surface_status) surface_status;
    __typeof__(&cairo_surface_flush) surface_flush;
    __typeof__(&cairo_surface_destroy) surface_destroy;
    __typeof__(&cairo_create) create;
    __typeof__(&cairo_status) status;
    __typeof__(&cairo_set_source_rgb) set_source_rgb;
    __typeof__(&cairo_paint) paint;
    __typeof__(&cairo_scale) scale;
    __typeof__(&cairo_destroy) destroy;
} lib;

static int loaded = 0;
static pthread_once_t loading = PTHREAD_ONCE_INIT;
/// Poppler's global settings are made by the first document opened: one open at a time.
static pthread_mutex_t opening = PTHREAD_MUTEX_INITIALIZER;

#define FIND(field, name) ok = ok && (*(void **)&lib.field = dlsym(library, name)) != NULL

static void load(void) {
    // dlsym on this handle also finds the symbols of what it depends on: GLib, GObject, Cairo.
    void *library = dlopen("libpoppler-glib.so.8", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    int ok = 1;
    FIND(bytes_new, "g_bytes_new");
    FIND(bytes_unref, "g_bytes_unref");
    FIND(error_free, "g_error_free");
    FIND(object_unref, "g_object_unref");
    FIND(error_quark, "poppler_error_quark");
    FIND(document_new_from_bytes, "poppler_document_new_from_bytes");
    FIND(document_get_n_pages, "poppler_document_get_n_pages");
    FIND(document_get_page, "poppler_document_get_page");
    FIND(page_get_size, "poppler_page_get_size");
    FIND(page_render, "poppler_page_render");
    FIND(surface_create_for_data, "cairo_image_surface_create_for_data");
    FIND(surface_status, "cairo_surface_status");
    FIND(surface_flush, "cairo_surface_flush");
    FIND(surface_destroy, "cairo_surface_destroy");
    FIND(create, "cairo_create");
    FIND(status, "cairo_status");
    FIND(set_source_rgb, "cairo_set_source_rgb");
    FIND(paint, "cairo_paint");
    FIND(scale, "cairo_scale");
    FIND(destroy, "cairo_destroy");
    loaded = ok;
}

struct CPoppler_document {
    PopplerDocument *document;
};

int CPoppler_open(const void *bytes, size_t count, CPoppler_document **document, char *message, size_t messageSize) {
    pthread_once(&loading, load);
    if (!loaded) return CPOPPLER_UNAVAILABLE;
    GError *error = NULL;
    pthread_mutex_lock(&opening);
    GBytes *data = lib.bytes_new(bytes, count);
    PopplerDocument *opened = lib.document_new_from_bytes(data, NULL, &error);
    lib.bytes_unref(data);
    pthread_mutex_unlock(&opening);
    if (!opened) {
        int result = CPOPPLER_FAILED;
        if (error && error->domain == lib.error_quark() && error->code == POPPLER_ERROR_ENCRYPTED) result = CPOPPLER_ENCRYPTED;
        snprintf(message, messageSize, "%s", error && error->message ? error->message : "unknown error");
        if (error) lib.error_free(error);
        return result;
    }
    *document = malloc(sizeof **document);
    if (!*document) {
        lib.object_unref(opened);
        snprintf(message, messageSize, "out of memory");
        return CPOPPLER_FAILED;
    }
    (*document)->document = opened;
    return CPOPPLER_OK;
}

int CPoppler_page_count(CPoppler_document *document) {
    return lib.document_get_n_pages(document->document);
}

int CPoppler_page_size(CPoppler_document *document, int index, double *width, double *height) {
    PopplerPage *page = lib.document_get_page(document->document, index);
    if (!page) return 0;
    lib.page_get_size(page, width, height);
    lib.object_unref(page);
    return 1;
}

int CPoppler_render(CPoppler_document *document, int index, double scale, uint32_t *pixels, int width, int height,
                    int bytesPerRow) {
    PopplerPage *page = lib.document_get_page(document->document, index);
    if (!page) return 0;
    cairo_surface_t *surface = lib.surface_create_for_data((unsigned char *)pixels, CAIRO_FORMAT_RGB24, width, height, bytesPerRow);
    int drawn = 0;
    if (lib.surface_status(surface) == CAIRO_STATUS_SUCCESS) {
        cairo_t *cairo = lib.create(surface);
        // A PDF page is transparent where nothing is drawn.
        lib.set_source_rgb(cairo, 1, 1, 1);
        lib.paint(cairo);
        lib.scale(cairo, scale, scale);
        lib.page_render(page, cairo);
        drawn = lib.status(cairo) == CAIRO_STATUS_SUCCESS;
        lib.destroy(cairo);
        lib.surface_flush(surface);
    }
    lib.surface_destroy(surface);
    lib.object_unref(page);
    return drawn;
}

void CPoppler_close(CPoppler_document *document) {
    if (!document) return;
    lib.object_unref(document->document);
    free(document);
}
