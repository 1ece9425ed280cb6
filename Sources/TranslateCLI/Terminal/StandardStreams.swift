import Foundation
import Locking
#if canImport(Glibc)
import Glibc
#endif
import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline

/// Why writing to standard output stopped.
public enum OutputFailure: Equatable, Sendable {
    /// The reader went away (`| head`): the run ends quietly, as after SIGPIPE.
    case closed
    /// The write itself failed (a full disk, an I/O error, a file over its size limit): the
    /// output is incomplete, and the user must be told why.
    case failed(reason: String)
}

/// A `TextSink` over a file descriptor: standard output for data, standard error for the rest.
///
/// A write that fails is not retried: the sink remembers why and drops what comes after, so
/// that the command can end the run, and say why, instead of crashing.
public final class FileDescriptorSink: TextSink {
    private let descriptor: Int32
    private let failure = Locked<OutputFailure?>(nil)

    public init(_ handle: FileHandle) {
        self.descriptor = handle.fileDescriptor
    }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    public func write(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    private func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        failure.withLock { failure in
            guard failure == nil, let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno == EPIPE ? .closed : .failed(reason: String(cString: strerror(errno)).lowercased())
                    return
                }
                offset += written
            }
        }
    }

    /// Why writing stopped, or nil while every write has succeeded.
    public var failed: OutputFailure? { failure.current }
}

/// Facts about the process's terminal.
public enum Terminal {
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// Whether `descriptor` is a pipe (or a FIFO).
    public static func isPipe(_ descriptor: Int32) -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    }

    /// The width in cells of the terminal on `descriptor`, or nil when it is not a terminal.
    public static func width(of descriptor: Int32) -> Int? {
        guard isTerminal(descriptor) else { return nil }
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
