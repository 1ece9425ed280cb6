#include "BoxExtraction.hpp"

#include "CurvedLines.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace ctextdetection {

namespace {

// Bounds the work on pathological maps (noise everywhere); PaddleOCR uses the same cap.
constexpr size_t maximumCandidates = 1000;

// Below this ratio of long to short side a box counts as square, and its reading direction
// is taken from the side nearer horizontal rather than the (barely) longer one.
constexpr float squareAspect = 1.2f;

/// Mean probability inside the (unexpanded) box.
float meanInside(const cv::Mat &probability, const cv::Point2f corners[4]) {
    std::vector<cv::Point> polygon;
    for (int i = 0; i < 4; i++) polygon.emplace_back(int(std::lround(corners[i].x)), int(std::lround(corners[i].y)));
    cv::Rect bounds = cv::boundingRect(polygon) & cv::Rect(0, 0, probability.cols, probability.rows);
    if (bounds.empty()) return 0;
    cv::Mat mask = cv::Mat::zeros(bounds.size(), CV_8U);
    for (auto &point : polygon) point -= bounds.tl();
    cv::fillPoly(mask, std::vector<std::vector<cv::Point>>{polygon}, cv::Scalar(1));
    return float(cv::mean(probability(bounds), mask)[0]);
}

/// The box grown on every side by area * ratio / perimeter: DB's "unclip", which undoes the
/// shrinking of text regions the model was trained with.
cv::RotatedRect unclip(const cv::RotatedRect &box, float ratio) {
    float area = box.size.width * box.size.height;
    float perimeter = 2 * (box.size.width + box.size.height);
    float distance = area * ratio / perimeter;
    return cv::RotatedRect(box.center, cv::Size2f(box.size.width + 2 * distance, box.size.height + 2 * distance),
                           box.angle);
}

}  // namespace

void readingOrderCorners(const cv::RotatedRect &box, cv::Point2f corners[4]) {
    float radians = box.angle * float(CV_PI) / 180;
    cv::Point2f alongWidth(std::cos(radians), std::sin(radians));
    cv::Point2f alongHeight(-alongWidth.y, alongWidth.x);
    float width = box.size.width, height = box.size.height;

    bool widthIsLong = width >= height;
    if (std::max(width, height) < squareAspect * std::min(width, height)) {
        widthIsLong = std::fabs(alongWidth.x) >= std::fabs(alongHeight.x);
    }
    cv::Point2f direction = widthIsLong ? alongWidth : alongHeight;
    float length = widthIsLong ? width : height;
    float thickness = widthIsLong ? height : width;
    // A level line points right; a standing line (a vertical one, or a line of a page on its
    // side) reads downwards, whichever side of vertical it leans to, so that the lines of one
    // turned page all come out the same way up.
    bool standing = std::fabs(direction.y) > std::fabs(direction.x);
    if (standing ? direction.y < 0 : direction.x < 0) direction = -direction;
    // "Up" for the line: the direction turned a quarter anticlockwise on screen (y points down).
    cv::Point2f up(direction.y, -direction.x);

    cv::Point2f halfLength = direction * (length / 2), halfThickness = up * (thickness / 2);
    corners[0] = box.center - halfLength + halfThickness;
    corners[1] = box.center + halfLength + halfThickness;
    corners[2] = box.center + halfLength - halfThickness;
    corners[3] = box.center - halfLength - halfThickness;
}

std::vector<CTextDetection_Line> extractLines(const cv::Mat &probability, cv::Size original,
                                              const CTextDetection_Options &options) {
    cv::Mat text = probability > options.binaryThreshold;
    std::vector<std::vector<cv::Point>> contours;
    cv::findContours(text, contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);
    if (contours.size() > maximumCandidates) contours.resize(maximumCandidates);

    float scaleX = float(original.width) / float(probability.cols);
    float scaleY = float(original.height) / float(probability.rows);
    auto toOriginal = [&](cv::Point2f point) {
        return CTextDetection_Point{std::clamp(point.x * scaleX, 0.0f, float(original.width)),
                                    std::clamp(point.y * scaleY, 0.0f, float(original.height))};
    };
    std::vector<CTextDetection_Line> lines;
    auto addCurved = [&](const CurvedLine &curved) {
        if (curved.score < options.boxThreshold) return false;
        CTextDetection_Line line{};
        // The corners hold the whole bent line: the rectangle around its grown band.
        std::vector<cv::Point2f> band;
        for (size_t i = 0; i < curved.centreline.size(); i++) {
            cv::Point2f next = curved.centreline[std::min(i + 1, curved.centreline.size() - 1)];
            cv::Point2f previous = curved.centreline[i == 0 ? 0 : i - 1];
            cv::Point2f direction = next - previous;
            direction /= std::max(1e-6f, float(cv::norm(direction)));
            cv::Point2f up(direction.y, -direction.x);
            band.push_back(curved.centreline[i] + up * (curved.thickness / 2));
            band.push_back(curved.centreline[i] - up * (curved.thickness / 2));
            line.curve[i] = toOriginal(curved.centreline[i]);
        }
        cv::Point2f corners[4];
        readingOrderCorners(cv::minAreaRect(band), corners);
        for (int i = 0; i < 4; i++) line.corners[i] = toOriginal(corners[i]);
        line.curvePoints = int32_t(curved.centreline.size());
        line.curveThickness = curved.thickness * (scaleX + scaleY) / 2;
        line.score = curved.score;
        lines.push_back(line);
        return true;
    };

    std::vector<std::vector<cv::Point>> kept, regions;
    std::vector<cv::RotatedRect> boxes;
    for (const auto &contour : contours) {
        if (contour.size() < 3) continue;
        cv::RotatedRect box = cv::minAreaRect(contour);
        if (std::min(box.size.width, box.size.height) < options.minSide) continue;
        kept.push_back(contour);
        boxes.push_back(box);
        regions.push_back(regionPixels(contour, probability.size()));
    }
    // A line set along a curve that the detector broke at its word gaps, joined again.
    std::vector<bool> joined(kept.size(), false);
    for (const auto &curve : joinedCurves(regions, probability, options.unclipRatio)) {
        if (!addCurved(curve.line)) continue;
        for (size_t member : curve.members) joined[member] = true;
    }
    for (size_t index = 0; index < kept.size(); index++) {
        if (joined[index]) continue;
        if (auto curved = curvedLine(regions[index], boxes[index], probability, options.unclipRatio);
            curved && addCurved(*curved)) {
            continue;
        }
        const cv::RotatedRect &box = boxes[index];
        cv::Point2f corners[4];
        box.points(corners);
        float score = meanInside(probability, corners);
        if (score < options.boxThreshold) continue;

        cv::RotatedRect grown = unclip(box, options.unclipRatio);
        if (std::min(grown.size.width, grown.size.height) < options.minSide + 2) continue;
        readingOrderCorners(grown, corners);
        CTextDetection_Line line{};
        for (int i = 0; i < 4; i++) line.corners[i] = toOriginal(corners[i]);
        line.score = score;
        lines.push_back(line);
    }

    auto centre = [](const CTextDetection_Line &line) {
        cv::Point2f sum(0, 0);
        for (const auto &corner : line.corners) sum += cv::Point2f(corner.x, corner.y);
        return sum / 4;
    };
    std::sort(lines.begin(), lines.end(), [&](const auto &a, const auto &b) {
        cv::Point2f ca = centre(a), cb = centre(b);
        return ca.y != cb.y ? ca.y < cb.y : ca.x < cb.x;
    });
    return lines;
}

}  // namespace ctextdetection
