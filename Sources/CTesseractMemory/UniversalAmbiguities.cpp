// Tesseract's universal ambiguities, skipped while a handle loads data that has no legacy model.
//
// Every handle parses a table of character confusions built into the library
// (`UnicharAmbigs::LoadUniversal`), whatever engine it will run: most of a load (`chi_sim` 93 ms
// with it, 34 ms without; `eng` 73 and 16), and only the legacy engine's word checks read it.
// A program that exports this definition (`translate` does, Package.swift) has libtesseract's
// call bind here; the table is then left empty while the loading thread has said its data lacks
// a legacy model, and loaded by Tesseract's own code otherwise.
#include "CTesseractMemory.h"

#include <dlfcn.h>

namespace tesseract {
class UNICHARSET;
class UnicharAmbigs {
public:
    void LoadUniversal(const UNICHARSET &encoderSet, UNICHARSET *unicharset);
};
}  // namespace tesseract

namespace {
thread_local bool loadingWithoutLegacyModel = false;
thread_local long skippedTables = 0;

using LoadUniversalFunction = void (*)(tesseract::UnicharAmbigs *, const tesseract::UNICHARSET &, tesseract::UNICHARSET *);

/// Tesseract's own `LoadUniversal`, the next definition after this program's.
LoadUniversalFunction tesseractsLoadUniversal() {
    static LoadUniversalFunction function = reinterpret_cast<LoadUniversalFunction>(
        dlsym(RTLD_NEXT, "_ZN9tesseract13UnicharAmbigs13LoadUniversalERKNS_10UNICHARSETEPS1_"));
    return function;
}
}  // namespace

void tesseract::UnicharAmbigs::LoadUniversal(const UNICHARSET &encoderSet, UNICHARSET *unicharset) {
    if (loadingWithoutLegacyModel) {
        skippedTables += 1;
        return;
    }
    if (LoadUniversalFunction function = tesseractsLoadUniversal()) function(this, encoderSet, unicharset);
}

extern "C" void CTesseractMemory_setLoadingWithoutLegacyModel(int loading) {
    loadingWithoutLegacyModel = loading != 0;
}

extern "C" long CTesseractMemory_skippedUniversalAmbiguitiesOnThisThread(void) {
    return skippedTables;
}
