import Foundation
import Synchronization
import Testing
@testable import TranslateModel
@testable import TextRecognition
@testable import LanguageDetection
@testable import TranslationEngines
@testable import TranslateOutput
@testable import TranslatePipeline
@testable import TranslateCLI
import Locking

/// The two-stage pool: order, bounded window, cancellation.
@Suite struct OrderedWorkPoolTests {
    @Test func deliversInJobOrderWhateverOrderJobsFinishIn() {
        let delivered = Mutex<[Int]>([])
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
        let claimed = Atomic<Int>(0)
        let mostAhead = Atomic<Int>(0)
        let delivered = Atomic<Int>(0)
        let pool = OrderedWorkPool(threadCount: 2, finishingThreadCount: 1, window: 4)
        pool.run(
            jobCount: 30,
            makeWorker: { _ in () },
            perform: { _, job in
                let ahead = claimed.add(1, ordering: .relaxed).newValue - delivered.load(ordering: .relaxed)
                _ = mostAhead.max(ahead, ordering: .relaxed)
                if job == 0 { usleep(200_000) }
                return job
            },
            finish: { _, value in value },
            deliver: { _, _ in delivered.add(1, ordering: .relaxed) })
        #expect(delivered.load(ordering: .relaxed) == 30)
        #expect(mostAhead.load(ordering: .relaxed) <= 4)
    }

    @Test func cancellationStopsClaimingAndKeepsOrder() {
        let cancellation = PoolCancellation()
        let delivered = Mutex<[Int]>([])
        let performed = Atomic<Int>(0)
        let pool = OrderedWorkPool(threadCount: 2, finishingThreadCount: 2)
        let complete = pool.run(
            jobCount: 1000,
            cancellation: cancellation,
            grace: 5,
            makeWorker: { _ in () },
            perform: { _, job in
                performed.add(1, ordering: .relaxed)
                if job == 10 { cancellation.cancel() }
                usleep(1000)
                return job
            },
            finish: { _, value in value },
            deliver: { job, _ in delivered.withLock { $0.append(job) } })
        #expect(!complete)
        let jobs = delivered.withLock { $0 }
        #expect(jobs == Array(0..<jobs.count))
        #expect(performed.load(ordering: .relaxed) < 30)
    }
}
