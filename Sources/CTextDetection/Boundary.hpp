// Helpers for the C boundary: messages, exception barriers, and wrapping caller images.
#ifndef CTEXTDETECTION_BOUNDARY_HPP
#define CTEXTDETECTION_BOUNDARY_HPP

#include "CTextDetection.h"

#include <opencv2/core.hpp>

#include <exception>
#include <new>
#include <string>
#include <vector>

namespace ctextdetection {

/// Copies `text` into the caller's buffer, truncated and NUL-terminated.
void writeMessage(char *buffer, size_t capacity, const std::string &text);

/// Checks an image's fields; returns an empty string when it is usable, else why not.
std::string imageProblem(const CTextDetection_Image &image);

/// A read-only cv::Mat over the caller's pixels (no copy).
cv::Mat wrap(const CTextDetection_Image &image);

/// `problem` written into the caller's buffer, and the status for a bad argument.
CTextDetection_Status rejected(char *message, size_t capacity, const std::string &problem);

/// Reads the file at `path` whole into `bytes`; false, with why in `problem`, when it cannot.
bool readFile(const char *path, std::vector<unsigned char> &bytes, std::string &problem);

/// Runs `body`, turning any exception into `failure` (or outOfMemory) plus a message, so
/// that none crosses into C or Swift.
template <typename Body>
CTextDetection_Status guarded(char *message, size_t capacity, CTextDetection_Status failure, Body body) {
    try {
        return body();
    } catch (const cv::Exception &error) {
        writeMessage(message, capacity, "opencv: " + error.err + " in " + error.func);
        return failure;
    } catch (const std::bad_alloc &) {
        writeMessage(message, capacity, "out of memory");
        return CTextDetection_Status_outOfMemory;
    } catch (const std::exception &error) {
        writeMessage(message, capacity, error.what());
        return failure;
    } catch (...) {
        writeMessage(message, capacity, "unknown error");
        return failure;
    }
}

}  // namespace ctextdetection

#endif
