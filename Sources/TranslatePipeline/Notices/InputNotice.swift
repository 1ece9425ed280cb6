/// What listing and preparing a run's inputs tells the person running it, without failing.
/// Said in English by `description`; the command line says each in the language of its
/// messages from its own key.
public enum InputNotice: Hashable, Sendable, CustomStringConvertible {
    /// A directory given held no images (`recursive`: its subdirectories were looked in too).
    case noImagesInDirectory(path: String, recursive: Bool)
    /// A symbolic link stands where a result is to be written: the input is read again and the
    /// link replaced by its result.
    case linkReplacedByResult(path: String)

    public var description: String {
        switch self {
        case .noImagesInDirectory(let path, let recursive):
            "\(path): no images in this directory" + (recursive ? "" : " (--recursive reads its subdirectories)")
        case .linkReplacedByResult(let path):
            "\(path) is a symbolic link, not a result: the input is read again and the link replaced by its result"
        }
    }
}
