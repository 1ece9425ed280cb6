#include "Boundary.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>

namespace ctextdetection {

void writeMessage(char *buffer, size_t capacity, const std::string &text) {
    if (buffer == nullptr || capacity == 0) return;
    size_t length = std::min(text.size(), capacity - 1);
    std::memcpy(buffer, text.data(), length);
    buffer[length] = '\0';
}

std::string imageProblem(const CTextDetection_Image &image) {
    if (image.pixels == nullptr) return "no pixels";
    if (image.width <= 0 || image.height <= 0) return "empty image";
    // OpenCV keeps sizes in int; stay well inside it.
    if (image.width > 1 << 15 || image.height > 1 << 15) return "image larger than 32768 pixels on a side";
    if (image.channels != 1 && image.channels != 3 && image.channels != 4) {
        return "unsupported channel count " + std::to_string(image.channels) + " (1, 3 or 4)";
    }
    if (image.bytesPerRow < size_t(image.width) * size_t(image.channels)) return "bytes per row shorter than a row";
    return "";
}

cv::Mat wrap(const CTextDetection_Image &image) {
    // cv::Mat has no const view; nothing below writes through this one.
    return cv::Mat(image.height, image.width, CV_8UC(image.channels), const_cast<uint8_t *>(image.pixels),
                   image.bytesPerRow);
}

CTextDetection_Status rejected(char *message, size_t capacity, const std::string &problem) {
    writeMessage(message, capacity, problem);
    return CTextDetection_Status_invalidArgument;
}

namespace {

std::string lowercased(std::string text) {
    if (!text.empty()) text[0] = char(std::tolower(static_cast<unsigned char>(text[0])));
    return text;
}

}  // namespace

bool readFile(const char *path, std::vector<unsigned char> &bytes, std::string &problem) {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        problem = std::string("cannot open it: ") + lowercased(std::strerror(errno));
        return false;
    }
    // One read of the whole file: byte by byte through a stream iterator took about 40 ms for
    // the 11 MB model, paid by every recognizer loaded.
    file.seekg(0, std::ios::end);
    std::streamoff size = file.tellg();
    file.seekg(0, std::ios::beg);
    if (size < 0) {
        problem = "cannot read it";
        return false;
    }
    bytes.resize(size_t(size));
    file.read(reinterpret_cast<char *>(bytes.data()), size);
    if (file.bad() || file.gcount() != size) {
        problem = "cannot read it";
        return false;
    }
    return true;
}

}  // namespace ctextdetection
