import Locking

/// Collects output in memory, for tests and for rendering a whole result at once.
public final class BufferSink: TextSink {
    private let buffer = Locked("")

    public init() {}

    public func write(_ text: String) {
        buffer.withLock { $0 += text }
    }

    public var text: String { buffer.current }
}
