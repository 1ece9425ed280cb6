import Foundation
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import Locking

/// Runs jobs through two stages on fixed sets of threads and hands results back in job order.
///
/// - Stage one (`perform`) runs on `threadCount` threads, each with its own worker state: a
///   Tesseract handle is not thread-safe, so every OCR thread gets one. A job may hand out
///   parts as it goes (`emit`: the pages of a document, as each is read), so that its first
///   part goes on through the pool while the job works on the rest.
/// - Stage two (`finish`) runs on `finishingThreadCount` other threads for each part, so that
///   work that mostly waits (a translation request) never holds an OCR thread. With no
///   finishing threads, `finish` runs right after `emit` on the same thread.
/// - `deliver` is called once per part, in job order and, within a job, in the order the parts
///   were emitted (a part of job `i` only after every part of jobs `0..<i`), never two at a
///   time, on whichever thread completes the gap; `end` follows a job's last part, with how
///   many of its parts were delivered.
/// - At most `window` jobs are between being claimed and being delivered: when the oldest job
///   is slow, the others wait instead of piling up results (memory stays flat however many
///   jobs there are).
/// - With a `runLength` above one, each thread claims a run of neighbouring jobs at a time (an
///   equal share of the jobs not yet claimed, up to that many: shorter as the jobs run out, so
///   that the threads end together) and works through it in order.
///   Neighbouring images tend to be alike (a folder sorted by language), and a thread that
///   learns from its own previous job then learns from its neighbour. The window grows to hold
///   a run per thread, and the results of a run wait for the runs before it. A thread that
///   finds every job claimed takes the later half of the longest run not yet started, so that
///   one slow job (a photo of handwriting) does not keep the jobs queued behind it waiting while
///   the other threads have nothing to do. `claimsRun` says, each time a thread claims, whether
///   it claims a run or one job: a thread whose neighbours have not been alike takes turns with
///   the others.
/// - A cancelled run claims no new job and starts no new `finish` on a finishing thread; `run`
///   waits for the jobs in progress at most `grace` seconds, then returns, leaving any thread
///   still busy to end on its own. Every part finished by then is delivered, still in job and
///   part order: a job's part that will never be finished ends that job there (its `end` gets
///   the parts delivered before it, and its later parts are not delivered), and the jobs after
///   it go on being delivered; a job that never started is skipped without an `end`. When the
///   grace period ends, every started job still busy is ended with the parts finished by then,
///   and nothing is delivered after `run` returns.
public struct OrderedWorkPool: Sendable {
    public let threadCount: Int
    public let finishingThreadCount: Int
    public let window: Int
    public let runLength: Int
    /// Whether `thread` claims a run (of at most `runLength` jobs) now, rather than one job.
    public let claimsRun: @Sendable (_ thread: Int) -> Bool

    public init(threadCount: Int, finishingThreadCount: Int = 0, window: Int? = nil, runLength: Int = 1,
                claimsRun: @escaping @Sendable (_ thread: Int) -> Bool = { _ in true }) {
        self.threadCount = max(1, threadCount)
        self.finishingThreadCount = max(0, finishingThreadCount)
        self.runLength = max(1, runLength)
        self.claimsRun = claimsRun
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

    /// Runs every job, each with one result; returns true when all were delivered, false when
    /// cancelled first.
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
        run(jobCount: jobCount, cancellation: cancellation, grace: grace, makeWorker: makeWorker,
            perform: { (worker: inout Worker, job: Int, emit: (Partial) -> Void) in emit(perform(&worker, job)) },
            finish: finish, deliver: deliver, end: { _, _ in })
    }

    /// Runs every job, each emitting its parts as it goes; returns true when all were
    /// delivered, false when cancelled first. `end` gets how many of the job's parts were
    /// delivered. `idle` runs on a performing thread that finds no job left to claim, as it
    /// ends: its core is free for the jobs still being performed.
    @discardableResult
    public func run<Worker, Partial: Sendable, Result: Sendable>(
        jobCount: Int,
        cancellation: PoolCancellation = PoolCancellation(),
        grace: Double = 1,
        makeWorker: @escaping @Sendable (_ threadIndex: Int) -> Worker,
        perform: @escaping @Sendable (inout Worker, _ job: Int, _ emit: (Partial) -> Void) -> Void,
        finish: @escaping @Sendable (_ job: Int, Partial) -> Result,
        deliver: @escaping @Sendable (_ job: Int, Result) -> Void,
        end: @escaping @Sendable (_ job: Int, _ delivered: Int) -> Void,
        idle: @escaping @Sendable (_ threadIndex: Int) -> Void = { _ in }
    ) -> Bool {
        guard jobCount > 0 else { return true }
        let performers = min(threadCount, jobCount)
        let finishers = min(finishingThreadCount, jobCount)
        let state = PoolState<Partial, Result>(jobCount: jobCount, window: window,
                                                       runLength: runLength, claimsRun: claimsRun, threads: performers, finishers: finishers,
                                                       deliver: deliver, end: end)
        cancellation.onCancel { state.cancel() }
        state.setRunning(performers: performers, finishers: finishers)

        // The threads are not joined: the run waits for them through `state`, and after a cancel
        // for at most `grace` seconds, leaving a busy one to end on its own.
        for threadIndex in 0..<performers {
            // Tesseract recurses deeply on some layouts; the default 512 KiB is not always enough.
            _ = JoinableThread(stackSize: 16 << 20) {
                var worker = makeWorker(threadIndex)
                while let job = state.claimJob(thread: threadIndex) {
                    var part = 0
                    perform(&worker, job) { partial in
                        defer { part += 1 }
                        if finishers == 0 {
                            state.complete(PartKey(job: job, part: part), with: finish(job, partial))
                        } else {
                            state.enqueue(PartKey(job: job, part: part), partial)
                        }
                    }
                    state.jobEnded(job, parts: part)
                }
                idle(threadIndex)
                state.performerExited()
            }
        }
        for _ in 0..<finishers {
            _ = JoinableThread(stackSize: 4 << 20) {
                while let (key, partial) = state.nextToFinish() {
                    state.complete(key, with: finish(key.job, partial))
                }
                state.finisherExited()
            }
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

/// One part of one job: the order parts are delivered in.
private struct PartKey: Hashable, Comparable {
    var job: Int
    var part: Int

    static func < (lhs: PartKey, rhs: PartKey) -> Bool {
        (lhs.job, lhs.part) < (rhs.job, rhs.part)
    }
}

/// The shared bookkeeping of one pool run.
///
/// `@unchecked Sendable`: every stored property is read and written under `condition`'s lock;
/// `deliver` and `end` are called outside it, by one thread at a time (the `delivering` flag).
/// It keeps its own `NSCondition` rather than a `Locked` value because threads wait on it for
/// work; the condition is a pthread mutex and condition variable, which the thread sanitizer
/// understands.
private final class PoolState<Partial: Sendable, Result: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let jobCount: Int
    private let window: Int
    private let runLength: Int
    private let claimsRun: @Sendable (Int) -> Bool
    /// Parts wait for finishing threads (else they are finished where they are emitted).
    private let finishers: Int
    private let deliver: @Sendable (Int, Result) -> Void
    private let end: @Sendable (Int, Int) -> Void

    private var nextJob = 0
    /// Each thread's claimed run: the jobs from `lowerBound` on are claimed but not started.
    private var runs: [Range<Int>]
    /// The next part to deliver: job `nextDelivery`'s part `nextPart`.
    private var nextDelivery = 0
    private var nextPart = 0
    private var cancelled = false
    private var performersLeft = 0
    private var running = 0
    private var toFinish: [(PartKey, Partial)] = []
    private var pending: [PartKey: Result] = [:]
    /// Jobs whose `perform` returned: how many parts they emitted.
    private var ended: [Int: Int] = [:]
    /// By job, the first part that will never be finished (the run was cancelled first).
    private var firstDropped: [Int: Int] = [:]
    /// The grace period ended: nothing more is delivered.
    private var halted = false
    private var delivering = false
    /// A job was skipped or ended before its last part: not everything was delivered.
    private var cutShort = false

    init(jobCount: Int, window: Int, runLength: Int, claimsRun: @escaping @Sendable (Int) -> Bool, threads: Int, finishers: Int,
         deliver: @escaping @Sendable (Int, Result) -> Void, end: @escaping @Sendable (Int, Int) -> Void) {
        self.jobCount = jobCount
        self.window = window
        self.runLength = runLength
        self.claimsRun = claimsRun
        self.runs = Array(repeating: 0..<0, count: max(1, threads))
        self.finishers = finishers
        self.deliver = deliver
        self.end = end
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

    /// Parts still waiting for a finishing thread will never be finished: each ends its job
    /// there, and whoever is at the delivery point may now go past it.
    func cancel() {
        locked {
            cancelled = true
            for (key, _) in toFinish { drop(key) }
            toFinish.removeAll()
            condition.broadcast()
        }
        deliverReady()
    }

    private func drop(_ key: PartKey) {
        firstDropped[key.job] = min(firstDropped[key.job] ?? key.part, key.part)
    }

    /// `thread`'s next job: the next of its run, or the first of a new run once the window has
    /// room, or, once every job is claimed, the first of the later half of the longest run
    /// another thread has not started; nil when there is none left or the run is cancelled.
    func claimJob(thread: Int) -> Int? {
        locked {
            if !cancelled, let job = runs[thread].first {
                runs[thread] = runs[thread].dropFirst()
                return job
            }
            func room() -> Int { window - (nextJob - nextDelivery) }
            while !cancelled, nextJob < jobCount, room() < 1 {
                condition.wait()
            }
            guard !cancelled else { return nil }
            guard nextJob < jobCount else { return takeLaterHalf(for: thread) }
            let length = OrderedWorkPool.claimedRunLength(remaining: jobCount - nextJob, threads: runs.count,
                                                          limit: runLength > 1 && claimsRun(thread) ? runLength : 1, room: room())
            let job = nextJob
            runs[thread] = (job + 1)..<(job + length)
            nextJob += length
            return job
        }
    }

    /// The later half of the longest run not yet started (its last job when one is left), made
    /// `thread`'s run; its first job, or nil when every run is started to its end. Called locked.
    private func takeLaterHalf(for thread: Int) -> Int? {
        guard let longest = runs.indices.max(by: { runs[$0].count < runs[$1].count }), !runs[longest].isEmpty else { return nil }
        let run = runs[longest]
        let split = run.upperBound - (run.count + 1) / 2
        runs[longest] = run.lowerBound..<split
        runs[thread] = (split + 1)..<run.upperBound
        return split
    }

    /// A part for the finishing threads; after a cancellation none will take it.
    func enqueue(_ key: PartKey, _ partial: Partial) {
        locked {
            if cancelled {
                drop(key)
            } else {
                toFinish.append((key, partial))
                condition.broadcast()
            }
        }
    }

    /// The oldest part waiting for stage two; nil when stage one is over and nothing is left.
    func nextToFinish() -> (PartKey, Partial)? {
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

    /// Stores a finished part and delivers whatever is ready.
    func complete(_ key: PartKey, with result: Result) {
        locked { pending[key] = result }
        deliverReady()
    }

    /// A job's `perform` returned after emitting `parts` parts.
    func jobEnded(_ job: Int, parts: Int) {
        locked { ended[job] = parts }
        deliverReady()
    }

    /// Whether `job` will never start: the run was cancelled before any thread began it.
    /// Called with the lock held.
    private func neverStarts(_ job: Int) -> Bool {
        cancelled && (job >= nextJob || runs.contains { $0.contains(job) })
    }

    /// Moves the delivery point to the start of the job after `job`. Called with the lock held.
    private func moveToNextJob(after job: Int) {
        // The parts after a dropped one are not delivered: they go.
        if firstDropped.removeValue(forKey: job) != nil {
            for key in pending.keys where key.job == job { pending[key] = nil }
        }
        nextDelivery = job + 1
        nextPart = 0
        condition.broadcast()
    }

    /// Whoever finds the next part (or the next job's end) due delivers everything that is ready.
    private func deliverReady() {
        condition.lock()
        guard !delivering else {
            condition.unlock()
            return
        }
        delivering = true
        while !halted, nextDelivery < jobCount {
            let job = nextDelivery, part = nextPart
            if let ready = pending.removeValue(forKey: PartKey(job: job, part: part)) {
                condition.unlock()
                deliver(job, ready)
                condition.lock()
                nextPart += 1
            } else if let parts = ended[job], firstDropped[job] == part || parts == part {
                ended[job] = nil
                // A dropped part ends its own job only: the jobs after it that finished still come.
                if parts != part { cutShort = true }
                condition.unlock()
                end(job, part)
                condition.lock()
                moveToNextJob(after: job)
            } else if neverStarts(job) {
                cutShort = true
                moveToNextJob(after: job)
            } else {
                break
            }
        }
        delivering = false
        condition.broadcast()
        condition.unlock()
    }

    /// At the end of the grace period, with the lock held and no delivery under way: delivers
    /// the finished parts of every started job from the delivery point on, in order, ends each
    /// job with them, and stops every later delivery.
    private func deliverFinishedAndHalt() {
        halted = true
        delivering = true
        while nextDelivery < min(nextJob, jobCount) {
            let job = nextDelivery
            if neverStarts(job) {
                cutShort = true
                moveToNextJob(after: job)
                continue
            }
            while firstDropped[job] != nextPart, let ready = pending.removeValue(forKey: PartKey(job: job, part: nextPart)) {
                condition.unlock()
                deliver(job, ready)
                condition.lock()
                nextPart += 1
            }
            if ended.removeValue(forKey: job) != nextPart { cutShort = true }
            let delivered = nextPart
            condition.unlock()
            end(job, delivered)
            condition.lock()
            moveToNextJob(after: job)
        }
        delivering = false
    }

    /// Waits for every thread (and every delivery); after a cancellation, for at most `grace`
    /// seconds, then delivers what the started jobs finished by then and ends them.
    func waitUntilDone(grace: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while running > 0 || delivering, !cancelled {
            condition.wait()
        }
        guard cancelled else { return nextDelivery == jobCount }
        let deadline = Date(timeIntervalSinceNow: grace)
        while running > 0 || delivering, condition.wait(until: deadline) {}
        // Threads still busy would deliver too late: what they finished is delivered here.
        if !delivering, !halted, running > 0 {
            deliverFinishedAndHalt()
        }
        return nextDelivery == jobCount && !cutShort
    }
}
