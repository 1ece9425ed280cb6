// Filling a box's text pixels on a smooth surround (a screenshot's flat or gently shaded
// background) by blending the nearest unmasked pixels along the row and the column: the same
// result an inpaint gives there, at a small fraction of its cost.

#include "CImageRendering.h"

#include <math.h>
#include <stdlib.h>

static int isInside(CImageRendering_Page page, CImageRendering_Rect region) {
    return page.pixels != NULL && region.x >= 0 && region.y >= 0 && region.width > 0 && region.height > 0
        && region.x + region.width <= page.width && region.y + region.height <= page.height
        && page.stride >= page.width * 4;
}

static uint8_t *pixelAt(CImageRendering_Page page, CImageRendering_Rect region, int x, int y) {
    return page.pixels + (size_t)(region.y + y) * page.stride + (size_t)(region.x + x) * 4;
}

int CImageRendering_surround_roughness(CImageRendering_Page page, CImageRendering_Rect region, const uint8_t *mask,
                                       double *roughness) {
    if (!isInside(page, region) || mask == NULL || roughness == NULL) return -1;
    // Differences between unmasked neighbours, across and down: a smooth surround (flat or a
    // gradient) has almost none, a photographed one has many.
    double sum = 0;
    size_t pairs = 0;
    for (int y = 0; y < region.height; ++y) {
        const uint8_t *maskRow = mask + (size_t)y * region.width;
        const uint8_t *maskBelow = y + 1 < region.height ? maskRow + region.width : NULL;
        for (int x = 0; x < region.width; ++x) {
            if (maskRow[x]) continue;
            const uint8_t *here = pixelAt(page, region, x, y);
            if (x + 1 < region.width && !maskRow[x + 1]) {
                const uint8_t *right = here + 4;
                int difference = abs(here[0] - right[0]) + abs(here[1] - right[1]) + abs(here[2] - right[2]);
                sum += difference > 255 ? 255 : difference;
                ++pairs;
            }
            if (maskBelow != NULL && !maskBelow[x]) {
                const uint8_t *below = here + page.stride;
                int difference = abs(here[0] - below[0]) + abs(here[1] - below[1]) + abs(here[2] - below[2]);
                sum += difference > 255 ? 255 : difference;
                ++pairs;
            }
        }
    }
    if (pairs == 0) return -1;
    *roughness = sum / (double)pairs;
    return 0;
}

int CImageRendering_fill_from_surround(CImageRendering_Page page, CImageRendering_Rect region, const uint8_t *mask) {
    if (!isInside(page, region) || mask == NULL) return -1;
    const int width = region.width, height = region.height;
    // For every pixel, the nearest unmasked row below it in its column (or -1): filled from the
    // bottom up before the rows are visited top down.
    int *below = malloc(sizeof(int) * (size_t)width * (size_t)height);
    int *above = malloc(sizeof(int) * (size_t)width);
    int *right = malloc(sizeof(int) * (size_t)width);
    if (below == NULL || above == NULL || right == NULL) {
        free(below);
        free(above);
        free(right);
        return -1;
    }
    for (int x = 0; x < width; ++x) {
        int next = -1;
        for (int y = height - 1; y >= 0; --y) {
            below[(size_t)y * width + x] = next;
            if (!mask[(size_t)y * width + x]) next = y;
        }
        above[x] = -1;
    }
    int unfilled = 0;
    for (int y = 0; y < height; ++y) {
        const uint8_t *maskRow = mask + (size_t)y * width;
        int next = -1;
        for (int x = width - 1; x >= 0; --x) {
            right[x] = next;
            if (!maskRow[x]) next = x;
        }
        int left = -1;
        for (int x = 0; x < width; ++x) {
            if (!maskRow[x]) {
                left = x;
                above[x] = y;
                continue;
            }
            // Each direction's nearest unmasked pixel, weighted by how close it is: flat
            // surrounds come out flat, and gradients come out as gradients.
            int sources[4][2] = {{left, y}, {right[x], y}, {x, above[x]}, {x, below[(size_t)y * width + x]}};
            double weights = 0, blue = 0, green = 0, red = 0;
            for (int index = 0; index < 4; ++index) {
                int sourceX = sources[index][0], sourceY = sources[index][1];
                if (sourceX < 0 || sourceY < 0) continue;
                double weight = 1.0 / (abs(sourceX - x) + abs(sourceY - y));
                const uint8_t *source = pixelAt(page, region, sourceX, sourceY);
                blue += weight * source[0];
                green += weight * source[1];
                red += weight * source[2];
                weights += weight;
            }
            if (weights == 0) {
                ++unfilled;
                continue;
            }
            uint8_t *target = pixelAt(page, region, x, y);
            target[0] = (uint8_t)lround(blue / weights);
            target[1] = (uint8_t)lround(green / weights);
            target[2] = (uint8_t)lround(red / weights);
            target[3] = 255;
        }
    }
    free(below);
    free(above);
    free(right);
    return unfilled == 0 ? 0 : -1;
}
