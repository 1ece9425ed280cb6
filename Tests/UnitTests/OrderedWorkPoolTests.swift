import Foundation
import Testing
import Locking
@testable import TranslatePipeline

/// The two-stage pool: order, bounded window, cancellation, runs of neighbouring jobs.
@Suite struct OrderedWorkPoolTests {
    @Test func deliversInJobOrderWhateverOrderJobsFinishIn() {
        let delivered = Locked<[Int]>([])
        let pool = OrderedWorkPool(threadCount: 3, finishingThreadCount: 2)
        let complete = pool.run(
            jobCount: 40,
            makeWorker: { _ in () },
            perform: { _, job in
                usleep(UInt32((job * 7919) % 5) * 1000)  // jobs finish out of order
                return job
            },
            finish: { _, value in
                usleep(UInt32((value * 104_729) % 4) * 1000)
                return value * 10
            },
            deliver: { job, value in
                precondition(value == job * 10)
                delivered.withLock { $0.append(job) }
            })
        #expect(complete)
        #expect(delivered.withLock { $0 } == Array(0..<40))
    }

    @Test func aSlowFirstJobHoldsBackOnlyTheWindow() {
        let claimed = Locked(0)
        let mostAhead = Locked(0)
        let delivered = Locked(0)
        let pool = OrderedWorkPool(threadCount: 2, finishingThreadCount: 1, window: 4)
        pool.run(
            jobCount: 30,
            makeWorker: { _ in () },
            perform: { _, job in
                let ahead = claimed.withLock { $0 += 1; return $0 } - delivered.current
                mostAhead.withLock { $0 = max($0, ahead) }
                if job == 0 { usleep(200_000) }
                return job
            },
            finish: { _, value in value },
            deliver: { _, _ in delivered.withLock { $0 += 1 } })
        #expect(delivered.current == 30)
        #expect(mostAhead.current <= 4)
    }

    /// A run of `jobCount` jobs of a millisecond each that cancels itself when job `cancelAt`
    /// starts: whether it completed, the jobs started, and the jobs delivered.
    private static func cancelledRun(_ pool: OrderedWorkPool, jobCount: Int, cancelAt: Int)
        -> (complete: Bool, performed: [Int], delivered: [Int]) {
        let cancellation = PoolCancellation()
        let delivered = Locked<[Int]>([])
        let performed = Locked<[Int]>([])
        let complete = pool.run(
            jobCount: jobCount,
            cancellation: cancellation,
            grace: 5,
            makeWorker: { _ in () },
            perform: { _, job in
                performed.withLock { $0.append(job) }
                if job == cancelAt { cancellation.cancel() }
                usleep(1000)
                return job
            },
            finish: { _, value in value },
            deliver: { job, _ in delivered.withLock { $0.append(job) } })
        return (complete, performed.current, delivered.current)
    }

    @Test func cancellationStopsClaimingAndKeepsOrder() {
        let run = Self.cancelledRun(OrderedWorkPool(threadCount: 2, finishingThreadCount: 2), jobCount: 1000, cancelAt: 10)
        #expect(!run.complete)
        // Jobs whose results still waited for a finishing thread are left out; the rest come in order.
        #expect(run.delivered == run.delivered.sorted())
        #expect(Set(run.delivered).isSubset(of: run.performed))
        #expect(run.performed.count < 30)
    }

    /// Each thread's jobs, split where a job does not follow the one before it.
    private static func runs(of jobs: [Int]) -> [[Int]] {
        var runs: [[Int]] = []
        for job in jobs {
            if let last = runs.last?.last, last + 1 == job { runs[runs.count - 1].append(job) } else { runs.append([job]) }
        }
        return runs
    }

    /// `pool` run over `jobCount` jobs, each thread's worker its index, `perform` told the thread
    /// and the job; whether the run completed, and the jobs in the order delivered (also kept in
    /// `delivered`, which `perform` may look at).
    private static func runNumbered(_ pool: OrderedWorkPool, jobCount: Int, delivered: Locked<[Int]> = Locked([]),
                                    perform: @escaping @Sendable (_ thread: Int, _ job: Int) -> Void) -> (complete: Bool, delivered: [Int]) {
        let complete = pool.run(
            jobCount: jobCount,
            makeWorker: { index in index },
            perform: { thread, job in
                perform(thread, job)
                return job
            },
            finish: { _, value in value },
            deliver: { job, _ in delivered.withLock { $0.append(job) } })
        return (complete, delivered.current)
    }

    @Test func threadsWorkThroughRunsOfNeighbouringJobs() {
        let byThread = Locked<[Int: [Int]]>([:])
        let delivered = Locked<[Int]>([])
        let claimed = Locked(0)
        let mostAhead = Locked(0)
        let pool = OrderedWorkPool(threadCount: 2, runLength: 8)
        let run = Self.runNumbered(pool, jobCount: 40, delivered: delivered) { thread, job in
            let ahead = claimed.withLock { $0 += 1; return $0 } - delivered.withLock { $0.count }
            mostAhead.withLock { $0 = max($0, ahead) }
            byThread.withLock { $0[thread, default: []].append(job) }
            usleep(UInt32((job * 7919) % 3) * 500)
        }
        #expect(run.complete)
        #expect(run.delivered == Array(0..<40))
        let threads = byThread.current
        #expect(threads.values.flatMap { $0 }.sorted() == Array(0..<40))
        let runs = threads.values.flatMap { Self.runs(of: $0) }
        // Claimed as runs of at most 8, the first as long as that; a thread's runs may meet end to end.
        #expect(runs.contains { $0.first == 0 && $0.count >= 8 })
        #expect(runs.count < 20)
        #expect(mostAhead.current <= pool.window)
    }

    /// A thread claims a run only while `claimsRun` says so, and one job at a time otherwise.
    /// Thread 0 holds its first job until thread 1 has one; thread 1 (never told to) holds its first
    /// job until thread 0 has done three, one at a time, after which thread 0 is told to claim a run, once.
    @Test func aThreadClaimsARunOnlyWhenToldTo() {
        let byThread = Locked<[Int: [Int]]>([:])
        let toldOnce = Locked(false)
        let threeDone = DispatchSemaphore(value: 0)
        let secondStarted = DispatchSemaphore(value: 0)
        let waitedOut = Locked(false)
        let pool = OrderedWorkPool(threadCount: 2, runLength: 512, claimsRun: { thread in
            guard thread == 0, byThread.withLock({ $0[0, default: []].count }) == 3 else { return false }
            return toldOnce.withLock { told in
                defer { told = true }
                return !told
            }
        })
        let run = Self.runNumbered(pool, jobCount: 40) { thread, job in
            let done = byThread.withLock { done in
                done[thread, default: []].append(job)
                return done[thread, default: []].count
            }
            // Thread 0 holds its first job until thread 1 has one, however late thread 1 starts.
            if thread == 1, done == 1 { secondStarted.signal() }
            if thread == 0, done == 1, secondStarted.wait(timeout: .now() + 10) == .timedOut {
                waitedOut.withLock { $0 = true }
            }
            if thread == 1, done == 1, threeDone.wait(timeout: .now() + 10) == .timedOut {
                waitedOut.withLock { $0 = true }
            }
            if thread == 0, done == 4 { threeDone.signal() }
            usleep(300)
        }
        #expect(run.complete)
        #expect(!waitedOut.current)
        #expect(run.delivered == Array(0..<40))
        let threads = byThread.current
        let first = threads[0, default: []], second = threads[1, default: []]
        // Claimed one at a time, thread 1's first job is one of the first two; a run would have
        // given thread 0 the first twenty.
        #expect(second.first.map { $0 < 2 } == true, "\(first) \(second)")
        // Then thread 0's run: an equal share of the 36 left (18), unless thread 1 took its later half.
        let firstRun = Self.runs(of: Array(first.dropFirst(3))).first ?? []
        #expect(firstRun.count >= 9, "\(first) \(second)")
    }

    /// Job 6 does not end until jobs 7 and 8, claimed in the same run as it, have been done: only
    /// the other thread can do them, once it has nothing else, by taking them from that run.
    @Test func aThreadWithNothingLeftTakesTheUnstartedEndOfAnothersRun() {
        let performer = Locked<[Int: Int]>([:])
        let laterDone = DispatchSemaphore(value: 0)
        let waitedOut = Locked(false)
        let pool = OrderedWorkPool(threadCount: 2, runLength: 512)
        let run = Self.runNumbered(pool, jobCount: 12) { thread, job in
            performer.withLock { $0[job] = thread }
            if job == 6 {
                for _ in 0..<2 where laterDone.wait(timeout: .now() + 10) == .timedOut { waitedOut.withLock { $0 = true } }
            } else if job == 7 || job == 8 {
                laterDone.signal()
            }
        }
        #expect(run.complete)
        #expect(!waitedOut.current)
        #expect(run.delivered == Array(0..<12))
        let threads = performer.current
        #expect(threads[7] != threads[6] && threads[8] != threads[6], "\(threads)")
    }

    /// A thread claims an equal share of what is left, up to the limit.
    @Test func eachThreadClaimsAnEqualShare() {
        let length = { (remaining: Int) in
            OrderedWorkPool.claimedRunLength(remaining: remaining, threads: 2, limit: 32, room: 100)
        }
        #expect(length(1000) == 32)
        #expect(length(40) == 20)
        #expect(length(9) == 5)
        #expect(length(1) == 1)
        // The 109 screenshots with two threads: half of them, then half of the rest.
        #expect(OrderedWorkPool.claimedRunLength(remaining: 109, threads: 2, limit: 512, room: 2000) == 55)
        #expect(OrderedWorkPool.claimedRunLength(remaining: 54, threads: 2, limit: 512, room: 2000) == 27)
        // Never more than the window has room for, never none.
        #expect(OrderedWorkPool.claimedRunLength(remaining: 1000, threads: 2, limit: 32, room: 3) == 3)
        #expect(OrderedWorkPool.claimedRunLength(remaining: 1000, threads: 2, limit: 32, room: 0) == 1)
        // A run length of one is the pool as it was: one job at a time.
        #expect(OrderedWorkPool.claimedRunLength(remaining: 1000, threads: 2, limit: 1, room: 100) == 1)
    }

    @Test func aCancelledRunDoesNotStartTheRestOfAClaimedRun() {
        let run = Self.cancelledRun(OrderedWorkPool(threadCount: 2, runLength: 16), jobCount: 200, cancelAt: 2)
        #expect(!run.complete)
        // Without the check each thread would go on to the end of its run of 16.
        #expect(run.performed.count < 12)
        // Every job started was finished, the other thread's run included, and is delivered in order.
        #expect(run.delivered == run.performed.sorted())
    }
}
