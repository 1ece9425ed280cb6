#include "Boundary.hpp"
#include "CTextDetection.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>

using namespace ctextdetection;

namespace {

float distance(CTextDetection_Point a, CTextDetection_Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

int colourConversion(int from, int to) {
    if (from == 1) return cv::COLOR_GRAY2RGB;
    if (from == 4) return to == 1 ? cv::COLOR_RGBA2GRAY : cv::COLOR_RGBA2RGB;
    return cv::COLOR_RGB2GRAY;
}

}  // namespace

extern "C" {

void CTextDetection_cropSize(const CTextDetection_Point quad[4], int32_t *width, int32_t *height) {
    float across = std::max(distance(quad[0], quad[1]), distance(quad[3], quad[2]));
    float down = std::max(distance(quad[0], quad[3]), distance(quad[1], quad[2]));
    // Clamped so that a wild quad cannot ask for an absurd buffer.
    *width = int32_t(std::clamp(std::lround(across), 1L, 1L << 15));
    *height = int32_t(std::clamp(std::lround(down), 1L, 1L << 15));
}

CTextDetection_Status CTextDetection_crop(CTextDetection_Image image, const CTextDetection_Point quad[4],
                                          uint8_t *output, int32_t width, int32_t height, size_t outputBytesPerRow,
                                          int32_t outputChannels, char *message, size_t messageCapacity) {
    std::string problem = imageProblem(image);
    if (problem.empty() && (quad == nullptr || output == nullptr)) problem = "null argument";
    if (problem.empty() && (width <= 0 || height <= 0 || width > 1 << 15 || height > 1 << 15)) problem = "bad crop size";
    if (problem.empty() && outputChannels != 1 && outputChannels != 3) problem = "crops have 1 or 3 channels";
    if (problem.empty() && outputBytesPerRow < size_t(width) * size_t(outputChannels)) {
        problem = "output bytes per row shorter than a row";
    }
    for (int i = 0; problem.empty() && quad != nullptr && i < 4; i++) {
        if (!std::isfinite(quad[i].x) || !std::isfinite(quad[i].y)) problem = "quadrilateral corner is not a number";
    }
    if (!problem.empty()) {
        writeMessage(message, messageCapacity, problem);
        return CTextDetection_Status_invalidArgument;
    }
    return guarded(message, messageCapacity, CTextDetection_Status_failed, [&] {
        cv::Point2f source[4], target[4] = {{0, 0}, {float(width), 0}, {float(width), float(height)}, {0, float(height)}};
        for (int i = 0; i < 4; i++) source[i] = cv::Point2f(quad[i].x, quad[i].y);
        cv::Mat transform = cv::getPerspectiveTransform(source, target);

        cv::Mat destination(height, width, CV_8UC(outputChannels), output, outputBytesPerRow);
        cv::Mat pixels = wrap(image);
        if (image.channels == outputChannels) {
            // Writes straight into the caller's buffer: the header already has the right size and type.
            cv::warpPerspective(pixels, destination, transform, destination.size(), cv::INTER_LINEAR,
                                cv::BORDER_REPLICATE);
        } else {
            cv::Mat warped, converted;
            cv::warpPerspective(pixels, warped, transform, destination.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
            cv::cvtColor(warped, converted, colourConversion(image.channels, outputChannels));
            converted.copyTo(destination);
        }
        if (destination.data != output) throw std::logic_error("opencv reallocated the caller's buffer");
        return CTextDetection_Status_ok;
    });
}

}  // extern "C"
