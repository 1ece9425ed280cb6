#include "CTesseractMemory.h"

#include <tesseract/baseapi.h>

#include <cstdint>
#include <cstring>
#include <new>

// Tesseract's own declarations of these are not among the installed headers. They are
// declared here as far as this file uses them; the functions named are exported by
// libtesseract.so.5, and the sizes and offsets below were read from Debian 12's build of 5.3.0.
namespace tesseract {
class Classify {
public:
    void EndAdaptiveClassifier();
};
class UNICHARSET {
public:
    UNICHARSET();
};
struct ADAPT_TEMPLATES_STRUCT {
    explicit ADAPT_TEMPLATES_STRUCT(UNICHARSET &unicharset);
    // Its real size in 5.3.0 (a header, then a slot for each of 32767 classes): `new` must
    // allocate all of it, and Tesseract frees it with a sized delete.
    unsigned char storage[0x40008];
};
}  // namespace tesseract

namespace {

/// Where `Classify::AdaptedTemplates` sits in a `Tesseract` object of 5.3.0 (the classifier is
/// its first base, so a `Tesseract *` is also a `Classify *`).
constexpr size_t adaptedTemplatesOffset = 0xa00;

/// The fields of `ADAPT_TEMPLATES_STRUCT` in 5.3.0, in order, for checking that the slot above
/// really holds a freshly loaded set of templates before anything is freed.
struct TemplatesView {
    void *templates;
    int nonEmptyClasses;
    unsigned char permanentClasses;
    void *classes[32767];
};
static_assert(sizeof(TemplatesView) == 0x40008, "the templates' size in 5.3.0");

/// Whether `templates` looks like what a handle builds at loading: class templates present,
/// nothing learnt yet, the first character's class made and the last possible one not. A
/// layout other than the one this file was written for fails this and is left alone.
bool looksFreshlyLoaded(const void *templates) {
    if (reinterpret_cast<uintptr_t>(templates) % alignof(TemplatesView) != 0) return false;
    auto *view = static_cast<const TemplatesView *>(templates);
    return view->templates != nullptr && view->nonEmptyClasses == 0 && view->permanentClasses == 0
        && view->classes[0] != nullptr && view->classes[32766] == nullptr;
}

/// The engine mode Tesseract settles on when the data has no legacy model: LSTM only.
constexpr int lstmOnly = 1;

/// A character set with only Tesseract's three special characters, made once and kept for
/// the process: empty templates are built from it.
tesseract::UNICHARSET &emptyCharacterSet() {
    alignas(64) static unsigned char storage[1 << 16];
    static tesseract::UNICHARSET *made = new (storage) tesseract::UNICHARSET();
    return *made;
}

}  // namespace

extern "C" int CTesseractMemory_dropAdaptiveTemplates(void *handle) {
    if (handle == nullptr || std::strcmp(tesseract::TessBaseAPI::Version(), "5.3.0") != 0) return 0;
    auto *api = static_cast<tesseract::TessBaseAPI *>(handle);
    int mode = -1;
    if (!api->GetIntVariable("tessedit_ocr_engine_mode", &mode) || mode != lstmOnly) return 0;
    auto *object = reinterpret_cast<unsigned char *>(api->tesseract());
    if (object == nullptr) return 0;
    auto *slot = reinterpret_cast<tesseract::ADAPT_TEMPLATES_STRUCT **>(object + adaptedTemplatesOffset);
    if (*slot == nullptr || !looksFreshlyLoaded(*slot)) return 0;
    reinterpret_cast<tesseract::Classify *>(object)->EndAdaptiveClassifier();
    // The LSTM path still looks at the templates (whether any class has been learnt), so an
    // empty set replaces them; Tesseract deletes it with the handle.
    *slot = new tesseract::ADAPT_TEMPLATES_STRUCT(emptyCharacterSet());
    return 1;
}
