import Foundation
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import Locking

/// Runs jobs through two stages on fixed sets of threads and hands results back in job order.
///
/// - Stage one (`perform`) runs on `threadCount` threads, each with its own worker state: a
///   Tesseract handle is not thread-safe, so every OCR thread gets one.
/// - Stage two (`finish`) runs on `finishingThreadCount` other threads, so that work that mostly
///   waits (a translation request) never holds an OCR thread. With no finishing threads,
///   `finish` runs right after `perform` on the same thread.
/// - `deliver` is called once per job, in job order (result `i` only after results `0..<i`),
///   never two at a time, on whichever thread completes the gap.
/// - At most `window` jobs are between being claimed and being delivered: when the oldest job
///   is slow, the others wait instead of piling up results (memory stays flat however many
///   jobs there are).
/// - With `firstJobAlone`, no other job is claimed until the first is delivered: what the first
///   shows (a language no engine can translate) may cancel the run before a second is started.
/// - With a `runLength` above one, each thread claims a run of neighbouring jobs at a time (an
///   equal share of the jobs not yet claimed, up to that many: shorter as the jobs run out, so
///   that the threads end together) and works through it in order.
///   Neighbouring images tend to be alike (a folder sorted by language), and a thread that
///   learns from its own previous job then learns from its neighbour. The window grows to hold
///   a run per thread, and the results of a run wait for the runs before it.
/// - A cancelled run claims no new job and starts no new `finish` on a finishing thread; `run`
///   waits for the jobs in progress at most `grace` seconds (those done by then are delivered as
///   usual), then returns, leaving any thread still busy to end on its own: its deliveries
///   still arrive in order, and the caller decides whether to ignore them.
public struct OrderedWorkPool: Sendable {
    public let threadCount: Int
    public let finishingThreadCount: Int
    public let window: Int
    public let firstJobAlone: Bool
    public let runLength: Int

    public init(threadCount: Int, finishingThreadCount: Int = 0, window: Int? = nil, firstJobAlone: Bool = false,
                runLength: Int = 1) {
        self.firstJobAlone = firstJobAlone
        self.threadCount = max(1, threadCount)
        self.finishingThreadCount = max(0, finishingThreadCount)
        self.runLength = max(1, runLength)
        let usual = 2 * (max(1, threadCount) + max(0, finishingThreadCount))
        self.window = max(1, window ?? (self.runLength > 1 ? usual + self.threadCount * self.runLength : usual))
    }

    /// How many jobs a thread claims at once: an equal share among the `threads` of the
    /// `remaining` jobs (with two threads, half of a folder, then a quarter, and so on, so that
    /// the runs are long, since a thread starting a run after a change of language pays for
    /// finding it again, and still shorten as the jobs run out), at most `limit` and what the
    /// window has `room` for, and at least one.
    static func claimedRunLength(remaining: Int, threads: Int, limit: Int, room: Int) -> Int {
        let share = (remaining + threads - 1) / max(1, threads)
        return max(1, min(limit, share, room))
    }

    /// Runs every job; returns true when all were delivered, false when cancelled first.
    @discardableResult
    public func run<Worker, Partial: Sendable, Result: Sendable>(
        jobCount: Int,
        cancellation: PoolCancellation = PoolCancellation(),
        grace: Double = 1,
        makeWorker: @escaping @Sendable (_ threadIndex: Int) -> Worker,
        perform: @escaping @Sendable (inout Worker, _ job: Int) -> Partial,
        finish: @escaping @Sendable (_ job: Int, Partial) -> Result,
        deliver: @escaping @Sendable (_ job: Int, Result) -> Void
    ) -> Bool {
        guard jobCount > 0 else { return true }
        let state = PoolState<Partial, Result>(jobCount: jobCount, window: window, firstJobAlone: firstJobAlone,
                                               runLength: runLength, threads: min(threadCount, jobCount), deliver: deliver)
        cancellation.onCancel { state.cancel() }
        let performers = min(threadCount, jobCount)
        let finishers = min(finishingThreadCount, jobCount)
        state.setRunning(performers: performers, finishers: finishers)

        for threadIndex in 0..<performers {
            let thread = Thread {
                var worker = makeWorker(threadIndex)
                while let job = state.claimJob(thread: threadIndex) {
                    let partial = perform(&worker, job)
                    if finishers == 0 {
                        state.complete(job: job, with: finish(job, partial))
                    } else {
                        state.enqueue(job: job, partial)
                    }
                }
                state.performerExited()
            }
            // Tesseract recurses deeply on some layouts; the default 512 KiB is not always enough.
            thread.stackSize = 16 << 20
            thread.start()
        }
        for _ in 0..<finishers {
            let thread = Thread {
                while let (job, partial) = state.nextToFinish() {
                    state.complete(job: job, with: finish(job, partial))
                }
                state.finisherExited()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        return state.waitUntilDone(grace: grace)
    }
}

/// Cancels pool runs from any thread: what Ctrl-C triggers.
public final class PoolCancellation: Sendable {
    private struct State {
        var cancelled = false
        var handlers: [@Sendable () -> Void] = []
    }

    private let state = Locked(State())

    public init() {}

    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Cancels every run that uses this, now and later; repeated calls do nothing more.
    public func cancel() {
        let toCall: [@Sendable () -> Void] = state.withLock { state in
            guard !state.cancelled else { return [] }
            state.cancelled = true
            return state.handlers
        }
        for handler in toCall { handler() }
    }

    /// Calls `handler` on cancellation (at once, when already cancelled).
    func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let now: Bool = state.withLock { state in
            if !state.cancelled { state.handlers.append(handler) }
            return state.cancelled
        }
        if now { handler() }
    }
}

/// The shared bookkeeping of one pool run.
///
/// `@unchecked Sendable`: every stored property is read and written under `condition`'s lock;
/// `deliver` is called outside it, by one thread at a time (the `delivering` flag). It keeps
/// its own `NSCondition` rather than a `Locked` value because threads wait on it for work; the
/// condition is a pthread mutex and condition variable, which the thread sanitizer understands.
private final class PoolState<Partial: Sendable, Result: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let jobCount: Int
    private let window: Int
    private let firstJobAlone: Bool
    private let runLength: Int
    private let deliver: @Sendable (Int, Result) -> Void

    private var nextJob = 0
    /// Each thread's claimed run: the jobs from `lowerBound` on are claimed but not started.
    private var runs: [Range<Int>]
    private var nextDelivery = 0
    private var cancelled = false
    private var performersLeft = 0
    private var running = 0
    private var toFinish: [(Int, Partial)] = []
    private var pending: [Int: Result] = [:]
    private var delivering = false

    init(jobCount: Int, window: Int, firstJobAlone: Bool, runLength: Int, threads: Int,
         deliver: @escaping @Sendable (Int, Result) -> Void) {
        self.jobCount = jobCount
        self.window = window
        self.firstJobAlone = firstJobAlone
        self.runLength = runLength
        self.runs = Array(repeating: 0..<0, count: max(1, threads))
        self.deliver = deliver
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    func setRunning(performers: Int, finishers: Int) {
        locked {
            running = performers + finishers
            performersLeft = performers
        }
    }

    func cancel() {
        locked {
            cancelled = true
            condition.broadcast()
        }
    }

    /// `thread`'s next job: the next of its run, or the first of a new run once the window has
    /// room; nil when there is none left or the run is cancelled.
    func claimJob(thread: Int) -> Int? {
        locked {
            if !cancelled, let job = runs[thread].first {
                runs[thread] = runs[thread].dropFirst()
                return job
            }
            // Until the first job is delivered, a window of one when it must run alone.
            func room() -> Int { (firstJobAlone && nextDelivery == 0 ? 1 : window) - (nextJob - nextDelivery) }
            while !cancelled, nextJob < jobCount, room() < 1 {
                condition.wait()
            }
            guard !cancelled, nextJob < jobCount else { return nil }
            let length = OrderedWorkPool.claimedRunLength(remaining: jobCount - nextJob, threads: runs.count,
                                                          limit: runLength, room: room())
            let job = nextJob
            runs[thread] = (job + 1)..<(job + length)
            nextJob += length
            return job
        }
    }

    func enqueue(job: Int, _ partial: Partial) {
        locked {
            toFinish.append((job, partial))
            condition.broadcast()
        }
    }

    /// The oldest job waiting for stage two; nil when stage one is over and nothing is left.
    func nextToFinish() -> (Int, Partial)? {
        locked {
            while !cancelled, toFinish.isEmpty, performersLeft > 0 {
                condition.wait()
            }
            guard !cancelled, !toFinish.isEmpty else { return nil }
            let oldest = toFinish.indices.min { toFinish[$0].0 < toFinish[$1].0 }!
            return toFinish.remove(at: oldest)
        }
    }

    func performerExited() {
        locked {
            performersLeft -= 1
            running -= 1
            condition.broadcast()
        }
    }

    func finisherExited() {
        locked {
            running -= 1
            condition.broadcast()
        }
    }

    /// Stores a result; whoever finds the next result due delivers every result that is ready.
    func complete(job: Int, with result: Result) {
        condition.lock()
        pending[job] = result
        guard !delivering else {
            condition.unlock()
            return
        }
        delivering = true
        while let ready = pending.removeValue(forKey: nextDelivery) {
            let index = nextDelivery
            condition.unlock()
            deliver(index, ready)
            condition.lock()
            nextDelivery += 1
            condition.broadcast()
        }
        delivering = false
        condition.unlock()
    }

    /// Waits for every thread (and every delivery); after a cancellation, for at most `grace` seconds.
    func waitUntilDone(grace: Double) -> Bool {
        locked {
            while running > 0 || delivering, !cancelled {
                condition.wait()
            }
            if cancelled {
                let deadline = Date(timeIntervalSinceNow: grace)
                while running > 0 || delivering, condition.wait(until: deadline) {}
            }
            return nextDelivery == jobCount
        }
    }
}
