#include "OnnxRuntime.hpp"

#include <dlfcn.h>

#include <mutex>
#include <stdexcept>

namespace ctextdetection {

namespace {

/// Positions in ONNX Runtime's C API function table (its ABI: fixed since API version 1).
enum Slot : size_t {
    getErrorMessage = 2,
    createEnv = 3,
    createSessionFromArray = 8,
    run = 9,
    createSessionOptions = 10,
    setSessionGraphOptimizationLevel = 23,
    setIntraOpNumThreads = 24,
    setInterOpNumThreads = 25,
    sessionGetInputName = 36,
    sessionGetOutputName = 37,
    createTensorWithDataAsOrtValue = 49,
    createCpuMemoryInfo = 69,
    allocatorFree = 76,
    getAllocatorWithDefaultOptions = 78,
    releaseStatus = 93,
    releaseMemoryInfo = 94,
    releaseSession = 95,
    releaseValue = 96,
    releaseSessionOptions = 100,
};

/// The table version asked for: every slot above exists in it, and later libraries still
/// serve it.
constexpr uint32_t apiVersion = 13;

// Values of the C API's enums that are passed here.
constexpr int loggingLevelFatal = 4;
constexpr int graphOptimizationAll = 99;
constexpr int arenaAllocator = 1;
constexpr int memoryTypeDefault = 0;
constexpr int elementTypeFloat = 1;

/// What OrtGetApiBase returns: GetApi(version) and GetVersionString().
struct ApiBase {
    const void *const *(*getApi)(uint32_t version);
    const char *(*getVersionString)();
};

}  // namespace

/// The loaded library's function table and the process's one environment.
struct OnnxSession::Api {
    const void *const *table = nullptr;
    void *environment = nullptr;
    std::string libraryPath;

    template <typename Function>
    Function at(Slot slot) const {
        return reinterpret_cast<Function>(const_cast<void *>(table[slot]));
    }

    /// Throws with the status's message when `status` (an OrtStatus*) is not success (null).
    void check(void *status, const char *what) const {
        if (status == nullptr) return;
        std::string message = at<const char *(*)(const void *)>(getErrorMessage)(status);
        at<void (*)(void *)>(releaseStatus)(status);
        throw std::runtime_error(std::string("onnxruntime: ") + what + ": " + message);
    }
};

namespace {

/// The library and its environment, loaded once for the process (ONNX Runtime allows one
/// environment).
const OnnxSession::Api *loadedApi(const std::string &libraryPath) {
    static std::mutex lock;
    static OnnxSession::Api *api = nullptr;
    std::lock_guard<std::mutex> guard(lock);
    if (api != nullptr) {
        if (api->libraryPath != libraryPath) {
            throw std::runtime_error("onnxruntime: " + api->libraryPath + " is loaded already, not " + libraryPath);
        }
        return api;
    }
    // Never closed: sessions and their threads may live until the process ends.
    void *library = dlopen(libraryPath.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        // dlerror's message starts with the path.
        const char *why = dlerror();
        throw std::runtime_error("onnxruntime: cannot load " + (why ? std::string(why) : libraryPath));
    }
    auto getApiBase = reinterpret_cast<const ApiBase *(*)()>(dlsym(library, "OrtGetApiBase"));
    const ApiBase *base = getApiBase ? getApiBase() : nullptr;
    const void *const *table = base ? base->getApi(apiVersion) : nullptr;
    if (table == nullptr) {
        throw std::runtime_error("onnxruntime: " + libraryPath + " is not an ONNX Runtime library serving API version "
                                 + std::to_string(apiVersion));
    }
    auto loaded = std::make_unique<OnnxSession::Api>();
    loaded->table = table;
    loaded->libraryPath = libraryPath;
    void *environment = nullptr;
    loaded->check(loaded->at<void *(*)(int, const char *, void **)>(createEnv)(loggingLevelFatal, "translate", &environment),
                  "creating its environment");
    loaded->environment = environment;
    api = loaded.release();
    return api;
}

}  // namespace

OnnxSession::OnnxSession(const std::string &libraryPath, const std::vector<unsigned char> &model)
    : api(loadedApi(libraryPath)) {
    void *options = nullptr;
    api->check(api->at<void *(*)(void **)>(createSessionOptions)(&options), "creating session options");
    struct OptionsRelease {
        const Api *api;
        void *options;
        ~OptionsRelease() { api->at<void (*)(void *)>(releaseSessionOptions)(options); }
    } release{api, options};
    // One thread: the caller runs one line per core itself.
    api->check(api->at<void *(*)(void *, int)>(setIntraOpNumThreads)(options, 1), "setting threads");
    api->check(api->at<void *(*)(void *, int)>(setInterOpNumThreads)(options, 1), "setting threads");
    api->check(api->at<void *(*)(void *, int)>(setSessionGraphOptimizationLevel)(options, graphOptimizationAll),
               "setting the optimisation level");
    api->check(api->at<void *(*)(const void *, const void *, size_t, const void *, void **)>(createSessionFromArray)(
                   api->environment, model.data(), model.size(), options, &session),
               "loading the model");
    try {
        api->check(api->at<void *(*)(int, int, void **)>(createCpuMemoryInfo)(arenaAllocator, memoryTypeDefault, &memoryInfo),
                   "describing memory");
        void *allocator = nullptr;
        api->check(api->at<void *(*)(void **)>(getAllocatorWithDefaultOptions)(&allocator), "getting its allocator");
        for (auto [slot, name] : {std::pair{sessionGetInputName, &inputName}, std::pair{sessionGetOutputName, &outputName}}) {
            char *text = nullptr;
            api->check(api->at<void *(*)(const void *, size_t, void *, char **)>(slot)(session, 0, allocator, &text),
                       "reading the model's input and output names");
            *name = text;
            api->check(api->at<void *(*)(void *, void *)>(allocatorFree)(allocator, text), "freeing a name");
        }
    } catch (...) {
        if (memoryInfo) api->at<void (*)(void *)>(releaseMemoryInfo)(memoryInfo);
        api->at<void (*)(void *)>(releaseSession)(session);
        throw;
    }
}

OnnxSession::~OnnxSession() {
    api->at<void (*)(void *)>(releaseMemoryInfo)(memoryInfo);
    api->at<void (*)(void *)>(releaseSession)(session);
}

void OnnxSession::run(const float *input, size_t count, const std::vector<int64_t> &inputShape,
                      std::vector<float> &output, const std::vector<int64_t> &outputShape) const {
    using CreateTensor = void *(*)(const void *, void *, size_t, const int64_t *, size_t, int, void **);
    auto createTensor = api->at<CreateTensor>(createTensorWithDataAsOrtValue);
    auto releaseTensor = api->at<void (*)(void *)>(releaseValue);
    size_t outputCount = 1;
    for (int64_t dimension : outputShape) outputCount *= size_t(dimension);
    // Every value is written by the model: a buffer used before is not cleared.
    output.resize(outputCount);
    void *inputValue = nullptr, *outputValue = nullptr;
    // ONNX Runtime only reads the input; its C API takes a mutable pointer all the same.
    api->check(createTensor(memoryInfo, const_cast<float *>(input), count * sizeof(float), inputShape.data(),
                            inputShape.size(), elementTypeFloat, &inputValue),
               "making the input");
    void *status = createTensor(memoryInfo, output.data(), output.size() * sizeof(float), outputShape.data(),
                                outputShape.size(), elementTypeFloat, &outputValue);
    if (status == nullptr) {
        const char *inputNames[] = {inputName.c_str()}, *outputNames[] = {outputName.c_str()};
        using Run = void *(*)(void *, const void *, const char *const *, const void *const *, size_t, const char *const *,
                              size_t, void **);
        status = api->at<Run>(Slot::run)(session, nullptr, inputNames, &inputValue, 1, outputNames, 1, &outputValue);
    }
    releaseTensor(inputValue);
    if (outputValue) releaseTensor(outputValue);
    api->check(status, "running the model");
}

}  // namespace ctextdetection
