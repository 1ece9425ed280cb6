import Locking

/// The time spent drawing pictures and encoding them, added up over a run's threads, for the
/// run's summary.
public final class RenderingClock: Sendable {
    private let total = Locked(Duration.zero)
    private let pages = Locked(0)

    public init() {}

    /// Runs `body`, counting its time as one page drawn.
    public func measure<Result>(_ body: () -> Result) -> Result {
        let start = ContinuousClock.now
        let result = body()
        let elapsed = ContinuousClock.now - start
        total.withLock { $0 += elapsed }
        pages.withLock { $0 += 1 }
        return result
    }

    /// Time spent so far.
    public var elapsed: Duration { total.current }
    /// Pages drawn so far.
    public var pagesDrawn: Int { pages.current }
}
