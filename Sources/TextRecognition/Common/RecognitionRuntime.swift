internal import CTesseract
import ImageDecoding
#if canImport(Glibc)
import Glibc
#endif

/// Process-wide Tesseract and Leptonica settings, made once, before any worker starts.
///
/// Both libraries keep these in global variables: setting them from worker threads, each time
/// a handle or decoder is made, raced. A Swift `static let` runs its initialiser exactly once,
/// so `prepare()` may also be called again from anywhere at no cost.
public enum RecognitionRuntime {
    private static let prepared: Void = {
        // Before the workers allocate their page buffers.
        HeapMemory.fixMappedBlockThreshold()
        // Leptonica's message level, and libtiff's, Leptonica's and C's stderr handlers.
        ImageLibraries.prepare()
        // Tesseract's warnings ("Estimating resolution…", load errors) go to this file instead
        // of stderr. `debug_file` is a global parameter: setting it through any handle sets it
        // for all.
        if let handle = TessBaseAPICreate() {
            TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
            TessBaseAPIDelete(handle)
        }
    }()

    /// Applies the settings, once per process.
    public static func prepare() {
        _ = prepared
    }

    /// True when OpenMP's thread limit can be applied, so each handle runs on one thread.
    public static var limitsOpenMP: Bool { OpenMPLimiter.isAvailable }
}
