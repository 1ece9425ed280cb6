import Foundation
import TranslateModel

/// Opens inputs for reading, turning what cannot hold an image file into an `ImageError`.
///
/// A path is opened whatever it names, and what it turned out to be is checked on the open
/// descriptor: a regular file, a FIFO or a process substitution (`<(cat img.png)`, a pipe) is
/// read like standard input; a directory, a device or a socket is refused, each with its own
/// message, and so is a symbolic link that leads back to itself.
public struct InputReader: Sendable {
    /// Standard input, as a stream; injected so tests can supply bytes.
    public var standardInput: @Sendable () -> any ByteStream

    public init(standardInput: @escaping @Sendable () -> any ByteStream = { FileDescriptorStream.standardInput() }) {
        self.standardInput = standardInput
    }

    /// Standard input from bytes in memory.
    public init(readStandardInput: @escaping @Sendable () -> Data) {
        self.init(standardInput: { DataStream(readStandardInput()) })
    }

    /// `source` opened for reading.
    public func open(_ source: InputSource) throws(ImageError) -> any ByteStream {
        switch source {
        case .standardInput:
            return standardInput()
        case .file(let path):
            let stream: FileDescriptorStream
            do {
                stream = try FileDescriptorStream.open(path)
            } catch {
                switch error {
                case .notFound: throw .notFound
                case .permissionDenied: throw .permissionDenied
                case .symlinkLoop: throw .symlinkLoop
                case .noSuchDevice: throw Self.special(path) ?? .unreadable(String(cString: strerror(ENXIO)))
                case .other(let reason): throw .unreadable(reason)
                }
            }
            switch stream.kind {
            case .regularFile, .pipe, .other: return stream
            case .directory: throw .isDirectory
            case .characterDevice: throw .isDevice(.character)
            case .blockDevice: throw .isDevice(.block)
            case .socket: throw .isSocket
            }
        }
    }

    /// What a path that cannot be opened (`ENXIO`) names: a socket, or a device without a driver.
    private static func special(_ path: String) -> ImageError? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFSOCK: return .isSocket
        case S_IFCHR: return .isDevice(.character)
        case S_IFBLK: return .isDevice(.block)
        default: return nil
        }
    }
}
