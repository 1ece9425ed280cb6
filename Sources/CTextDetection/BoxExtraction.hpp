// Turning the network's text probability map into text-line quadrilaterals.
#ifndef CTEXTDETECTION_BOXEXTRACTION_HPP
#define CTEXTDETECTION_BOXEXTRACTION_HPP

#include "CTextDetection.h"

#include <opencv2/core.hpp>

#include <vector>

namespace ctextdetection {

/// The lines in `probability` (CV_32F, the reduced copy's size), mapped to an image of
/// `original` size, in reading order.
std::vector<CTextDetection_Line> extractLines(const cv::Mat &probability, cv::Size original,
                                              const CTextDetection_Options &options);

/// The corners of `box` as top-left, top-right, bottom-right, bottom-left along its reading
/// direction: the long side (the one nearer horizontal when the box is almost square),
/// pointing right, or down when vertical.
void readingOrderCorners(const cv::RotatedRect &box, cv::Point2f corners[4]);

}  // namespace ctextdetection

#endif
