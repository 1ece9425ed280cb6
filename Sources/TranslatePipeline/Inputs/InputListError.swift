import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
/// Why the inputs of a run could not all be listed.
public enum InputListError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `--files-from` list could not be opened or read.
    case unreadableList(reason: String)
    /// The list stopped at an entry longer than any path.
    case entryTooLong(entry: Int, limit: Int, nulSeparated: Bool)
    /// The list stopped at a line holding a NUL byte, which no path holds (a NUL-separated list
    /// read without `--null`, or not a list at all).
    case nulInLine(line: Int)
    /// The list stopped after too many empty entries in a row.
    case emptyEntries(line: Int, limit: Int, nulSeparated: Bool)
    /// Nothing to read: no image among the inputs given.
    case noImages
    /// A directory given, or met on the way down, could not be listed: its input fails.
    case unreadableDirectory(reason: String)

    public var description: String {
        switch self {
        case .unreadableList(let reason):
            "cannot read the list of inputs: \(reason)"
        case .entryTooLong(let entry, let limit, let nulSeparated):
            "the list of inputs stops at \(nulSeparated ? "entry" : "line") \(entry), which is longer than \(limit) bytes"
        case .nulInLine(let line):
            "the list of inputs stops at line \(line), which holds a NUL byte (for a NUL-separated list, add --null)"
        case .emptyEntries(let line, let limit, let nulSeparated):
            "the list of inputs stops at \(nulSeparated ? "entry" : "line") \(line), after more than \(limit) empty \(nulSeparated ? "entries" : "lines") in a row"
        case .noImages:
            "no images found among the inputs"
        case .unreadableDirectory(let reason):
            "cannot read directory: \(reason)"
        }
    }
}

extension InputListError: ReportableError {
    public var code: String {
        switch self {
        case .unreadableList: "unreadable_list"
        case .entryTooLong, .nulInLine, .emptyEntries: "invalid_list"
        case .noImages: "no_images"
        case .unreadableDirectory: "unreadable_directory"
        }
    }
}
