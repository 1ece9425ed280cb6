import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A `TextSink` over a file descriptor: standard output for data, standard error for the rest.
public final class FileDescriptorSink: TextSink {
    private let handle: FileHandle
    private let lock = Mutex(())

    public init(_ handle: FileHandle) {
        self.handle = handle
    }

    public func write(_ text: String) {
        lock.withLock { _ in handle.write(Data(text.utf8)) }
    }
}

/// Collects output in memory, for tests.
public final class BufferSink: TextSink {
    private let buffer = Mutex("")

    public init() {}

    public func write(_ text: String) {
        buffer.withLock { $0 += text }
    }

    public var text: String { buffer.withLock { $0 } }
}

/// Facts about the process's terminal.
public enum Terminal {
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The width in cells of the terminal on `descriptor`, or nil when it is not a terminal.
    public static func width(of descriptor: Int32) -> Int? {
        guard isTerminal(descriptor) else { return nil }
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
