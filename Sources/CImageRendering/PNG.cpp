// A page encoded as a PNG file in memory.

#include "CImageRendering.h"

#include <cairo.h>
#include <cstdlib>
#include <cstring>

namespace {

struct GrowingBuffer {
    uint8_t *bytes = nullptr;
    size_t size = 0;
    size_t capacity = 0;
};

cairo_status_t append(void *closure, const unsigned char *data, unsigned int length) {
    auto *buffer = static_cast<GrowingBuffer *>(closure);
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity == 0 ? 65536 : buffer->capacity;
        while (capacity < buffer->size + length) capacity *= 2;
        auto *grown = static_cast<uint8_t *>(std::realloc(buffer->bytes, capacity));
        if (grown == nullptr) return CAIRO_STATUS_NO_MEMORY;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    std::memcpy(buffer->bytes + buffer->size, data, length);
    buffer->size += length;
    return CAIRO_STATUS_SUCCESS;
}

}  // namespace

extern "C" uint8_t *CImageRendering_encode_png(CImageRendering_Page page, size_t *size) {
    if (page.pixels == nullptr || size == nullptr || page.width <= 0 || page.height <= 0
        || page.stride < cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, page.width)) return nullptr;
    cairo_surface_t *surface = cairo_image_surface_create_for_data(page.pixels, CAIRO_FORMAT_RGB24, page.width,
                                                                   page.height, page.stride);
    GrowingBuffer buffer;
    cairo_status_t status = cairo_surface_status(surface);
    if (status == CAIRO_STATUS_SUCCESS) status = cairo_surface_write_to_png_stream(surface, append, &buffer);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS) {
        std::free(buffer.bytes);
        return nullptr;
    }
    *size = buffer.size;
    return buffer.bytes;
}

extern "C" void CImageRendering_free(void *bytes) {
    std::free(bytes);
}
