#include "Boundary.hpp"
#include "BoxExtraction.hpp"
#include "CTextDetection.h"
#include "OnnxRuntime.hpp"

#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>

using namespace ctextdetection;

struct CTextDetection_Detector {
    /// ONNX Runtime's session for the model as shipped, when the detector runs on ONNX Runtime
    /// (any input size); else OpenCV's network below.
    std::unique_ptr<OnnxSession> onnx;
    /// The model file, kept to read the network again (see networkFor).
    std::vector<uchar> model;
    cv::dnn::Net network;
    /// The input size `network` has run with; empty before its first run.
    cv::Size networkInputSize;
};

namespace {

/// The network, ready for inputs of `size`.
///
/// OpenCV 4.6 keeps state from the first input size a network ran with: fed a different size
/// afterwards, this model returns a wrong probability map (weaker, or all zero), with no error.
/// Reading the network again from memory for each new size gives the right map. That costs
/// 20-25 ms plus a slower first run, 40-80 ms of CPU in all at 960 pixels; padding every image
/// to one fixed size instead would cost up to four times the run itself.
cv::dnn::Net &networkFor(CTextDetection_Detector &detector, cv::Size size) {
    if (!detector.networkInputSize.empty() && detector.networkInputSize != size) {
        detector.network = cv::dnn::readNetFromONNX(detector.model);
    }
    detector.networkInputSize = size;
    return detector.network;
}

/// The size of the copy the network sees: at most `maxSide` on the longer side, and at least
/// `enlargedSide` (when not 0), each side a multiple of 32 (the network halves the image five
/// times).
cv::Size networkSize(cv::Size original, int maxSide, int enlargedSide) {
    int longest = std::max(original.width, original.height);
    double scale = longest < enlargedSide ? double(enlargedSide) / longest : std::min(1.0, double(maxSide) / longest);
    auto side = [scale](int length) { return std::max(32, int(std::lround(length * scale / 32)) * 32); };
    return cv::Size(side(original.width), side(original.height));
}

/// The network's input: the image at the network's size, in BGR (PaddleOCR trained on
/// OpenCV's channel order), scaled to -1...1.
cv::Mat inputBlob(const cv::Mat &image, cv::Size size) {
    cv::Mat resized;
    cv::resize(image, resized, size, 0, 0, cv::INTER_LINEAR);
    cv::Mat bgr;
    switch (image.channels()) {
        case 1: cv::cvtColor(resized, bgr, cv::COLOR_GRAY2BGR); break;
        case 4: cv::cvtColor(resized, bgr, cv::COLOR_RGBA2BGR); break;
        default: cv::cvtColor(resized, bgr, cv::COLOR_RGB2BGR); break;
    }
    return cv::dnn::blobFromImage(bgr, 1 / (255 * 0.5), cv::Size(), cv::Scalar(127.5, 127.5, 127.5), false, false);
}

}  // namespace

extern "C" {

CTextDetection_Options CTextDetection_defaultOptions(void) {
    CTextDetection_Options options;
    options.maxSide = 960;
    options.enlargedSide = 0;
    options.binaryThreshold = 0.3f;
    options.boxThreshold = 0.5f;
    options.unclipRatio = 1.6f;
    options.minSide = 3;
    return options;
}

}  // extern "C"

namespace {

/// Loads a detector: on ONNX Runtime from the library at `runtimePath` when it is not null (the
/// model as shipped), else on OpenCV (the model as rewritten for it).
CTextDetection_Status loadDetector(const char *runtimePath, const char *modelPath, CTextDetection_Detector **detector,
                                   char *message, size_t messageCapacity) {
    if (modelPath == nullptr || detector == nullptr) {
        writeMessage(message, messageCapacity, "no model path or no place for the detector");
        return CTextDetection_Status_invalidArgument;
    }
    *detector = nullptr;
    return guarded(message, messageCapacity, CTextDetection_Status_modelUnreadable, [&] {
        auto loaded = std::make_unique<CTextDetection_Detector>();
        std::string problem;
        if (!readFile(modelPath, loaded->model, problem)) {
            writeMessage(message, messageCapacity, problem);
            return CTextDetection_Status_modelUnreadable;
        }
        if (runtimePath != nullptr) {
            loaded->onnx = std::make_unique<OnnxSession>(runtimePath, loaded->model);
            loaded->model.clear();
            loaded->model.shrink_to_fit();
            *detector = loaded.release();
            return CTextDetection_Status_ok;
        }
        loaded->network = cv::dnn::readNetFromONNX(loaded->model);
        if (loaded->network.empty()) {
            writeMessage(message, messageCapacity, "it holds no network");
            return CTextDetection_Status_modelUnreadable;
        }
        *detector = loaded.release();
        return CTextDetection_Status_ok;
    });
}

}  // namespace

extern "C" {

CTextDetection_Status CTextDetection_loadDetector(const char *modelPath, CTextDetection_Detector **detector,
                                                  char *message, size_t messageCapacity) {
    return loadDetector(nullptr, modelPath, detector, message, messageCapacity);
}

CTextDetection_Status CTextDetection_loadDetectorOnOnnxRuntime(const char *runtimePath, const char *modelPath,
                                                               CTextDetection_Detector **detector, char *message,
                                                               size_t messageCapacity) {
    if (runtimePath == nullptr) {
        writeMessage(message, messageCapacity, "no ONNX Runtime library path");
        return CTextDetection_Status_invalidArgument;
    }
    return loadDetector(runtimePath, modelPath, detector, message, messageCapacity);
}

void CTextDetection_freeDetector(CTextDetection_Detector *detector) { delete detector; }

CTextDetection_Status CTextDetection_detect(CTextDetection_Detector *detector, CTextDetection_Image image,
                                            const CTextDetection_Options *options, CTextDetection_Line **lines,
                                            size_t *count, char *message, size_t messageCapacity) {
    if (detector == nullptr || options == nullptr || lines == nullptr || count == nullptr) {
        return rejected(message, messageCapacity, "null argument");
    }
    *lines = nullptr;
    *count = 0;
    std::string problem = imageProblem(image);
    if (!problem.empty()) return rejected(message, messageCapacity, problem);
    if (options->maxSide < 32 || options->maxSide > 8192) {
        return rejected(message, messageCapacity, "maximum side " + std::to_string(options->maxSide) + " outside 32...8192");
    }
    if (options->enlargedSide < 0 || options->enlargedSide > options->maxSide) {
        return rejected(message, messageCapacity,
                        "enlarged side " + std::to_string(options->enlargedSide) + " outside 0..." + std::to_string(options->maxSide));
    }
    return guarded(message, messageCapacity, CTextDetection_Status_failed, [&] {
        cv::Mat pixels = wrap(image);
        cv::Size size = networkSize(pixels.size(), options->maxSide, options->enlargedSide);
        cv::Mat input = inputBlob(pixels, size);
        cv::Mat output;
        std::vector<float> onnxOutput;
        float *map = nullptr;
        if (detector->onnx) {
            // blobFromImage's blob is one continuous 1x3xHxW block.
            detector->onnx->run(input.ptr<float>(), input.total(), {1, 3, size.height, size.width}, onnxOutput,
                                {1, 1, size.height, size.width});
            map = onnxOutput.data();
        } else {
            cv::dnn::Net &network = networkFor(*detector, size);
            network.setInput(input);
            output = network.forward();
            if (output.dims != 4 || output.size[2] != size.height || output.size[3] != size.width) {
                writeMessage(message, messageCapacity, "unexpected output shape from the model");
                return CTextDetection_Status_failed;
            }
            map = output.ptr<float>();
        }
        cv::Mat probability(size.height, size.width, CV_32F, map);
        std::vector<CTextDetection_Line> found = extractLines(probability, pixels.size(), *options);
        if (!found.empty()) {
            *lines = static_cast<CTextDetection_Line *>(std::malloc(found.size() * sizeof(CTextDetection_Line)));
            if (*lines == nullptr) throw std::bad_alloc();
            std::copy(found.begin(), found.end(), *lines);
        }
        *count = found.size();
        return CTextDetection_Status_ok;
    });
}

void CTextDetection_freeLines(CTextDetection_Line *lines) { std::free(lines); }

}  // extern "C"
