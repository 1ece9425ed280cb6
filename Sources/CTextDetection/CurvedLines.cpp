#include "CurvedLines.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace ctextdetection {

namespace {

/// A region filling more of its rectangle than this is a straight line (or a blob): a band
/// bent enough to matter leaves most of its rectangle empty. Only a cheap first sieve; the
/// bend itself decides.
constexpr double straightFill = 0.6;

/// The centreline is a parabola across the rectangle's long axis: enough for an arc of a
/// third of a circle or so, the rim of a round sign.
struct Parabola {
    double a = 0, b = 0, c = 0;
    double operator()(double u) const { return (a * u + b) * u + c; }
};

/// The least-squares parabola v(u) through the points, or nothing when they do not pin one.
std::optional<Parabola> fitParabola(const std::vector<cv::Point2d> &points) {
    cv::Matx33d normal = cv::Matx33d::zeros();
    cv::Vec3d right(0, 0, 0);
    for (const auto &point : points) {
        double powers[5] = {1, point.x, point.x * point.x, point.x * point.x * point.x, point.x * point.x * point.x * point.x};
        for (int row = 0; row < 3; row++) {
            for (int column = 0; column < 3; column++) normal(row, column) += powers[4 - row - column];
            right[row] += powers[2 - row] * point.y;
        }
    }
    cv::Vec3d solution;
    if (!cv::solve(normal, right, solution, cv::DECOMP_SVD)) return std::nullopt;
    return Parabola{solution[0], solution[1], solution[2]};
}

}  // namespace

std::vector<cv::Point> regionPixels(const std::vector<cv::Point> &contour, cv::Size mapSize) {
    cv::Rect bounds = cv::boundingRect(contour) & cv::Rect(0, 0, mapSize.width, mapSize.height);
    std::vector<cv::Point> inside;
    if (bounds.empty()) return inside;
    cv::Mat mask = cv::Mat::zeros(bounds.size(), CV_8U);
    cv::drawContours(mask, std::vector<std::vector<cv::Point>>{contour}, 0, cv::Scalar(1), cv::FILLED, cv::LINE_8,
                     cv::noArray(), 0, -bounds.tl());
    cv::findNonZero(mask, inside);
    for (auto &pixel : inside) pixel += bounds.tl();
    return inside;
}

std::optional<CurvedLine> curvedLine(const std::vector<cv::Point> &inside, const cv::RotatedRect &box,
                                     const cv::Mat &probability, float unclipRatio, const std::vector<size_t> &pieceEnds) {
    double rectangleArea = double(box.size.width) * box.size.height;
    if (inside.size() < 8 || rectangleArea <= 0 || double(inside.size()) > straightFill * rectangleArea) return std::nullopt;
    double probabilities = 0;
    for (const auto &pixel : inside) probabilities += probability.at<float>(pixel);
    float score = float(probabilities / double(inside.size()));

    // Axes: u along the rectangle's long side, pointing right; v a quarter anticlockwise (up).
    float radians = box.angle * float(CV_PI) / 180;
    cv::Point2d along(std::cos(radians), std::sin(radians));
    if (box.size.height > box.size.width) along = cv::Point2d(-along.y, along.x);
    // Standing curves (vertical text along an arc) are left to the rectangle.
    if (std::fabs(along.y) > std::fabs(along.x)) return std::nullopt;
    if (along.x < 0) along = -along;
    cv::Point2d up(along.y, -along.x);
    cv::Point2d centre(box.center.x, box.center.y);
    std::vector<cv::Point2d> frame;
    frame.reserve(inside.size());
    double first = INFINITY, last = -INFINITY;
    for (const auto &pixel : inside) {
        cv::Point2d offset = cv::Point2d(pixel) - centre;
        frame.emplace_back(offset.dot(along), offset.dot(up));
        first = std::min(first, frame.back().x);
        last = std::max(last, frame.back().x);
    }
    auto parabola = fitParabola(frame);
    if (!parabola || last - first < 1) return std::nullopt;

    // The centreline's length over the text, and so the band's thickness (its area over it).
    constexpr int samples = CTextDetection_curvePointCapacity;
    auto pointAt = [&](double u) { return centre + along * u + up * (*parabola)(u); };
    auto lengthBetween = [&](double from, double to) {
        double length = 0;
        cv::Point2d previous = pointAt(from);
        for (int i = 1; i <= 64; i++) {
            cv::Point2d next = pointAt(from + (to - from) * i / 64);
            length += cv::norm(next - previous);
            previous = next;
        }
        return length;
    };
    double thickness = double(inside.size()) / lengthBetween(first, last);
    // A band, not a blob: the pixels lie close about the curve (a band of even thickness t
    // spreads t / sqrt(12) about its middle).
    auto spreadBetween = [&](size_t from, size_t to) {
        double squares = 0;
        for (size_t i = from; i < to; i++) squares += std::pow(frame[i].y - (*parabola)(frame[i].x), 2);
        return std::sqrt(squares / double(std::max<size_t>(1, to - from)));
    };
    if (spreadBetween(0, frame.size()) > thickness / 2) return std::nullopt;
    // Pieces joined into one line must each be such a band about the curve too: otherwise a
    // short piece beside a long one (a scribble beside a receipt line) rides on the long one's fit.
    size_t pieceStart = 0;
    for (size_t pieceEnd : pieceEnds) {
        if (spreadBetween(pieceStart, std::min(pieceEnd, frame.size())) > thickness / 2) return std::nullopt;
        pieceStart = pieceEnd;
    }
    // Bent: the middle strays from the chord between the ends by the band's thickness or more.
    double bend = 0;
    for (int i = 0; i <= 32; i++) {
        double u = first + (last - first) * i / 32;
        double chord = (*parabola)(first) + ((*parabola)(last) - (*parabola)(first)) * (u - first) / (last - first);
        bend = std::max(bend, std::fabs((*parabola)(u) - chord));
    }
    if (bend < thickness) return std::nullopt;

    // Grown as DB's unclip grows a long box: area * ratio / perimeter, about thickness * ratio / 2.
    double grow = thickness * unclipRatio / 2;
    // The ends move out along the curve by `grow`: found on the parabola by its slope there.
    auto extended = [&](double u, double direction) {
        double slope = 2 * parabola->a * u + parabola->b;
        return u + direction * grow / std::sqrt(1 + slope * slope);
    };
    double start = extended(first, -1), end = extended(last, 1);
    // Evenly spaced along the curve, not along u, so that the straightened line is not stretched.
    std::vector<cv::Point2d> fine;
    for (int i = 0; i <= 256; i++) fine.push_back(pointAt(start + (end - start) * i / 256));
    std::vector<double> travelled{0};
    for (size_t i = 1; i < fine.size(); i++) travelled.push_back(travelled.back() + cv::norm(fine[i] - fine[i - 1]));
    CurvedLine line;
    line.thickness = float(thickness + 2 * grow);
    line.score = score;
    size_t segment = 1;
    for (int i = 0; i < samples; i++) {
        double wanted = travelled.back() * i / (samples - 1);
        while (segment + 1 < fine.size() && travelled[segment] < wanted) segment++;
        double span = travelled[segment] - travelled[segment - 1];
        double share = span > 0 ? std::clamp((wanted - travelled[segment - 1]) / span, 0.0, 1.0) : 0;
        cv::Point2d point = fine[segment - 1] + (fine[segment] - fine[segment - 1]) * share;
        line.centreline.emplace_back(float(point.x), float(point.y));
    }
    return line;
}

namespace {

/// A region as a piece of a possible line: its ends along its long side and its thickness.
struct Piece {
    cv::Point2d ends[2];
    cv::Point2d along;  // from ends[0] to ends[1], unit
    double thickness;
};

/// A region long enough to point somewhere: single letters and blobs are not joined.
std::optional<Piece> piece(const std::vector<cv::Point> &pixels) {
    if (pixels.size() < 8) return std::nullopt;
    cv::RotatedRect box = cv::minAreaRect(pixels);
    double length = std::max(box.size.width, box.size.height), width = std::min(box.size.width, box.size.height);
    if (length < 2 * width) return std::nullopt;
    float radians = box.angle * float(CV_PI) / 180;
    cv::Point2d along(std::cos(radians), std::sin(radians));
    if (box.size.height > box.size.width) along = cv::Point2d(-along.y, along.x);
    cv::Point2d centre(box.center.x, box.center.y);
    Piece found;
    found.ends[0] = centre - along * (length / 2);
    found.ends[1] = centre + along * (length / 2);
    found.along = along;
    found.thickness = double(pixels.size()) / length;
    return found;
}

/// A piece of a broken line is at most this many thicknesses from the next: a word gap, not
/// the space between two signs.
constexpr double joinableGap = 3;
/// Pieces of one line differ in thickness by less than this ratio.
constexpr double thicknessRatio = 1.6;
/// The gap runs within this angle of each piece's own direction (a line carries on; the next
/// line down starts far back). A cosine.
const double carriesOn = std::cos(50 * CV_PI / 180);

/// Whether pieces `a` and `b` lie end to end, close, and of one thickness.
bool endToEnd(const Piece &a, const Piece &b) {
    if (std::max(a.thickness, b.thickness) > thicknessRatio * std::min(a.thickness, b.thickness)) return false;
    double best = INFINITY;
    cv::Point2d gap;
    for (const auto &from : a.ends) {
        for (const auto &to : b.ends) {
            double distance = cv::norm(to - from);
            if (distance < best) best = distance, gap = to - from;
        }
    }
    double thickness = std::max(a.thickness, b.thickness);
    if (best > joinableGap * thickness) return false;
    if (best < thickness) return true;  // touching: no direction to speak of
    gap /= best;
    return std::fabs(gap.dot(a.along)) >= carriesOn && std::fabs(gap.dot(b.along)) >= carriesOn;
}

/// The pixels of `members`, one after the other, and where each member's end.
std::pair<std::vector<cv::Point>, std::vector<size_t>> together(const std::vector<std::vector<cv::Point>> &regions,
                                                                const std::vector<size_t> &members) {
    std::vector<cv::Point> pixels;
    std::vector<size_t> ends;
    for (size_t member : members) {
        pixels.insert(pixels.end(), regions[member].begin(), regions[member].end());
        ends.push_back(pixels.size());
    }
    return {pixels, ends};
}

/// The curved line the pixels of `members` make together, each member a band about it.
std::optional<CurvedLine> curvedTogether(const std::vector<std::vector<cv::Point>> &regions,
                                         const std::vector<size_t> &members, const cv::Mat &probability,
                                         float unclipRatio) {
    auto [pixels, ends] = together(regions, members);
    return curvedLine(pixels, cv::minAreaRect(pixels), probability, unclipRatio, ends);
}

}  // namespace

std::vector<JoinedCurve> joinedCurves(const std::vector<std::vector<cv::Point>> &regions, const cv::Mat &probability,
                                      float unclipRatio) {
    std::vector<std::optional<Piece>> pieces;
    pieces.reserve(regions.size());
    for (const auto &region : regions) pieces.push_back(piece(region));
    // Groups joined pair by pair when the pair's pixels make a curved line (union-find).
    std::vector<size_t> parent(regions.size());
    for (size_t i = 0; i < parent.size(); i++) parent[i] = i;
    auto root = [&](size_t i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    };
    bool joinedAny = false;
    for (size_t i = 0; i < regions.size(); i++) {
        for (size_t j = i + 1; pieces[i] && j < regions.size(); j++) {
            if (!pieces[j] || root(i) == root(j) || !endToEnd(*pieces[i], *pieces[j])) continue;
            if (!curvedTogether(regions, {i, j}, probability, unclipRatio)) continue;
            parent[root(j)] = root(i);
            joinedAny = true;
        }
    }
    std::vector<JoinedCurve> joined;
    if (!joinedAny) return joined;
    std::vector<std::vector<size_t>> groups(regions.size());
    for (size_t i = 0; i < regions.size(); i++) groups[root(i)].push_back(i);
    for (auto &members : groups) {
        if (members.size() < 2) continue;
        // Joined pair by pair, the whole must still be one curved line.
        if (auto line = curvedTogether(regions, members, probability, unclipRatio)) {
            joined.push_back(JoinedCurve{members, *line});
        }
    }
    return joined;
}

}  // namespace ctextdetection
