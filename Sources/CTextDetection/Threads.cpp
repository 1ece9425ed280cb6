#include "CTextDetection.h"

#include <opencv2/core/utility.hpp>

extern "C" {

void CTextDetection_setThreads(int32_t threads) { cv::setNumThreads(threads); }

}  // extern "C"
