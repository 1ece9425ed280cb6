import TextDetection

/// What reading says once to the person running the program: a model that is missing or
/// cannot be used, and what is done instead. The command line says it in its own language
/// (its message catalogue); `description` is the English sentence, for other callers.
public enum RecognitionNotice: Hashable, Sendable, CustomStringConvertible {
    /// A photo came and the text-line detector's model is not installed.
    case detectorModelMissing
    /// The detector's model is there but cannot be loaded.
    case detectorUnusable(model: String, reason: String)
    /// The text-line recognizer cannot be loaded: photo lines are read by Tesseract alone.
    case recognizerUnusable
    /// ONNX Runtime is installed but cannot run the photo models, which then run on OpenCV (the
    /// same notice for the detector and the recognizer, so that it is said once).
    case onnxRuntimeUnusable(reason: String)
    /// The photo orientation model is there but cannot be loaded: photos on their side are
    /// turned by their lines alone.
    case orientationModelUnusable(model: String, reason: String)

    public var description: String {
        switch self {
        case .detectorModelMissing:
            "photos are read without the text-line detector, whose model is not installed "
                + "(to fix: scripts/fetch-text-detector.py, or set \(TextDetectorModel.environmentVariable) to the model file)"
        case .detectorUnusable(let model, let reason): "the text-line detector cannot be used: \(model): \(reason)"
        case .recognizerUnusable: "the text-line recognizer cannot be loaded; photo lines are read by Tesseract alone"
        case .onnxRuntimeUnusable(let reason): "photo models run on OpenCV, more slowly: ONNX Runtime cannot run them (\(reason))"
        case .orientationModelUnusable(let model, let reason):
            "photos on their side are turned by their lines alone, more slowly: the orientation model cannot be loaded: \(model): \(reason)"
        }
    }
}
