#if canImport(Glibc)
import Glibc
#endif
import Locking

/// The time spent drawing pictures and encoding them, added up over a run's threads, for the
/// run's summary: as wall time, and as the processor time of the threads that drew.
public final class RenderingClock: Sendable {
    private let total = Locked(Duration.zero)
    private let processorTotal = Locked(Duration.zero)
    private let pages = Locked(0)

    public init() {}

    /// Runs `body`, counting its time as one page drawn.
    public func measure<Result>(_ body: () -> Result) -> Result {
        let start = ContinuousClock.now
        let processorStart = Self.threadProcessorTime()
        let result = body()
        let elapsed = ContinuousClock.now - start
        let processor = Self.threadProcessorTime() - processorStart
        total.withLock { $0 += elapsed }
        processorTotal.withLock { $0 += processor }
        pages.withLock { $0 += 1 }
        return result
    }

    /// Time spent so far.
    public var elapsed: Duration { total.current }
    /// Processor time the drawing threads spent so far: unlike `elapsed`, it does not grow
    /// while other programs hold the processor.
    public var processorTime: Duration { processorTotal.current }
    /// Pages drawn so far.
    public var pagesDrawn: Int { pages.current }

    /// The processor time the calling thread has used.
    static func threadProcessorTime() -> Duration {
        var now = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0 else { return .zero }
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }
}
