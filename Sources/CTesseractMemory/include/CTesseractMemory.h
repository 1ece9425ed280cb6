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

#ifdef __cplusplus
}
#endif

#endif
