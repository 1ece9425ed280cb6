// A page encoded as a JPEG file in memory with libjpeg(-turbo): for photographs, which PNG
// stores several times larger.

#include "CImageRendering.h"

// jpeglib.h needs FILE declared first.
#include <stdio.h>
#include <jpeglib.h>
#include <setjmp.h>
#include <stdlib.h>

typedef struct ErrorJump {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
} ErrorJump;

static void jumpBack(j_common_ptr common) {
    longjmp(((ErrorJump *)common->err)->jump, 1);
}

static void stayQuiet(j_common_ptr common, int level) {
    (void)common;
    (void)level;
}

uint8_t *CImageRendering_encode_jpeg(CImageRendering_Page page, int quality, size_t *size) {
    if (page.pixels == NULL || size == NULL || page.width <= 0 || page.height <= 0 || page.stride < page.width * 4
        || quality < 1 || quality > 100) return NULL;
    // libjpeg grows the file's buffer and writes where it is through `output`: kept on the heap,
    // so that after a longjmp back from an error it still says which buffer to free.
    struct Output {
        unsigned char *bytes;
        unsigned long length;
    } *output = calloc(1, sizeof *output);
    if (output == NULL) return NULL;
    struct jpeg_compress_struct compress;
    ErrorJump errors;
    compress.err = jpeg_std_error(&errors.manager);
    errors.manager.error_exit = jumpBack;
    errors.manager.emit_message = stayQuiet;
    if (setjmp(errors.jump)) {
        jpeg_destroy_compress(&compress);
        free(output->bytes);
        free(output);
        return NULL;
    }
    jpeg_create_compress(&compress);
    jpeg_mem_dest(&compress, &output->bytes, &output->length);
    compress.image_width = (JDIMENSION)page.width;
    compress.image_height = (JDIMENSION)page.height;
    compress.input_components = 4;
    compress.in_color_space = JCS_EXT_BGRX;
    jpeg_set_defaults(&compress);
    jpeg_set_quality(&compress, quality, TRUE);
    // Colour at full resolution: coloured letters and thin lines stay sharp.
    for (int component = 0; component < compress.num_components; ++component) {
        compress.comp_info[component].h_samp_factor = 1;
        compress.comp_info[component].v_samp_factor = 1;
    }
    jpeg_start_compress(&compress, TRUE);
    while (compress.next_scanline < compress.image_height) {
        JSAMPROW row = page.pixels + (size_t)compress.next_scanline * page.stride;
        jpeg_write_scanlines(&compress, &row, 1);
    }
    jpeg_finish_compress(&compress);
    jpeg_destroy_compress(&compress);
    uint8_t *bytes = output->bytes;
    *size = output->length;
    free(output);
    return bytes;
}
