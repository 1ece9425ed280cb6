// Filling a box's text pixels from the pixels around them.

#include "CImageRendering.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <opencv2/photo.hpp>

namespace {

/// Above this many pixels a region is filled at a smaller scale and scaled back: Telea's
/// method costs time in proportion to the masked area, and a fill needs no fine detail. (On the
/// Korean wall sign's two large boxes, 40 000 rather than 120 000 took a third of the time, and
/// 25 000 less again; the fills looked alike.)
constexpr double largestFilledArea = 25000;

/// Telea's method looks this far around each pixel at most: its cost grows with the square of
/// the radius, and a wider look blurs the fill without making it better.
constexpr double largestRadius = 5;

bool isInside(const CImageRendering_Page &page, const CImageRendering_Rect &region) {
    return page.pixels != nullptr && region.x >= 0 && region.y >= 0 && region.width > 0 && region.height > 0
        && region.x + region.width <= page.width && region.y + region.height <= page.height
        && page.stride >= page.width * 4;
}

}  // namespace

extern "C" int CImageRendering_inpaint(CImageRendering_Page page, CImageRendering_Rect region, const uint8_t *mask,
                                       double radius) {
    if (!isInside(page, region) || mask == nullptr || radius <= 0) return -1;
    try {
        // A view of the region inside the page: no copy of the page is made.
        cv::Mat view(region.height, region.width, CV_8UC4, page.pixels + region.y * page.stride + region.x * 4,
                     page.stride);
        cv::Mat maskView(region.height, region.width, CV_8UC1, const_cast<uint8_t *>(mask));
        cv::Mat color;
        cv::cvtColor(view, color, cv::COLOR_BGRA2BGR);
        cv::Mat filled;
        double area = double(region.width) * region.height;
        if (area <= largestFilledArea) {
            cv::inpaint(color, maskView, filled, std::min(radius, largestRadius), cv::INPAINT_TELEA);
        } else {
            double scale = std::sqrt(largestFilledArea / area);
            cv::Size small(std::max(1, int(std::lround(region.width * scale))),
                           std::max(1, int(std::lround(region.height * scale))));
            cv::Mat smallColor, smallMask, smallFilled;
            cv::resize(color, smallColor, small, 0, 0, cv::INTER_AREA);
            // Any masked pixel in a cell masks the cell, so no text colour leaks into the fill.
            cv::resize(maskView, smallMask, small, 0, 0, cv::INTER_AREA);
            cv::threshold(smallMask, smallMask, 0, 255, cv::THRESH_BINARY);
            cv::inpaint(smallColor, smallMask, smallFilled, std::clamp(radius * scale, 1.0, largestRadius), cv::INPAINT_TELEA);
            cv::resize(smallFilled, filled, color.size(), 0, 0, cv::INTER_LINEAR);
        }
        for (int row = 0; row < region.height; ++row) {
            const uint8_t *maskRow = mask + size_t(row) * region.width;
            const cv::Vec3b *source = filled.ptr<cv::Vec3b>(row);
            cv::Vec4b *target = view.ptr<cv::Vec4b>(row);
            for (int column = 0; column < region.width; ++column) {
                if (maskRow[column] == 0) continue;
                target[column] = cv::Vec4b(source[column][0], source[column][1], source[column][2], 255);
            }
        }
        return 0;
    } catch (...) {
        return -1;
    }
}
