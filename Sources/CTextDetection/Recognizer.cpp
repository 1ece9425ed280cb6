#include "Boundary.hpp"
#include "CTextDetection.h"
#include "ModelInput.hpp"
#include "OnnxRuntime.hpp"

#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <list>
#include <memory>
#include <mutex>
#include <sstream>

using namespace ctextdetection;

struct CTextDetection_Recognizer {
    /// The model file as read; a copy with another declared input width is imported for each
    /// width (OpenCV 4.6 bakes the declared size into some layers).
    std::vector<unsigned char> model;
    ModelInput input;
    /// The height lines are scaled to (the model's declared input height).
    int height = 0;
    /// Class i's text: "" for the CTC blank (0), then the characters, then a space.
    std::vector<std::string> classes;

    struct Network {
        int width;
        cv::dnn::Net net;
        uint64_t lastUse;
        bool inUse;
    };
    /// ONNX Runtime's session for the model as shipped, when the recogniser runs on ONNX Runtime
    /// (one for every width, run by any number of threads); else OpenCV's networks below.
    std::unique_ptr<OnnxSession> onnx;

    /// OpenCV's networks, each run by one thread at a time: a thread takes an idle one of the width
    /// it needs, or imports one. A list, so that a network stays in place while others come
    /// and go.
    std::list<Network> networks;
    uint64_t uses = 0;
    /// ONNX Runtime's output buffers no window is using, kept for the next: one window's output
    /// is its positions times every class (9 MB for a 960-pixel line with PP-OCRv6's 18,710
    /// characters), which a new vector maps and faults in afresh each time.
    std::vector<std::vector<float>> idleOutputs;
    std::mutex lock;
};

namespace {

/// How many networks a recogniser keeps: each holds its own copy of the weights and buffers
/// for its width (25 MB at 128 pixels to 45 MB at 960), and importing one takes 30-60 ms, its
/// first run 20-40 ms more.
constexpr size_t keptNetworks = 8;
/// The line height PaddleOCR's recognisers are trained for, used when a model leaves its input
/// height open (as shipped).
constexpr int shippedHeight = 48;
/// Pixels per output position: the network halves the width three times.
constexpr int positionWidth = 8;
/// Lines are scaled to at most this width before being read in windows (a guard against
/// absurd aspect ratios; a 48-pixel line this wide holds about a thousand characters).
constexpr int longestLine = 48 * 1000;

/// The classes of a character list: blank, one per line, space. Empty on a malformed list.
std::vector<std::string> classesOf(const std::vector<unsigned char> &bytes, std::string &problem) {
    std::vector<std::string> classes{""};
    std::string text(bytes.begin(), bytes.end());
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) {
            problem = "line " + std::to_string(classes.size()) + " of the character list is empty";
            return {};
        }
        classes.push_back(line);
    }
    if (classes.size() == 1) {
        problem = "the character list is empty";
        return {};
    }
    classes.push_back(" ");
    return classes;
}

/// A network for inputs `width` wide, held by one thread until the lease ends: an idle one kept
/// from before, or one imported from the model with that width declared. Two threads reading
/// lines of one width at once use two networks.
class NetworkLease {
public:
    NetworkLease(CTextDetection_Recognizer &recognizer, int width) : recognizer(recognizer) {
        {
            std::lock_guard<std::mutex> guard(recognizer.lock);
            for (auto it = recognizer.networks.begin(); it != recognizer.networks.end(); ++it) {
                if (it->width == width && !it->inUse) {
                    it->inUse = true;
                    leased = it;
                    return;
                }
            }
        }
        // Imported outside the lock: the other thread reads on meanwhile.
        std::vector<unsigned char> model = recognizer.model;
        if (!setInputDimension(model, recognizer.input, 3, width)) {
            throw std::runtime_error("the model's input width cannot be set to " + std::to_string(width));
        }
        cv::dnn::Net net = cv::dnn::readNetFromONNX(model);
        std::lock_guard<std::mutex> guard(recognizer.lock);
        leased = recognizer.networks.insert(recognizer.networks.end(), {width, net, 0, true});
    }

    ~NetworkLease() {
        std::lock_guard<std::mutex> guard(recognizer.lock);
        leased->inUse = false;
        leased->lastUse = ++recognizer.uses;
        // The least recently used idle networks go beyond the number kept.
        while (recognizer.networks.size() > keptNetworks) {
            auto oldest = recognizer.networks.end();
            for (auto it = recognizer.networks.begin(); it != recognizer.networks.end(); ++it) {
                if (!it->inUse && (oldest == recognizer.networks.end() || it->lastUse < oldest->lastUse)) oldest = it;
            }
            if (oldest == recognizer.networks.end()) break;
            recognizer.networks.erase(oldest);
        }
    }

    NetworkLease(const NetworkLease &) = delete;
    NetworkLease &operator=(const NetworkLease &) = delete;

    cv::dnn::Net &net() { return leased->net; }

private:
    CTextDetection_Recognizer &recognizer;
    std::list<CTextDetection_Recognizer::Network>::iterator leased;
};

/// The line in BGR (PaddleOCR reads images with OpenCV's channel order), scaled to `height`
/// keeping its aspect, `width` wide.
cv::Mat scaledLine(const cv::Mat &pixels, int height, int width) {
    cv::Mat bgr;
    switch (pixels.channels()) {
        case 1: cv::cvtColor(pixels, bgr, cv::COLOR_GRAY2BGR); break;
        case 4: cv::cvtColor(pixels, bgr, cv::COLOR_RGBA2BGR); break;
        default: cv::cvtColor(pixels, bgr, cv::COLOR_RGB2BGR); break;
    }
    cv::Mat scaled;
    cv::resize(bgr, scaled, cv::Size(width, height), 0, 0, cv::INTER_LINEAR);
    return scaled;
}

/// The network's input for columns [start, start + length) of `line`: values (x / 255 - 0.5) / 0.5
/// in planes (1x3xHxW), padded with zeros (mid grey) to `width`.
std::vector<float> inputValues(const cv::Mat &line, int start, int length, int width) {
    int height = line.rows;
    std::vector<float> values(size_t(3) * size_t(height) * size_t(width), 0.0f);
    for (int y = 0; y < height; y++) {
        const uchar *row = line.ptr<uchar>(y) + size_t(start) * 3;
        for (int c = 0; c < 3; c++) {
            float *out = values.data() + (size_t(c) * size_t(height) + size_t(y)) * size_t(width);
            for (int x = 0; x < length; x++) out[x] = float(row[x * 3 + c]) / 127.5f - 1.0f;
        }
    }
    return values;
}

/// The best class at each output position of one window, with its probability.
struct Positions {
    std::vector<int> best;
    std::vector<float> probability;
};

/// An output buffer of the recogniser's for one window, given back when the window is read.
class OutputLease {
public:
    explicit OutputLease(CTextDetection_Recognizer &recognizer) : recognizer(recognizer) {
        std::lock_guard<std::mutex> guard(recognizer.lock);
        if (!recognizer.idleOutputs.empty()) {
            buffer = std::move(recognizer.idleOutputs.back());
            recognizer.idleOutputs.pop_back();
        }
    }

    ~OutputLease() {
        std::lock_guard<std::mutex> guard(recognizer.lock);
        recognizer.idleOutputs.push_back(std::move(buffer));
    }

    std::vector<float> buffer;

private:
    CTextDetection_Recognizer &recognizer;
};

Positions runWindow(CTextDetection_Recognizer &recognizer, const cv::Mat &line, int start, int length, int width) {
    std::vector<float> input = inputValues(line, start, length, width);
    int steps = width / positionWidth;
    int classes = int(recognizer.classes.size());
    OutputLease output(recognizer);
    std::vector<float> &onnxOutput = output.buffer;
    cv::Mat opencvOutput;
    const float *probabilities = nullptr;
    if (recognizer.onnx) {
        // ONNX Runtime checks the output's shape against the one given.
        recognizer.onnx->run(input.data(), input.size(), {1, 3, line.rows, width}, onnxOutput, {1, steps, classes});
        probabilities = onnxOutput.data();
    } else {
        NetworkLease lease(recognizer, width);
        int sizes[] = {1, 3, line.rows, width};
        lease.net().setInput(cv::Mat(4, sizes, CV_32F, input.data()));
        opencvOutput = lease.net().forward();
        if (opencvOutput.dims != 3 || opencvOutput.size[0] != 1 || opencvOutput.size[1] != steps) {
            throw std::runtime_error("unexpected output shape from the model");
        }
        if (opencvOutput.size[2] != classes) {
            throw std::runtime_error("the model has " + std::to_string(opencvOutput.size[2]) + " classes, the character list gives "
                                     + std::to_string(classes) + " (" + std::to_string(classes - 2)
                                     + " characters, the blank and a space)");
        }
        probabilities = opencvOutput.ptr<float>();
    }
    Positions positions;
    for (int t = 0; t < steps; t++) {
        const float *row = probabilities + size_t(t) * size_t(classes);
        const float *top = std::max_element(row, row + classes);
        positions.best.push_back(int(top - row));
        positions.probability.push_back(*top);
    }
    return positions;
}

int roundedUp(int value, int step) { return (value + step - 1) / step * step; }

std::string optionsProblem(const CTextDetection_RecognitionOptions &options) {
    auto multiple = [](int value) { return value > 0 && value % positionWidth == 0; };
    if (!multiple(options.widthStep) || options.widthStep > 4096) return "width step must be a multiple of 8 up to 4096";
    if (!multiple(options.minimumWidth) || options.minimumWidth > options.maxWidth) {
        return "minimum width must be a multiple of 8 up to the maximum width";
    }
    if (!multiple(options.maxWidth) || options.maxWidth < 128 || options.maxWidth > 8192) {
        return "maximum width must be a multiple of 8 from 128 to 8192";
    }
    if (options.overlap < 0 || options.overlap % positionWidth != 0 || options.overlap > options.maxWidth / 2) {
        return "overlap must be a multiple of 8 up to half the maximum width";
    }
    return "";
}

}  // namespace

extern "C" {

CTextDetection_RecognitionOptions CTextDetection_defaultRecognitionOptions(void) {
    CTextDetection_RecognitionOptions options;
    options.widthStep = 160;
    options.minimumWidth = 320;
    options.maxWidth = 960;
    options.overlap = 96;
    return options;
}

}  // extern "C"

namespace {

/// Loads a recogniser: on ONNX Runtime from the library at `runtimePath` when it is not null
/// (the model as shipped, any width), else on OpenCV (the model as rewritten for it).
CTextDetection_Status loadRecognizer(const char *runtimePath, const char *modelPath, const char *charactersPath,
                                     CTextDetection_Recognizer **recognizer, char *message, size_t messageCapacity) {
    if (modelPath == nullptr || charactersPath == nullptr || recognizer == nullptr) {
        writeMessage(message, messageCapacity, "no model path, no character list path or no place for the recognizer");
        return CTextDetection_Status_invalidArgument;
    }
    *recognizer = nullptr;
    return guarded(message, messageCapacity, CTextDetection_Status_modelUnreadable, [&] {
        auto loaded = std::make_unique<CTextDetection_Recognizer>();
        std::string problem;
        std::vector<unsigned char> characters;
        if (!readFile(charactersPath, characters, problem)) {
            writeMessage(message, messageCapacity, "character list " + std::string(charactersPath) + ": " + problem);
            return CTextDetection_Status_modelUnreadable;
        }
        loaded->classes = classesOf(characters, problem);
        if (loaded->classes.empty()) {
            writeMessage(message, messageCapacity, problem);
            return CTextDetection_Status_modelUnreadable;
        }
        if (!readFile(modelPath, loaded->model, problem)) {
            writeMessage(message, messageCapacity, problem);
            return CTextDetection_Status_modelUnreadable;
        }
        if (!findModelInput(loaded->model, loaded->input, problem)) {
            writeMessage(message, messageCapacity, problem);
            return CTextDetection_Status_modelUnreadable;
        }
        const auto &dimensions = loaded->input.dimensions;
        if (runtimePath != nullptr) {
            // As shipped, the batch, height and width are left open.
            if (dimensions.size() != 4 || dimensions[1] != 3 || dimensions[2] > 256) {
                writeMessage(message, messageCapacity, "its input is not Nx3xHxW (run scripts/fetch-text-recognizer.py)");
                return CTextDetection_Status_modelUnreadable;
            }
            loaded->height = dimensions[2] > 0 ? int(dimensions[2]) : shippedHeight;
            loaded->onnx = std::make_unique<OnnxSession>(runtimePath, loaded->model);
            loaded->model.clear();
            loaded->model.shrink_to_fit();
            // One run now: it checks the classes against the character list, and the session's
            // first run (slower) is paid here, while the caller loads.
            int width = 320, classes = int(loaded->classes.size());
            std::vector<float> input(size_t(3 * loaded->height * width), 0.0f), output;
            try {
                loaded->onnx->run(input.data(), input.size(), {1, 3, loaded->height, width}, output,
                                  {1, width / positionWidth, classes});
            } catch (const std::exception &) {
                writeMessage(message, messageCapacity, "its output is not " + std::to_string(classes) + " classes at "
                             + std::to_string(width / positionWidth) + " positions for a line " + std::to_string(width)
                             + " wide (the character list gives " + std::to_string(classes - 2)
                             + " characters, the blank and a space)");
                return CTextDetection_Status_modelUnreadable;
            }
            *recognizer = loaded.release();
            return CTextDetection_Status_ok;
        }
        if (dimensions.size() != 4 || dimensions[0] != 1 || dimensions[1] != 3 || dimensions[2] < 8 || dimensions[2] > 256
            || loaded->input.valueLengths[3] != 2) {
            writeMessage(message, messageCapacity,
                         "its input is not 1x3xHxW with a fixed width between 128 and 16383 (run scripts/fetch-text-recognizer.py)");
            return CTextDetection_Status_modelUnreadable;
        }
        loaded->height = int(dimensions[2]);
        // Imported once now, so that a model OpenCV cannot read fails here.
        bool empty = NetworkLease(*loaded, int(dimensions[3])).net().empty();
        if (empty) {
            writeMessage(message, messageCapacity, "it holds no network");
            return CTextDetection_Status_modelUnreadable;
        }
        *recognizer = loaded.release();
        return CTextDetection_Status_ok;
    });
}

}  // namespace

extern "C" {

CTextDetection_Status CTextDetection_loadRecognizer(const char *modelPath, const char *charactersPath,
                                                    CTextDetection_Recognizer **recognizer, char *message,
                                                    size_t messageCapacity) {
    return loadRecognizer(nullptr, modelPath, charactersPath, recognizer, message, messageCapacity);
}

CTextDetection_Status CTextDetection_loadRecognizerOnOnnxRuntime(const char *runtimePath, const char *modelPath,
                                                                 const char *charactersPath,
                                                                 CTextDetection_Recognizer **recognizer, char *message,
                                                                 size_t messageCapacity) {
    if (runtimePath == nullptr) {
        writeMessage(message, messageCapacity, "no ONNX Runtime library path");
        return CTextDetection_Status_invalidArgument;
    }
    return loadRecognizer(runtimePath, modelPath, charactersPath, recognizer, message, messageCapacity);
}

void CTextDetection_freeRecognizer(CTextDetection_Recognizer *recognizer) { delete recognizer; }

CTextDetection_Status CTextDetection_recognize(CTextDetection_Recognizer *recognizer, CTextDetection_Image image,
                                               const CTextDetection_RecognitionOptions *options, char **text,
                                               float *confidence, float *unreadShare, char *message, size_t messageCapacity) {
    if (recognizer == nullptr || options == nullptr || text == nullptr || confidence == nullptr || unreadShare == nullptr) {
        writeMessage(message, messageCapacity, "null argument");
        return CTextDetection_Status_invalidArgument;
    }
    *text = nullptr;
    *confidence = 0;
    *unreadShare = 0;
    std::string problem = imageProblem(image);
    if (problem.empty()) problem = optionsProblem(*options);
    if (!problem.empty()) {
        writeMessage(message, messageCapacity, problem);
        return CTextDetection_Status_invalidArgument;
    }
    return guarded(message, messageCapacity, CTextDetection_Status_failed, [&] {
        int height = recognizer->height;
        // PaddleOCR's width: the aspect kept, rounded up.
        double scaledWidth = std::ceil(double(height) * image.width / image.height);
        int length = int(std::clamp(scaledWidth, 1.0, double(longestLine)));
        cv::Mat line = scaledLine(wrap(image), height, length);

        // Windows of at most maxWidth, each starting a multiple of 8 pixels in, so that output
        // positions line up across windows; position p covers pixels [8p, 8p + 8).
        int stride = options->maxWidth - options->overlap;
        std::vector<int> starts{0};
        while (starts.back() + options->maxWidth < length) starts.push_back(starts.back() + stride);
        int positions = 0;
        std::vector<Positions> windows;
        for (int start : starts) {
            int content = std::min(length - start, options->maxWidth);
            int width = std::min(options->maxWidth,
                                 std::max(options->minimumWidth, roundedUp(roundedUp(content, positionWidth), options->widthStep)));
            windows.push_back(runWindow(*recognizer, line, start, content, width));
            positions = std::max(positions, start / positionWidth + int(windows.back().best.size()));
        }

        // Each position from the window it lies most centrally in; then CTC's greedy decoding.
        std::string decoded;
        double sum = 0;
        int kept = 0, previous = -1;
        // Runs of blanks over the line itself (not the padding after it): a run longer than
        // this many positions is a stretch the model read nothing from.
        int linePositions = std::min(positions, (length + positionWidth - 1) / positionWidth);
        int longestGap = height * 3 / 2 / positionWidth, blankRun = 0, unread = 0;
        for (int p = 0; p < positions; p++) {
            int chosen = -1, margin = -1;
            for (size_t w = 0; w < windows.size(); w++) {
                int first = starts[w] / positionWidth, count = int(windows[w].best.size());
                if (p < first || p >= first + count) continue;
                int distance = std::min(p - first, first + count - 1 - p);
                if (distance > margin) {
                    margin = distance;
                    chosen = int(w);
                }
            }
            int offset = p - starts[size_t(chosen)] / positionWidth;
            int best = windows[size_t(chosen)].best[size_t(offset)];
            if (p < linePositions) {
                blankRun = best == 0 ? blankRun + 1 : 0;
                // The run's positions are counted once it is long enough, and each after that.
                if (blankRun == longestGap + 1) unread += blankRun;
                else if (blankRun > longestGap + 1) unread += 1;
            }
            if (best != 0 && best != previous) {
                decoded += recognizer->classes[size_t(best)];
                sum += windows[size_t(chosen)].probability[size_t(offset)];
                kept++;
            }
            previous = best;
        }
        *text = static_cast<char *>(std::malloc(decoded.size() + 1));
        if (*text == nullptr) throw std::bad_alloc();
        std::memcpy(*text, decoded.c_str(), decoded.size() + 1);
        *confidence = kept > 0 ? float(sum / kept) : 0.0f;
        *unreadShare = linePositions > 0 ? float(unread) / float(linePositions) : 0.0f;
        return CTextDetection_Status_ok;
    });
}

void CTextDetection_freeText(char *text) { std::free(text); }

}  // extern "C"
