// ONNX Runtime's CPU inference, loaded at run time from the shared library in its PyPI wheel.
//
// The wheel ships the library (libonnxruntime.so.1.32.0) without headers, so the few entry
// points used here are declared by us: the library exports one function, OrtGetApiBase, whose
// GetApi returns a table of function pointers in an order fixed by the C API's ABI (new
// functions are only ever appended). `Slot` names the positions of the ones we call.
#ifndef CTEXTDETECTION_ONNXRUNTIME_HPP
#define CTEXTDETECTION_ONNXRUNTIME_HPP

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ctextdetection {

/// A model loaded into ONNX Runtime, run on the calling thread alone (no thread pool of its
/// own: the caller spreads its work over the cores). Run is thread-safe.
class OnnxSession {
public:
    /// Loads the library at `libraryPath` (once per process; later calls must name the same
    /// file) and the model in `model`. Throws std::runtime_error saying what failed.
    OnnxSession(const std::string &libraryPath, const std::vector<unsigned char> &model);
    ~OnnxSession();
    OnnxSession(const OnnxSession &) = delete;
    OnnxSession &operator=(const OnnxSession &) = delete;

    /// Runs the model's first input, the `count` floats at `input` (shape `inputShape`; read in
    /// place, not copied), and writes its first output, which must have `outputShape`, into
    /// `output`. Throws std::runtime_error.
    void run(const float *input, size_t count, const std::vector<int64_t> &inputShape, std::vector<float> &output,
             const std::vector<int64_t> &outputShape) const;

    /// The library's function table and the process's environment (OnnxRuntime.cpp).
    struct Api;

private:
    const Api *api;
    void *session = nullptr;
    void *memoryInfo = nullptr;
    std::string inputName, outputName;
};

}  // namespace ctextdetection

#endif
