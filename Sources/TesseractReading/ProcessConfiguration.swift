internal import CTesseract
import ImageDecoding
#if canImport(Glibc)
import Glibc
#endif

/// The process-wide settings reading pages needs, which a program asks for once, at the start
/// of `main`, before any thread starts; the library never makes them by itself.
///
/// The settings live in the process and in C libraries' global variables: made from worker
/// threads, each time a handle or a decoder was made, they raced. `apply()` makes them once (a
/// Swift `static let` runs its initialiser exactly once, even when several threads get there
/// together); calling it again, from any thread, does nothing.
///
/// - SIGPIPE is ignored: a closed pipe then fails the write instead of killing the process (an
///   Apertium child that exits before reading its input is an engine error, a reader that stops
///   early, `| head`, ends the run quietly).
/// - Leptonica's own messages are off, and what libtiff, Leptonica, libpng and libjpeg report goes
///   to the decode that caused it, through C's `stderr` replaced by a stream of ours
///   (`ImageDecoding`'s `LibraryMessages`); without this a damaged page's error has no detail and
///   the libraries print to standard error.
/// - Tesseract's warnings ("Estimating resolution…", load errors) go to `/dev/null` instead of
///   standard error.
public enum ProcessConfiguration {
    private static let applied: Void = {
        signal(SIGPIPE, SIG_IGN)
        ImageLibraries.configure()
        // `debug_file` is a global parameter: setting it through any handle sets it for all.
        if let handle = TessBaseAPICreate() {
            TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
            TessBaseAPIDelete(handle)
        }
    }()

    /// Makes the settings, once per process; thread-safe.
    public static func apply() {
        _ = applied
    }

    /// Has glibc's heap map blocks from a fixed size up (`HeapMemory.mappedBlockThreshold`), for
    /// a run whose Tesseract handles are loaded and freed as its pages go (automatic languages);
    /// asked for before its workers start. Left to glibc, the threshold rises to the largest
    /// block freed so far: with automatic languages the fixtures then peaked at 287 MB instead of
    /// 265, while with fixed languages the mixed folder took 3.61 s instead of 3.69 s, a third
    /// fewer page faults, at 202 MB instead of 194
    /// (docs/experiments/reading-speed.md, "glibc's threshold left to it with fixed languages").
    /// Once fixed it stays fixed.
    public static func fixHeapMappingThreshold() {
        HeapMemory.fixMappedBlockThreshold()
    }
}
