import Foundation
import Synchronization

/// Runs jobs on a fixed set of threads, each with its own worker state (a Tesseract handle
/// is not thread-safe, so every thread gets one), and hands results back in job order.
///
/// `deliver` is called on whichever thread completes the gap, under a lock, so deliveries
/// never overlap and always arrive in order: result `i` only after results `0..<i`.
public struct OrderedWorkPool<Result: Sendable>: Sendable {
    public let threadCount: Int

    public init(threadCount: Int) {
        self.threadCount = max(1, threadCount)
    }

    public func run<Worker>(
        jobCount: Int,
        makeWorker: @escaping @Sendable (_ threadIndex: Int) -> Worker,
        perform: @escaping @Sendable (inout Worker, _ job: Int) -> Result,
        deliver: @escaping @Sendable (_ job: Int, Result) -> Void
    ) {
        guard jobCount > 0 else { return }
        let state = PoolState<Result>(deliver: deliver)
        let threads = min(threadCount, jobCount)
        let finished = DispatchGroup()
        for threadIndex in 0..<threads {
            finished.enter()
            let thread = Thread {
                var worker = makeWorker(threadIndex)
                while let job = state.claimJob(below: jobCount) {
                    state.complete(job: job, with: perform(&worker, job))
                }
                finished.leave()
            }
            // Tesseract recurses deeply on some layouts; the default 512 KiB is not always enough.
            thread.stackSize = 16 << 20
            thread.start()
        }
        finished.wait()
    }
}

/// The shared bookkeeping of one pool run.
private final class PoolState<Result: Sendable>: Sendable {
    private struct Progress {
        var nextJob = 0
        var nextDelivery = 0
        var pending: [Int: Result] = [:]
    }

    private let progress = Mutex(Progress())
    private let deliver: @Sendable (Int, Result) -> Void

    init(deliver: @escaping @Sendable (Int, Result) -> Void) {
        self.deliver = deliver
    }

    func claimJob(below count: Int) -> Int? {
        progress.withLock { state in
            guard state.nextJob < count else { return nil }
            defer { state.nextJob += 1 }
            return state.nextJob
        }
    }

    func complete(job: Int, with result: Result) {
        progress.withLock { state in
            state.pending[job] = result
            while let ready = state.pending.removeValue(forKey: state.nextDelivery) {
                deliver(state.nextDelivery, ready)
                state.nextDelivery += 1
            }
        }
    }
}
