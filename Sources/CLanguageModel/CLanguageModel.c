// Embeds the language-detection model as it is, without an encoding step: the toolchain's
// clang supports C23 #embed. scripts/langid/generate_model.py writes the file, its checksum
// and the Debian package versions it was built from.
#include "CLanguageModel.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char model[] = {
#embed "language-model.bin"
};

const unsigned char *CLanguageModel_bytes(void) { return model; }

size_t CLanguageModel_byteCount(void) { return sizeof(model); }
