// Time and size of one picture written as PNG with libpng's filters and zlib's strategies at
// level 1: what chose the settings of Sources/CImageRendering/PNG.c.
//
//     cc -O2 bench/render/png_settings.c -o /tmp/png_settings -lpng16 -lz
//     /tmp/png_settings PICTURE.png
//
// The picture is read once; each setting writes it twice to a counter of bytes, and the
// second write's processor time is printed.

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static double processorSeconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return now.tv_sec + now.tv_nsec * 1e-9;
}

static void countBytes(png_structp png, png_bytep data, png_size_t length) {
    (void)data;
    *(size_t *)png_get_io_ptr(png) += length;
}

static void flushNothing(png_structp png) {
    (void)png;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s PICTURE.png\n", argv[0]);
        return 2;
    }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, argv[1])) {
        fprintf(stderr, "%s: %s\n", argv[1], image.message);
        return 1;
    }
    image.format = PNG_FORMAT_RGB;
    png_bytep pixels = malloc(PNG_IMAGE_SIZE(image));
    if (pixels == NULL || !png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        fprintf(stderr, "%s: cannot decode\n", argv[1]);
        return 1;
    }
    const struct { const char *name; int filter; int strategy; } settings[] = {
        {"left difference (SUB), default strategy", PNG_FILTER_SUB, Z_DEFAULT_STRATEGY},
        {"no filter, default strategy", PNG_FILTER_NONE, Z_DEFAULT_STRATEGY},
        {"row above (UP), default strategy", PNG_FILTER_UP, Z_DEFAULT_STRATEGY},
        {"Paeth, default strategy", PNG_FILTER_PAETH, Z_DEFAULT_STRATEGY},
        {"left difference (SUB), runs (Z_RLE)", PNG_FILTER_SUB, Z_RLE},
        {"row above (UP), runs (Z_RLE)", PNG_FILTER_UP, Z_RLE},
        {"row above (UP), Huffman only", PNG_FILTER_UP, Z_HUFFMAN_ONLY},
    };
    printf("%s: %u x %u\n", argv[1], image.width, image.height);
    for (size_t index = 0; index < sizeof settings / sizeof settings[0]; ++index) {
        for (int pass = 0; pass < 2; ++pass) {
            size_t size = 0;
            double start = processorSeconds();
            png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
            png_infop info = png_create_info_struct(png);
            png_set_write_fn(png, &size, countBytes, flushNothing);
            png_set_IHDR(png, info, image.width, image.height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                         PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
            png_set_compression_level(png, 1);
            png_set_compression_strategy(png, settings[index].strategy);
            png_set_filter(png, PNG_FILTER_TYPE_BASE, settings[index].filter);
            png_write_info(png, info);
            for (png_uint_32 row = 0; row < image.height; ++row) png_write_row(png, pixels + (size_t)row * image.width * 3);
            png_write_end(png, info);
            png_destroy_write_struct(&png, &info);
            if (pass == 1) printf("  %-42s %7.1f ms %8.2f MB\n", settings[index].name, (processorSeconds() - start) * 1e3, size / 1e6);
        }
    }
    free(pixels);
    return 0;
}
