#ifndef CLANGUAGEMODEL_H
#define CLANGUAGEMODEL_H

#include <stddef.h>

/// The language-detection model's bytes, compiled into the library (language-model.bin).
const unsigned char *CLanguageModel_bytes(void);
/// How many bytes `CLanguageModel_bytes` returns.
size_t CLanguageModel_byteCount(void);

#endif
