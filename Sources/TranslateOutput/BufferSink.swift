import Locking

/// Collects output in memory, for tests and for rendering a whole result at once.
public final class BufferSink: TextSink {
    private let buffer = Locked<[UInt8]>([])

    public init() {}

    public func write(_ text: String) {
        buffer.withLock { $0 += Array(text.utf8) }
    }

    public func write(bytes: [UInt8]) {
        buffer.withLock { $0 += bytes }
    }

    public var text: String { String(decoding: buffer.current, as: UTF8.self) }

    public var bytes: [UInt8] { buffer.current }
}
