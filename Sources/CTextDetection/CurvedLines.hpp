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

/// The line `contour` traces, when it is a band of even thickness bent along a curve: the
/// middle of the band strays from the straight line between its ends by at least the band's
/// own thickness. `box` is the contour's smallest rectangle; `unclipRatio` grows the line as
/// DB's unclip grows a box. Nothing for a straight line, a blob or a tangle.
std::optional<CurvedLine> curvedLine(const std::vector<cv::Point> &contour, const cv::RotatedRect &box,
                                     const cv::Mat &probability, float unclipRatio);

}  // namespace ctextdetection

#endif
