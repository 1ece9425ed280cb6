/// Why loading the text detector or recognizer, detecting or reading lines, finding a page or
/// cropping failed.
public enum TextDetectionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The model file could not be read or is not a model OpenCV can run.
    case modelUnreadable(path: String, reason: String)
    /// The pixel buffer or its stated layout is unusable.
    case invalidImage(String)
    /// A setting or a crop request is out of range.
    case invalidArgument(String)
    /// OpenCV failed while detecting.
    case failed(String)
    /// OpenCV failed while cropping a quadrilateral (a line or a page).
    case cropFailed(String)
    /// OpenCV failed while looking for a page.
    case pageFindingFailed(String)
    /// The recognizer's model or character list could not be read, or OpenCV cannot run the model.
    case recognizerUnreadable(path: String, reason: String)
    /// OpenCV failed while reading a line, or the model and its character list disagree.
    case recognitionFailed(String)
    case outOfMemory

    public var description: String {
        switch self {
        case .modelUnreadable(let path, let reason): "cannot load the text detector model \(path): \(reason)"
        case .invalidImage(let reason): "invalid image for text detection: \(reason)"
        case .invalidArgument(let reason): "invalid text detection request: \(reason)"
        case .failed(let reason): "text detection failed: \(reason)"
        case .cropFailed(let reason): "cropping a quadrilateral failed: \(reason)"
        case .pageFindingFailed(let reason): "finding a page failed: \(reason)"
        case .recognizerUnreadable(let path, let reason): "cannot load the text recognizer model \(path): \(reason)"
        case .recognitionFailed(let reason): "reading a text line failed: \(reason)"
        case .outOfMemory: "out of memory during text detection"
        }
    }
}
