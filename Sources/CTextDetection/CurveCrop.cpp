#include "Boundary.hpp"
#include "CTextDetection.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

using namespace ctextdetection;

namespace {

/// The centreline's points and the distance along it to each.
struct Polyline {
    std::vector<cv::Point2f> points;
    std::vector<float> travelled;

    Polyline(const CTextDetection_Point *given, int32_t count) {
        for (int32_t i = 0; i < count; i++) points.emplace_back(given[i].x, given[i].y);
        travelled.push_back(0);
        for (size_t i = 1; i < points.size(); i++) travelled.push_back(travelled.back() + float(cv::norm(points[i] - points[i - 1])));
    }

    float length() const { return travelled.back(); }
};

bool finite(const CTextDetection_Point *points, int32_t count) {
    for (int32_t i = 0; i < count; i++) {
        if (!std::isfinite(points[i].x) || !std::isfinite(points[i].y)) return false;
    }
    return true;
}

}  // namespace

extern "C" {

void CTextDetection_curveCropSize(const CTextDetection_Point *points, int32_t count, float thickness,
                                  int32_t *width, int32_t *height) {
    float length = points != nullptr && count >= 2 && finite(points, count) ? Polyline(points, count).length() : 1;
    float across = std::isfinite(thickness) ? thickness : 1;
    // Clamped so that a wild curve cannot ask for an absurd buffer.
    *width = int32_t(std::clamp(std::lround(length), 1L, 1L << 15));
    *height = int32_t(std::clamp(std::lround(across), 1L, 1L << 15));
}

CTextDetection_Status CTextDetection_cropAlongCurve(CTextDetection_Image image, const CTextDetection_Point *points,
                                                    int32_t count, float thickness, uint8_t *output, int32_t width,
                                                    int32_t height, size_t outputBytesPerRow, int32_t outputChannels,
                                                    char *message, size_t messageCapacity) {
    std::string problem = imageProblem(image);
    if (problem.empty() && (points == nullptr || output == nullptr)) problem = "null argument";
    if (problem.empty() && (count < 2 || count > 4096)) problem = "a curve needs 2 to 4096 points";
    if (problem.empty() && !finite(points, count)) problem = "curve point is not a number";
    if (problem.empty() && !(std::isfinite(thickness) && thickness > 0)) problem = "curve thickness is not positive";
    if (problem.empty() && (width <= 0 || height <= 0 || width > 1 << 15 || height > 1 << 15)) problem = "bad crop size";
    if (problem.empty() && outputChannels != 1 && outputChannels != 3) problem = "crops have 1 or 3 channels";
    if (problem.empty() && outputBytesPerRow < size_t(width) * size_t(outputChannels)) {
        problem = "output bytes per row shorter than a row";
    }
    if (!problem.empty()) return rejected(message, messageCapacity, problem);
    return guarded(message, messageCapacity, CTextDetection_Status_failed, [&] {
        Polyline line(points, count);
        if (line.length() <= 0) throw std::invalid_argument("curve has no length");
        // Where each crop pixel comes from: column x at its share of the way along the
        // centreline, row y that far above or below it along the line's "up" there.
        cv::Mat sourceX(height, width, CV_32F), sourceY(height, width, CV_32F);
        size_t segment = 1;
        for (int32_t x = 0; x < width; x++) {
            float wanted = (float(x) + 0.5f) / float(width) * line.length();
            while (segment + 1 < line.points.size() && line.travelled[segment] < wanted) segment++;
            cv::Point2f from = line.points[segment - 1], to = line.points[segment];
            float span = line.travelled[segment] - line.travelled[segment - 1];
            float share = span > 0 ? std::clamp((wanted - line.travelled[segment - 1]) / span, 0.0f, 1.0f) : 0;
            cv::Point2f middle = from + (to - from) * share;
            cv::Point2f direction = span > 0 ? (to - from) / span : cv::Point2f(1, 0);
            cv::Point2f up(direction.y, -direction.x);
            for (int32_t y = 0; y < height; y++) {
                float above = (float(height) / 2 - (float(y) + 0.5f)) * thickness / float(height);
                cv::Point2f source = middle + up * above;
                sourceX.at<float>(y, x) = source.x;
                sourceY.at<float>(y, x) = source.y;
            }
        }
        cv::Mat destination(height, width, CV_8UC(outputChannels), output, outputBytesPerRow);
        cv::Mat pixels = wrap(image);
        cv::Mat straightened;
        cv::remap(pixels, straightened, sourceX, sourceY, cv::INTER_LINEAR, cv::BORDER_REPLICATE);
        if (image.channels == outputChannels) {
            straightened.copyTo(destination);
        } else {
            int conversion = image.channels == 1 ? cv::COLOR_GRAY2RGB
                           : image.channels == 4 ? (outputChannels == 1 ? cv::COLOR_RGBA2GRAY : cv::COLOR_RGBA2RGB)
                                                 : cv::COLOR_RGB2GRAY;
            cv::Mat converted;
            cv::cvtColor(straightened, converted, conversion);
            converted.copyTo(destination);
        }
        if (destination.data != output) throw std::logic_error("opencv reallocated the caller's buffer");
        return CTextDetection_Status_ok;
    });
}

}  // extern "C"
