#ifndef CTESSERACTMEMORY_H
#define CTESSERACTMEMORY_H

#ifdef __cplusplus
extern "C" {
#endif

/// Frees the legacy classifier's adaptive templates of a handle that Tesseract 5.3.0 has loaded
/// for its LSTM engine alone, and puts an empty set in their place.
///
/// Tesseract builds these templates for every character of the loaded data whichever engine
/// runs, and only the legacy engine uses them: `jpn` 34 MB with them, 14 MB without, `chi_sim`
/// 43 and 15. `handle` is a `TessBaseAPI *` right after a successful Init. Nothing is changed
/// (0 returned) unless the library is exactly version 5.3.0, whose object layout this relies
/// on, and the handle runs the LSTM engine only; 1 when the templates were freed.
int CTesseractMemory_dropAdaptiveTemplates(void *handle);

/// Says whether the calling thread is about to load data with no legacy model (nonzero) or is
/// done with it (0). Meanwhile, in a program that exports this module's `LoadUniversal`,
/// Tesseract's table of universal character ambiguities, which only the legacy engine reads,
/// is not parsed.
void CTesseractMemory_setLoadingWithoutLegacyModel(int loading);

/// How many tables of universal ambiguities (one per language of a handle) the calling
/// thread has skipped so far.
long CTesseractMemory_skippedUniversalAmbiguitiesOnThisThread(void);

#ifdef __cplusplus
}
#endif

#endif
