import TextRecognition
import TranslationEngines

/// The process-wide set-up of every C library a run uses, done once before any worker starts.
public enum ProcessSetup {
    /// Tesseract's and Leptonica's global settings and libcurl's global initialisation.
    /// Idempotent; `BatchRun` calls it, and so may any program that uses the engines directly.
    public static func prepare() {
        RecognitionRuntime.prepare()
        TransportRuntime.prepare()
    }
}
