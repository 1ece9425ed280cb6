import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
/// Why the inputs of a run could not be listed.
public enum InputListError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `--files-from` list could not be read.
    case unreadableList(path: String, reason: String)
    /// Nothing to read: no image among the inputs given.
    case noImages

    public var description: String {
        switch self {
        case .unreadableList(let path, let reason): "cannot read the list of inputs \(path == "-" ? "on standard input" : path): \(reason)"
        case .noImages: "no images found among the inputs"
        }
    }
}
