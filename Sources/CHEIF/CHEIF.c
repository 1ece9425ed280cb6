#include "CHEIF.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
// Only for types and constants: every function is looked up with dlsym.
#include <libheif/heif.h>

static struct {
    __typeof__(&heif_init) init;
    __typeof__(&heif_context_alloc) context_alloc;
    __typeof__(&heif_context_free) context_free;
    __typeof__(&heif_context_read_from_memory_without_copy) read_from_memory;
    __typeof__(&heif_context_get_primary_image_handle) primary_image_handle;
    __typeof__(&heif_image_handle_get_width) handle_width;
    __typeof__(&heif_image_handle_get_height) handle_height;
    __typeof__(&heif_image_handle_release) handle_release;
    __typeof__(&heif_decode_image) decode_image;
    __typeof__(&heif_image_get_width) image_width;
    __typeof__(&heif_image_get_height) image_height;
    __typeof__(&heif_image_get_plane_readonly) plane;
    __typeof__(&heif_image_release) image_release;
} heif;

static int loaded = 0;
static pthread_once_t loading = PTHREAD_ONCE_INIT;

#define FIND(field, name) ok = ok && (*(void **)&heif.field = dlsym(library, name)) != NULL

static void load(void) {
    void *library = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    int ok = 1;
    FIND(init, "heif_init");
    FIND(context_alloc, "heif_context_alloc");
    FIND(context_free, "heif_context_free");
    FIND(read_from_memory, "heif_context_read_from_memory_without_copy");
    FIND(primary_image_handle, "heif_context_get_primary_image_handle");
    FIND(handle_width, "heif_image_handle_get_width");
    FIND(handle_height, "heif_image_handle_get_height");
    FIND(handle_release, "heif_image_handle_release");
    FIND(decode_image, "heif_decode_image");
    FIND(image_width, "heif_image_get_width");
    FIND(image_height, "heif_image_get_height");
    FIND(plane, "heif_image_get_plane_readonly");
    FIND(image_release, "heif_image_release");
    // heif_init loads the codec plugins (the HEVC decoder among them).
    loaded = ok && heif.init(NULL).code == heif_error_Ok;
}

struct CHEIF_file {
    struct heif_context *context;
    struct heif_image_handle *handle;
    struct heif_image *image;
};

static int failure(struct heif_error error, char *message, size_t messageSize) {
    if (error.subcode == heif_suberror_End_of_data) return CHEIF_TRUNCATED;
    snprintf(message, messageSize, "%s", error.message ? error.message : "unknown error");
    return CHEIF_FAILED;
}

int CHEIF_open(const void *bytes, size_t count, CHEIF_file **file, int *width, int *height,
               char *message, size_t messageSize) {
    pthread_once(&loading, load);
    if (!loaded) return CHEIF_UNAVAILABLE;
    CHEIF_file *opened = calloc(1, sizeof *opened);
    if (!opened || !(opened->context = heif.context_alloc())) {
        free(opened);
        snprintf(message, messageSize, "out of memory");
        return CHEIF_FAILED;
    }
    struct heif_error error = heif.read_from_memory(opened->context, bytes, count, NULL);
    if (error.code == heif_error_Ok) error = heif.primary_image_handle(opened->context, &opened->handle);
    if (error.code != heif_error_Ok) {
        // The error's message may live in the context: it is copied before the context is freed.
        int status = failure(error, message, messageSize);
        CHEIF_close(opened);
        return status;
    }
    *width = heif.handle_width(opened->handle);
    *height = heif.handle_height(opened->handle);
    *file = opened;
    return CHEIF_OK;
}

int CHEIF_decode(CHEIF_file *file, const uint8_t **rgb, int *bytesPerRow, int *width, int *height,
                 char *message, size_t messageSize) {
    struct heif_error error = heif.decode_image(file->handle, &file->image, heif_colorspace_RGB,
                                                heif_chroma_interleaved_RGB, NULL);
    if (error.code != heif_error_Ok) return failure(error, message, messageSize);
    *rgb = heif.plane(file->image, heif_channel_interleaved, bytesPerRow);
    *width = heif.image_width(file->image, heif_channel_interleaved);
    *height = heif.image_height(file->image, heif_channel_interleaved);
    if (!*rgb || *width <= 0 || *height <= 0) {
        snprintf(message, messageSize, "no RGB image decoded");
        return CHEIF_FAILED;
    }
    return CHEIF_OK;
}

void CHEIF_close(CHEIF_file *file) {
    if (!file) return;
    if (file->image) heif.image_release(file->image);
    if (file->handle) heif.handle_release(file->handle);
    if (file->context) heif.context_free(file->context);
    free(file);
}
