import Locking

/// Counts the requests a translation engine sent, for the run's summary line; shared by threads.
public final class RequestCounter: Sendable {
    private let count = Locked(0)

    public init() {}

    /// The requests counted so far.
    public var value: Int { count.current }

    /// Counts one more request.
    public func increment() {
        count.withLock { $0 += 1 }
    }
}

/// A translator that knows how many requests it has sent to its service.
public protocol RequestCounting {
    /// Every request sent so far, each retry and language-detection request included.
    var requestsSent: Int { get }
}
