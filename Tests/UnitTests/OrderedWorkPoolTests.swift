import Foundation
import Testing
import Locking
@testable import TranslatePipeline

/// The two-stage pool: order, bounded window, cancellation.
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

    /// With `firstJobAlone` no job starts before the first is delivered, and cancelling in that
    /// delivery means no other job starts at all.
    @Test func theFirstJobAloneRunsBeforeAnyOther() {
        let events = Locked<[String]>([])
        let cancellation = PoolCancellation()
        let pool = OrderedWorkPool(threadCount: 4, finishingThreadCount: 2, firstJobAlone: true)
        pool.run(
            jobCount: 8, cancellation: cancellation,
            makeWorker: { _ in () },
            perform: { _, job in events.withLock { $0.append("start \(job)") }; return job },
            finish: { _, value in value },
            deliver: { job, _ in events.withLock { $0.append("deliver \(job)") } })
        let order = events.current
        #expect(Array(order.prefix(2)) == ["start 0", "deliver 0"])
        #expect(order.count == 16)

        let stopped = Locked<[String]>([])
        let stop = PoolCancellation()
        pool.run(
            jobCount: 8, cancellation: stop,
            makeWorker: { _ in () },
            perform: { _, job in stopped.withLock { $0.append("start \(job)") }; return job },
            finish: { _, value in value },
            deliver: { job, _ in stopped.withLock { $0.append("deliver \(job)") }; stop.cancel() })
        #expect(stopped.current == ["start 0", "deliver 0"])
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

    @Test func cancellationStopsClaimingAndKeepsOrder() {
        let cancellation = PoolCancellation()
        let delivered = Locked<[Int]>([])
        let performed = Locked(0)
        let pool = OrderedWorkPool(threadCount: 2, finishingThreadCount: 2)
        let complete = pool.run(
            jobCount: 1000,
            cancellation: cancellation,
            grace: 5,
            makeWorker: { _ in () },
            perform: { _, job in
                performed.withLock { $0 += 1 }
                if job == 10 { cancellation.cancel() }
                usleep(1000)
                return job
            },
            finish: { _, value in value },
            deliver: { job, _ in delivered.withLock { $0.append(job) } })
        #expect(!complete)
        let jobs = delivered.withLock { $0 }
        #expect(jobs == Array(0..<jobs.count))
        #expect(performed.current < 30)
    }
}
