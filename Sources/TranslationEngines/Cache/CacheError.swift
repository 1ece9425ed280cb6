import TranslateModel
/// Why the translation cache could not be opened, read or written.
///
/// None of these stops a run: the command reports it once on stderr and goes on without the
/// cache (or, for `damaged`, with a new one).
public enum CacheError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The cache directory could not be created or is not a directory.
    case cannotCreateDirectory(path: String, reason: String)
    /// The database file could not be opened or created.
    case cannotOpen(path: String, reason: String)
    /// The file is not a SQLite database, or its pages are corrupt.
    case damaged(String)
    /// Another process held the database locked for longer than the busy timeout.
    case busy
    /// Any other SQLite failure, with SQLite's result code and message.
    case sqlite(code: Int32, message: String)

    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason): "cannot create the cache directory \(path): \(reason)"
        case .cannotOpen(let path, let reason): "cannot open the translation cache \(path): \(reason)"
        case .damaged(let reason): "the translation cache is damaged (\(reason))"
        case .busy: "the translation cache stayed locked by another process"
        case .sqlite(let code, let message): "translation cache error \(code): \(message)"
        }
    }
}
