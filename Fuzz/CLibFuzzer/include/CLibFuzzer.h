#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the program's arguments and `test` as the target; -1 when the program
/// was built without libFuzzer (-sanitize=fuzzer).
int CLibFuzzer_runDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));

/// Tells libFuzzer that this run showed `feature`, a behaviour its coverage of our code cannot
/// see (what a C library that is not instrumented did): an input that shows a new one is kept.
void CLibFuzzer_countFeature(uint64_t feature);

#endif
