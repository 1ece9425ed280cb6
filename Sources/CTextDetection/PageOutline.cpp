#include "PageOutline.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace ctextdetection {

namespace {

// How much brighter, in grey levels, the paper must be than what lies just outside it for a
// point of the outline to count as seen. A page on a pale desk steps up by 15-30 levels.
constexpr float minStep = 8;
// How far either side of the outline the step is measured, in pixels.
constexpr float stepReach = 3;
// How far either side of the rough outline the edge is looked for, in pixels.
constexpr int searchBand = 5;
// How far a refined corner may move from the rough one, in pixels.
constexpr float maxCornerMove = 8;

float cross(cv::Point2f a, cv::Point2f b) { return a.x * b.y - a.y * b.x; }

/// The grey level at a point between pixels (bilinear); points outside take the nearest
/// border pixel's.
float sample(const cv::Mat &grey, cv::Point2f point) {
    float x = std::clamp(point.x, 0.0f, float(grey.cols - 1)), y = std::clamp(point.y, 0.0f, float(grey.rows - 1));
    int left = int(x), top = int(y);
    int right = std::min(left + 1, grey.cols - 1), bottom = std::min(top + 1, grey.rows - 1);
    float fx = x - float(left), fy = y - float(top);
    const uchar *upper = grey.ptr<uchar>(top), *lower = grey.ptr<uchar>(bottom);
    float above = float(upper[left]) + fx * float(upper[right] - upper[left]);
    float below = float(lower[left]) + fx * float(lower[right] - lower[left]);
    return above + fy * (below - above);
}

/// The unit vector across the side from `from` to `to` that points into the page: corners run
/// clockwise on screen, so the inside is on the right of each side.
cv::Point2f inward(cv::Point2f from, cv::Point2f to) {
    cv::Point2f along = (to - from) / std::max(1e-6f, float(cv::norm(to - from)));
    return {-along.y, along.x};
}

/// The line (direction, then a point, as cv::fitLine gives it) through the strongest rise
/// towards the inside near each point of a side's middle eight tenths; false when fewer than
/// half of those points show a clear rise.
bool fitSide(cv::Point2f from, cv::Point2f to, const cv::Mat &smooth, cv::Vec4f &line) {
    float length = float(cv::norm(to - from));
    if (length < 10) return false;
    cv::Point2f along = (to - from) / length, in = inward(from, to);
    std::vector<cv::Point2f> points;
    int first = int(length) / 10, last = int(length) - int(length) / 10;
    for (int step = first; step <= last; step++) {
        cv::Point2f base = from + along * float(step);
        float profile[2 * searchBand + 3];
        for (int offset = -searchBand - 1; offset <= searchBand + 1; offset++) {
            profile[offset + searchBand + 1] = sample(smooth, base + in * float(offset));
        }
        float rise[2 * searchBand + 1], best = 0;
        int peak = 0;
        for (int offset = -searchBand; offset <= searchBand; offset++) {
            rise[offset + searchBand] = profile[offset + searchBand + 2] - profile[offset + searchBand];
            if (rise[offset + searchBand] > best) {
                best = rise[offset + searchBand];
                peak = offset;
            }
        }
        if (best < minStep) continue;
        // A parabola through the peak and its neighbours puts the edge between pixels.
        float position = float(peak);
        if (peak > -searchBand && peak < searchBand) {
            float before = rise[peak + searchBand - 1], after = rise[peak + searchBand + 1];
            float curvature = before - 2 * best + after;
            if (curvature < 0) position += 0.5f * (before - after) / curvature;
        }
        points.push_back(base + in * position);
    }
    if (points.size() < size_t(last - first + 1) / 2) return false;
    cv::fitLine(points, line, cv::DIST_HUBER, 0, 0.01, 0.01);
    return true;
}

/// Where two lines (as cv::fitLine gives them) cross; false when they are nearly parallel.
bool intersection(const cv::Vec4f &first, const cv::Vec4f &second, cv::Point2f &point) {
    cv::Point2f d1(first[0], first[1]), p1(first[2], first[3]), d2(second[0], second[1]), p2(second[2], second[3]);
    float denominator = cross(d1, d2);
    if (std::fabs(denominator) < 0.1f) return false;
    point = p1 + d1 * (cross(p2 - p1, d2) / denominator);
    return true;
}

}  // namespace

Quad clockwiseFromTop(const std::vector<cv::Point2f> &points) {
    cv::Point2f centre = (points[0] + points[1] + points[2] + points[3]) / 4;
    Quad corners;
    std::copy(points.begin(), points.begin() + 4, corners.begin());
    // y points down, so a growing atan2 turns clockwise on screen.
    std::sort(corners.begin(), corners.end(), [&](cv::Point2f a, cv::Point2f b) {
        return std::atan2(a.y - centre.y, a.x - centre.x) < std::atan2(b.y - centre.y, b.x - centre.x);
    });
    int top = 0;
    for (int i = 1; i < 4; i++) {
        if (corners[i].y + corners[(i + 1) % 4].y < corners[top].y + corners[(top + 1) % 4].y) top = i;
    }
    std::rotate(corners.begin(), corners.begin() + top, corners.end());
    return corners;
}

float outlineSupport(const Quad &corners, const cv::Mat &smooth) {
    long seen = 0, samples = 0;
    for (int side = 0; side < 4; side++) {
        cv::Point2f from = corners[side], to = corners[(side + 1) % 4], reach = inward(from, to) * stepReach;
        int steps = std::max(1, int(cv::norm(to - from) / 2));
        for (int step = 0; step <= steps; step++) {
            cv::Point2f point = from + (to - from) * (float(step) / float(steps));
            samples++;
            if (sample(smooth, point + reach) - sample(smooth, point - reach) >= minStep) seen++;
        }
    }
    return samples == 0 ? 0 : float(seen) / float(samples);
}

Quad refineOutline(const Quad &corners, const cv::Mat &smooth) {
    cv::Vec4f lines[4];
    bool fitted[4];
    for (int side = 0; side < 4; side++) fitted[side] = fitSide(corners[side], corners[(side + 1) % 4], smooth, lines[side]);
    Quad result = corners;
    for (int corner = 0; corner < 4; corner++) {
        int before = (corner + 3) % 4, after = corner;
        cv::Point2f point;
        if (!fitted[before] || !fitted[after] || !intersection(lines[before], lines[after], point)) continue;
        // A long move means a fitted line followed something else, such as another edge.
        if (cv::norm(point - corners[corner]) <= maxCornerMove) result[corner] = point;
    }
    return result;
}

}  // namespace ctextdetection
