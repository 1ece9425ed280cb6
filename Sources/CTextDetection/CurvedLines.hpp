// Text set along a curve (the rim of a round plaque, a badge, a stamp): finding its centreline
// in the detector's map, and cutting it out straightened.
#ifndef CTEXTDETECTION_CURVEDLINES_HPP
#define CTEXTDETECTION_CURVEDLINES_HPP

#include "CTextDetection.h"

#include <opencv2/core.hpp>

#include <optional>
#include <vector>

namespace ctextdetection {

/// A curved line in the map's pixels: its centreline, sampled evenly from the start of the
/// text to its end (grown at both ends as the box is), and its thickness, grown the same way.
struct CurvedLine {
    std::vector<cv::Point2f> centreline;
    float thickness;
    /// Mean text probability inside the region itself (not its rectangle, mostly empty).
    float score;
};

/// The pixels inside `contour`, within a map of `mapSize`.
std::vector<cv::Point> regionPixels(const std::vector<cv::Point> &contour, cv::Size mapSize);

/// The line a region of the map (its pixels `inside`, their smallest rectangle `box`) traces,
/// when it is a band of even thickness bent along a curve: the middle of the band strays from the
/// straight line between its ends by at least the band's own thickness. `unclipRatio` grows the
/// line as DB's unclip grows a box. Nothing for a straight line, a blob or a tangle. For
/// regions joined together, `pieceEnds` tells where each one's pixels end in `inside`, and each
/// must be such a band about the curve too.
std::optional<CurvedLine> curvedLine(const std::vector<cv::Point> &inside, const cv::RotatedRect &box,
                                     const cv::Mat &probability, float unclipRatio,
                                     const std::vector<size_t> &pieceEnds = {});

/// A curved line the detector broke at its word gaps, joined again: the regions (by index into
/// `regions`) that together make it, and the line.
struct JoinedCurve {
    std::vector<size_t> members;
    CurvedLine line;
};

/// The curved lines that several of `regions` (each a region's pixels) make together: pieces
/// end to end, a gap of at most a few thicknesses between them, each carrying on the way the
/// other points, whose pixels together pass `curvedLine`. Regions a line lies whole in are not
/// joined to anything: pieces of one straight line never bend, so they stay apart.
std::vector<JoinedCurve> joinedCurves(const std::vector<std::vector<cv::Point>> &regions, const cv::Mat &probability,
                                      float unclipRatio);

}  // namespace ctextdetection

#endif
