#include "CLibFuzzer.h"

// libFuzzer's driver, for programs with their own main. Weak: a program built without
// libFuzzer still links, and sees the driver missing.
__attribute__((weak)) int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));

int CLibFuzzer_runDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size)) {
    if (!LLVMFuzzerRunDriver) return -1;
    return LLVMFuzzerRunDriver(argc, argv, test);
}

// libFuzzer treats the bytes of this section as coverage counters of its own, cleared before
// each run. Without libFuzzer they are counted and never read.
__attribute__((section("__libfuzzer_extra_counters"), used))
static uint8_t features[1 << 14];

void CLibFuzzer_countFeature(uint64_t feature) {
    uint8_t *counter = &features[feature % sizeof features];
    if (*counter < UINT8_MAX) (*counter)++;
}
