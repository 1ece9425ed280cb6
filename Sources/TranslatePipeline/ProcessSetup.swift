#if canImport(Glibc)
import Glibc
#endif
import TextRecognition
import TranslationEngines

/// The process-wide set-up of every C library a run uses, done once before any worker starts.
public enum ProcessSetup {
    private static let prepared: Void = {
        // A closed pipe then fails the write instead of killing the process: an Apertium child
        // that exits before reading its input is an engine error, not the end of the program.
        signal(SIGPIPE, SIG_IGN)
        RecognitionRuntime.prepare()
        TransportRuntime.prepare()
    }()

    /// Ignores SIGPIPE, applies Tesseract's and Leptonica's global settings, and initialises
    /// libcurl. Idempotent; `BatchRun` calls it, and so may any program that uses the engines
    /// directly.
    public static func prepare() {
        _ = prepared
    }
}
