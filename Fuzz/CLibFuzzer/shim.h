#ifndef CLIBFUZZER_SHIM_H
#define CLIBFUZZER_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for programs with their own main. Weak: a program built without
/// libFuzzer still links, and sees the driver missing.
__attribute__((weak)) int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));

/// Runs libFuzzer with the program's arguments and `test` as the target; -1 when the program
/// was built without libFuzzer (-sanitize=fuzzer).
static inline int CLibFuzzer_runDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size)) {
    if (!LLVMFuzzerRunDriver) return -1;
    return LLVMFuzzerRunDriver(argc, argv, test);
}

#endif
