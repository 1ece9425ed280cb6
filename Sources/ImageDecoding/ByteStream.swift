import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Bytes read once, in order: a file, a pipe, a device, standard input, or bytes in memory.
///
/// Readers take only as much as they need (a header, a bounded line), so that an endless stream
/// such as `/dev/zero` costs a bounded amount of memory and time. A stream is used by one thread.
public protocol ByteStream: AnyObject {
    /// At most `count` bytes, fewer only at the end of the stream; empty at the end.
    func read(upTo count: Int) throws(StreamReadError) -> Data
    /// How many bytes the stream holds in all, when that is known before reading them (a
    /// regular file); nil for pipes and devices.
    var knownSize: Int? { get }
}

/// Why reading a stream failed, in the system's words ("Input/output error").
public struct StreamReadError: Error, Equatable, Sendable {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }

    /// The system's message for `code`.
    init(errno code: Int32) {
        reason = String(cString: strerror(code))
    }
}

/// Bytes already in memory, read as a stream (what tests give as standard input).
public final class DataStream: ByteStream {
    private let data: Data
    private var offset = 0

    public init(_ data: Data) {
        self.data = data
    }

    public func read(upTo count: Int) throws(StreamReadError) -> Data {
        let end = min(data.count, offset + max(0, count))
        defer { offset = end }
        return data.subdata(in: data.startIndex + offset ..< data.startIndex + end)
    }

    public var knownSize: Int? { data.count }
}

/// A stream over an open file descriptor: what a path or standard input is read through.
public final class FileDescriptorStream: ByteStream {
    /// What the descriptor is open on, from `fstat`.
    public enum Kind: Equatable, Sendable {
        case regularFile(size: Int)
        case pipe
        case directory
        case characterDevice
        case blockDevice
        case socket
        case other
    }

    /// Why a path could not be opened.
    public enum OpenError: Error, Equatable, Sendable {
        case notFound
        case permissionDenied
        /// Too many levels of symbolic links: a link that leads back to itself.
        case symlinkLoop
        /// A socket or a device without a driver (`ENXIO`).
        case noSuchDevice
        case other(String)

        /// The system's message for the failure ("No such file or directory").
        public var reason: String {
            switch self {
            case .notFound: String(cString: strerror(ENOENT))
            case .permissionDenied: String(cString: strerror(EACCES))
            case .symlinkLoop: String(cString: strerror(ELOOP))
            case .noSuchDevice: String(cString: strerror(ENXIO))
            case .other(let reason): reason
            }
        }
    }

    public let kind: Kind
    private let descriptor: Int32
    private let owned: Bool

    /// Standard input, left open when the stream goes.
    public static func standardInput() -> FileDescriptorStream {
        FileDescriptorStream(descriptor: STDIN_FILENO, owned: false)
    }

    /// Opens `path` for reading. A FIFO (or a process substitution, `<(…)`) is opened like any
    /// file; opening one waits, as `cat` would, until something opens it for writing.
    public static func open(_ path: String) throws(OpenError) -> FileDescriptorStream {
        var descriptor: Int32
        repeat {
            descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw .notFound
            case EACCES, EPERM: throw .permissionDenied
            case ELOOP: throw .symlinkLoop
            case ENXIO: throw .noSuchDevice
            case let code: throw .other(String(cString: strerror(code)))
            }
        }
        return FileDescriptorStream(descriptor: descriptor, owned: true)
    }

    private init(descriptor: Int32, owned: Bool) {
        self.descriptor = descriptor
        self.owned = owned
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            kind = .other
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regularFile(size: Int(info.st_size))
        case S_IFIFO: kind = .pipe
        case S_IFDIR: kind = .directory
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFSOCK: kind = .socket
        default: kind = .other
        }
    }

    deinit {
        if owned { close(descriptor) }
    }

    public var knownSize: Int? {
        if case .regularFile(let size) = kind { size } else { nil }
    }

    public func read(upTo count: Int) throws(StreamReadError) -> Data {
        guard count > 0 else { return Data() }
        var data = Data(count: count)
        var filled = 0
        var failure: Int32 = 0
        data.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            while filled < count {
                let got = Glibc.read(descriptor, base + filled, count - filled)
                if got > 0 {
                    filled += got
                } else if got == 0 {
                    return
                } else if errno != EINTR {
                    failure = errno
                    return
                }
            }
        }
        if failure != 0 { throw StreamReadError(errno: failure) }
        data.count = filled
        return data
    }
}
