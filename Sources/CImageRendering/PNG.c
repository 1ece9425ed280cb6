// A page encoded as a PNG file in memory, with libpng at zlib's fastest setting: a page of
// 20 megapixels takes a fraction of the time Cairo's writer (zlib's default level) takes,
// for files about a fifth larger.

#include "CImageRendering.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct GrowingBuffer {
    uint8_t *bytes;
    size_t size;
    size_t capacity;
    int failed;
} GrowingBuffer;

static void append(png_structp png, png_bytep data, png_size_t length) {
    GrowingBuffer *buffer = png_get_io_ptr(png);
    if (buffer->failed) return;
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity == 0 ? 65536 : buffer->capacity;
        while (capacity < buffer->size + length) capacity *= 2;
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) {
            buffer->failed = 1;
            png_error(png, "out of memory");
        }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->size, data, length);
    buffer->size += length;
}

static void flush(png_structp png) {
    (void)png;
}

uint8_t *CImageRendering_encode_png(CImageRendering_Page page, int photograph, size_t *size) {
    if (page.pixels == NULL || size == NULL || page.width <= 0 || page.height <= 0 || page.stride < page.width * 4) return NULL;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (png == NULL) return NULL;
    png_infop info = png_create_info_struct(png);
    // Volatile: changed between setjmp and a longjmp back to it.
    GrowingBuffer buffer = {NULL, 0, 0, 0};
    uint8_t *volatile row = NULL;
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        free(buffer.bytes);
        return NULL;
    }
    row = malloc((size_t)page.width * 3);
    if (row == NULL) png_error(png, "out of memory");
    png_set_write_fn(png, &buffer, append, flush);
    png_set_IHDR(png, info, (png_uint_32)page.width, (png_uint_32)page.height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 1);
    // Each row as its difference from the row above: on the test photos and screenshots this
    // was quicker than the difference from the pixel to the left, and no larger. On photos,
    // zlib's run-only matching is quicker still for files a few percent larger; on drawn
    // pages it made the files 30-40% larger.
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    if (photograph) png_set_compression_strategy(png, Z_RLE);
    png_write_info(png, info);
    for (int y = 0; y < page.height; ++y) {
        const uint8_t *source = page.pixels + (size_t)y * page.stride;
        for (int x = 0; x < page.width; ++x) {
            row[3 * x] = source[4 * x + 2];
            row[3 * x + 1] = source[4 * x + 1];
            row[3 * x + 2] = source[4 * x];
        }
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    *size = buffer.size;
    return buffer.bytes;
}

void CImageRendering_free(void *bytes) {
    free(bytes);
}
