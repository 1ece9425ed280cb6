#include "Boundary.hpp"
#include "CTextDetection.h"
#include "PageOutline.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace ctextdetection;

namespace {

// Canny's thresholds on the smoothed copy. Fixed, because a page's edge is a step of a known
// kind (paper against a darker desk: 15 grey levels or more): thresholds from the median grey
// level missed every page on a pale desk.
constexpr double cannyLow = 20, cannyHigh = 60;

/// A possible page in the reduced copy's pixels.
struct Candidate {
    Quad corners;
    double area = 0;
    float confidence = 0;
};

/// The grey reduced copy, at most `maxSide` on the longer side and never enlarged, and how many
/// original pixels one of its pixels spans across and down.
cv::Mat reducedGrey(const cv::Mat &pixels, int maxSide, cv::Point2f &scale) {
    double factor = std::min(1.0, double(maxSide) / std::max(pixels.cols, pixels.rows));
    cv::Size size(std::max(1, int(std::lround(pixels.cols * factor))), std::max(1, int(std::lround(pixels.rows * factor))));
    // Averaging by a whole factor first takes OpenCV's fast path: a 12-megapixel photo comes
    // down in about 10 ms instead of 35.
    int whole = std::max(pixels.cols, pixels.rows) / maxSide;
    cv::Mat reduced = pixels;
    if (whole >= 2 && std::min(pixels.cols, pixels.rows) >= whole) {
        cv::resize(pixels, reduced, cv::Size(), 1.0 / whole, 1.0 / whole, cv::INTER_AREA);
    } else {
        whole = 1;
    }
    cv::Mat grey;
    switch (pixels.channels()) {
        case 1: grey = reduced; break;
        case 4: cv::cvtColor(reduced, grey, cv::COLOR_RGBA2GRAY); break;
        default: cv::cvtColor(reduced, grey, cv::COLOR_RGB2GRAY); break;
    }
    if (grey.size() != size) cv::resize(grey, grey, size, 0, 0, cv::INTER_AREA);
    scale = cv::Point2f(float(whole) * float(reduced.cols) / float(size.width),
                        float(whole) * float(reduced.rows) / float(size.height));
    return grey;
}

/// The paper as a plain bright area: closing (a maximum, then a minimum) wipes out dark print
/// narrower than the kernel and leaves large bright shapes as they were; a blur takes the
/// grain and noise.
cv::Mat smoothed(const cv::Mat &grey) {
    int kernel = std::max(3, std::max(grey.cols, grey.rows) / 80) | 1;
    cv::Mat smooth;
    cv::morphologyEx(grey, smooth, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_RECT, {kernel, kernel}));
    cv::GaussianBlur(smooth, smooth, {5, 5}, 0);
    return smooth;
}

/// The quadrilateral a contour's convex hull comes down to, if it comes down to four corners.
bool quadrilateralOf(const std::vector<cv::Point> &contour, Quad &corners) {
    std::vector<cv::Point> hull;
    cv::convexHull(contour, hull);
    double perimeter = cv::arcLength(hull, true);
    for (double share : {0.02, 0.03, 0.04, 0.05}) {
        std::vector<cv::Point> approximation;
        cv::approxPolyDP(hull, approximation, share * perimeter, true);
        if (approximation.size() < 4) return false;
        if (approximation.size() == 4) {
            corners = clockwiseFromTop(std::vector<cv::Point2f>(approximation.begin(), approximation.end()));
            return true;
        }
    }
    return false;
}

/// Rough outlines of at least `minArea`: the shapes the edges enclose (each edge line gives
/// one on either side), and the regions brighter than Otsu's threshold, which still hold a
/// page whose edge is too soft for Canny.
std::vector<Quad> roughOutlines(const cv::Mat &smooth, double minArea) {
    std::vector<Quad> quads;
    Quad corners;
    auto collect = [&](const cv::Mat &binary, int mode) {
        std::vector<std::vector<cv::Point>> contours;
        cv::findContours(binary, contours, mode, cv::CHAIN_APPROX_SIMPLE);
        for (const auto &contour : contours) {
            if (cv::contourArea(contour) >= minArea && quadrilateralOf(contour, corners)) quads.push_back(corners);
        }
    };
    cv::Mat edges, bright;
    cv::Canny(smooth, edges, cannyLow, cannyHigh);
    // Joins edge pixels a pixel apart, so that an outline closes.
    cv::dilate(edges, edges, cv::getStructuringElement(cv::MORPH_RECT, {3, 3}));
    collect(edges, cv::RETR_LIST);
    cv::threshold(smooth, bright, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
    collect(bright, cv::RETR_EXTERNAL);
    return quads;
}

/// Whether every side is within a degree of level or plumb.
bool upright(const Quad &corners) {
    const float tolerance = std::tan(float(CV_PI) / 180);
    for (int side = 0; side < 4; side++) {
        cv::Point2f along = corners[(side + 1) % 4] - corners[side];
        float across = std::min(std::fabs(along.x), std::fabs(along.y));
        if (across > tolerance * std::max(std::fabs(along.x), std::fabs(along.y))) return false;
    }
    return true;
}

/// How many corners lie within `margin` of the image's border, or beyond it.
int cornersAtFrame(const Quad &corners, cv::Size size, float margin) {
    int count = 0;
    for (const auto &corner : corners) {
        count += corner.x < margin || corner.y < margin || corner.x > float(size.width - 1) - margin ||
                 corner.y > float(size.height - 1) - margin;
    }
    return count;
}

/// Why `candidate` is not a plausible page, or an empty string when it is; fills in its area
/// and confidence.
std::string judge(Candidate &candidate, const cv::Mat &smooth, const CTextDetection_PageOptions &options) {
    const Quad &corners = candidate.corners;
    candidate.area = cv::contourArea(std::vector<cv::Point2f>(corners.begin(), corners.end()));
    if (candidate.area < options.minAreaShare * double(smooth.total())) return "too small";
    for (int i = 0; i < 4; i++) {
        cv::Point2f after = corners[(i + 1) % 4] - corners[i], before = corners[(i + 3) % 4] - corners[i];
        float sine = after.x * before.y - after.y * before.x;
        if (sine <= 0) return "not convex";
        double angle = std::atan2(sine, after.dot(before)) * 180 / CV_PI;
        if (std::fabs(angle - 90) > options.maxCornerSkew) return "too far from a rectangle";
    }
    // Only a whole page counts. A shape the frame cuts (a page too close to see whole, a panel
    // of a screenshot, the frame itself) may go on beyond it: cropping to it could lose text
    // that the image as it is still has.
    int framed = cornersAtFrame(corners, smooth.size(), 2);
    if (framed == 4) return "the frame itself";
    if (framed > 0) return "cut off by the frame";
    // A screenshot's panel, or a sign seen straight on: nothing to flatten, and cropping to it
    // could lose what lies around it.
    if (upright(corners)) return "an upright rectangle, with nothing to flatten";
    candidate.confidence = outlineSupport(corners, smooth);
    if (candidate.confidence < options.minConfidence) return "not outlined by a bright-to-dark edge";
    return "";
}

std::string optionsProblem(const CTextDetection_PageOptions &options) {
    if (options.maxSide < 32 || options.maxSide > 8192) {
        return "maximum side " + std::to_string(options.maxSide) + " outside 32...8192";
    }
    // Written so that NaN fails too.
    if (!(options.minAreaShare >= 0 && options.minAreaShare <= 1)) return "smallest page share outside 0...1";
    if (!(options.maxCornerSkew >= 0 && options.maxCornerSkew <= 90)) return "corner skew outside 0...90 degrees";
    if (!(options.minConfidence >= 0 && options.minConfidence <= 1)) return "lowest confidence outside 0...1";
    return "";
}

}  // namespace

extern "C" {

CTextDetection_PageOptions CTextDetection_defaultPageOptions(void) {
    CTextDetection_PageOptions options;
    options.maxSide = 800;
    options.minAreaShare = 0.2f;
    options.maxCornerSkew = 40;
    options.minConfidence = 0.8f;
    return options;
}

CTextDetection_Status CTextDetection_findPage(CTextDetection_Image image, const CTextDetection_PageOptions *options,
                                              CTextDetection_Point corners[4], float *confidence, char *message,
                                              size_t messageCapacity) {
    if (options == nullptr || corners == nullptr || confidence == nullptr) {
        writeMessage(message, messageCapacity, "null argument");
        return CTextDetection_Status_invalidArgument;
    }
    std::string problem = imageProblem(image);
    if (problem.empty()) problem = optionsProblem(*options);
    if (!problem.empty()) {
        writeMessage(message, messageCapacity, problem);
        return CTextDetection_Status_invalidArgument;
    }
    return guarded(message, messageCapacity, CTextDetection_Status_failed, [&] {
        cv::Mat pixels = wrap(image);
        cv::Point2f scale;
        cv::Mat grey = reducedGrey(pixels, options->maxSide, scale);
        cv::Mat smooth = smoothed(grey);

        std::vector<Candidate> plausible;
        std::string reason = "no quadrilateral covers " + std::to_string(int(std::lround(options->minAreaShare * 100))) +
                             "% of the image";
        double largestRejected = 0;
        for (const Quad &rough : roughOutlines(smooth, options->minAreaShare * double(grey.total()))) {
            Candidate candidate;
            candidate.corners = refineOutline(rough, smooth);
            std::string why = judge(candidate, smooth, *options);
            if (why.empty()) {
                plausible.push_back(candidate);
            } else if (candidate.area > largestRejected) {
                largestRejected = candidate.area;
                reason = "the largest quadrilateral is " + why;
            }
        }
        if (plausible.empty()) {
            writeMessage(message, messageCapacity, reason);
            return CTextDetection_Status_noPage;
        }
        // The largest page; among outlines of nearly its size (the two sides of one edge line,
        // the bright region's border), the best seen.
        double largest = 0;
        for (const auto &candidate : plausible) largest = std::max(largest, candidate.area);
        const Candidate *best = nullptr;
        for (const auto &candidate : plausible) {
            if (candidate.area >= 0.9 * largest && (best == nullptr || candidate.confidence > best->confidence)) {
                best = &candidate;
            }
        }
        // Reduced pixel (i, j) covers original pixels i * scale to (i + 1) * scale.
        for (int i = 0; i < 4; i++) {
            corners[i].x = (best->corners[i].x + 0.5f) * scale.x - 0.5f;
            corners[i].y = (best->corners[i].y + 0.5f) * scale.y - 0.5f;
        }
        *confidence = best->confidence;
        return CTextDetection_Status_ok;
    });
}

}  // extern "C"
