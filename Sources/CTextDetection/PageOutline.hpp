// Measuring a page's outline in a smoothed grey image: how much of it shows, and where its
// sides lie to a fraction of a pixel.
#ifndef CTEXTDETECTION_PAGEOUTLINE_HPP
#define CTEXTDETECTION_PAGEOUTLINE_HPP

#include <opencv2/core.hpp>

#include <array>
#include <vector>

namespace ctextdetection {

/// Four corners, clockwise on screen from the top-left.
using Quad = std::array<cv::Point2f, 4>;

/// `points` (four of them) ordered clockwise on screen, starting at the top-left: the first
/// side is the one whose middle is highest in the image.
Quad clockwiseFromTop(const std::vector<cv::Point2f> &points);

/// The share of the outline along which the inside is clearly brighter than the outside,
/// 0 to 1: how much of the page's edge the image shows.
float outlineSupport(const Quad &corners, const cv::Mat &smooth);

/// The corners moved onto lines fitted to the strongest bright-to-dark step across each side.
/// A rough outline from a simplified contour is a pixel or two off, and rounded at the corners
/// by blurring; this puts it on the edge. A corner whose two sides cannot both be fitted, or
/// that would move far, stays where it was.
Quad refineOutline(const Quad &corners, const cv::Mat &smooth);

}  // namespace ctextdetection

#endif
