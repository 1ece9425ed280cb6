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

/// A `TextSink` over a file descriptor: standard output for data, standard error for the rest.
///
/// A write that fails (a closed pipe, a full disk) is not retried: the sink remembers it and
/// drops what comes after, so the command can end the run instead of crashing.
public final class FileDescriptorSink: TextSink {
    private let handle: FileHandle
    private let failed = Locked(false)

    public init(_ handle: FileHandle) {
        self.handle = handle
    }

    public func write(_ text: String) {
        write(data: Data(text.utf8))
    }

    public func write(bytes: [UInt8]) {
        write(data: Data(bytes))
    }

    private func write(data: Data) {
        failed.withLock { failed in
            guard !failed else { return }
            do {
                try handle.write(contentsOf: data)
            } catch {
                failed = true
            }
        }
    }

    /// True once a write has failed.
    public var hasFailed: Bool { failed.current }
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
