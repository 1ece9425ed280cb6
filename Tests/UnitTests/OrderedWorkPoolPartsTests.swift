import Foundation
import Testing
import Locking
@testable import TranslatePipeline

/// The pool's jobs that emit parts as they go (a document's pages): parts delivered in job and
/// part order as soon as they are due, each job's end after its parts, and a cancellation that
/// leaves everything up to some point delivered and the job at that point ended.
@Suite struct OrderedWorkPoolPartsTests {
    /// Job `j` emits `j % 4` parts (some none), each finished out of order on two threads.
    @Test func partsComeInJobAndPartOrderEachJobEndingAfterItsParts() {
        let events = Locked<[String]>([])
        let pool = OrderedWorkPool(threadCount: 3, finishingThreadCount: 2)
        let complete = pool.run(
            jobCount: 30,
            makeWorker: { _ in () },
            perform: { (_: inout Void, job: Int, emit: (Int) -> Void) in
                for part in 0..<(job % 4) {
                    usleep(UInt32((job * 7919 + part) % 3) * 500)
                    emit(part)
                }
            },
            finish: { job, part in
                usleep(UInt32((job * 104_729 + part) % 4) * 500)
                return "\(job).\(part)"
            },
            deliver: { _, part in events.withLock { $0.append(part) } },
            end: { job, delivered in events.withLock { $0.append("end \(job): \(delivered)") } })
        #expect(complete)
        let expected = (0..<30).flatMap { job in (0..<(job % 4)).map { "\(job).\($0)" } + ["end \(job): \(job % 4)"] }
        #expect(events.current == expected)
    }

    /// Each performing thread says once that it is idle, after its last job, while a longer
    /// job may still be performed on another thread: its core is then free for that job.
    @Test func eachThreadSaysItIsIdleOnceAfterItsLastJob() {
        let idle = Locked<[Int]>([])
        let performed = Locked<[Int: Int]>([:])
        let idleWhileLongJobRan = Locked<Bool>(false)
        let complete = OrderedWorkPool(threadCount: 3).run(
            jobCount: 4,
            makeWorker: { thread in thread },
            perform: { (thread: inout Int, job: Int, emit: (Int) -> Void) in
                // Job 0 runs until another thread has nothing left to do (or a second passes).
                if job == 0 {
                    for _ in 0..<200 where idle.current.isEmpty { usleep(5_000) }
                    idleWhileLongJobRan.withLock { $0 = !idle.current.isEmpty }
                }
                performed.withLock { $0[thread, default: 0] += 1 }
                emit(job)
            },
            finish: { _, job in job },
            deliver: { _, _ in },
            end: { _, _ in },
            idle: { thread in idle.withLock { $0.append(thread) } })
        #expect(complete)
        #expect(idle.current.sorted() == [0, 1, 2])
        #expect(performed.current.values.reduce(0, +) == 4)
        #expect(idleWhileLongJobRan.current)
    }

    /// The first part of a long job is delivered while the job still works on its next ones.
    @Test func aPartIsDeliveredBeforeItsJobEnds() {
        let delivered = Locked<[Int]>([])
        let seenWhileReading = Locked<[Int]>([])
        OrderedWorkPool(threadCount: 1, finishingThreadCount: 1).run(
            jobCount: 1,
            makeWorker: { _ in () },
            perform: { (_: inout Void, _: Int, emit: (Int) -> Void) in
                for part in 0..<3 {
                    emit(part)
                    // Give the part time to go through; what was delivered by now is seen here.
                    usleep(50_000)
                    seenWhileReading.withLock { $0.append(delivered.current.count) }
                }
            },
            finish: { _, part in part },
            deliver: { _, part in delivered.withLock { $0.append(part) } },
            end: { _, _ in })
        #expect(delivered.current == [0, 1, 2])
        #expect(seenWhileReading.current == [1, 2, 3])
    }

    /// Cancelled while parts wait for the finishing thread: those are dropped, and each job is
    /// ended at its first dropped part with the parts before it. Job 0 ends part-way. A later
    /// job's parts may all have waited (it delivers nothing but its end), or a first few may
    /// have been finished by a worker with nothing left to read before the cancellation (it
    /// delivers those, in order, and ends with their count); on a loaded machine the later
    /// jobs may not have begun at all, and a job never begun is not ended. Jobs begin in order.
    @Test func partsLeftUnfinishedEndTheDeliveriesWhereTheyAre() {
        let events = Locked<[String]>([])
        let cancellation = PoolCancellation()
        let finishing = Locked(0)
        let complete = OrderedWorkPool(threadCount: 2, finishingThreadCount: 1).run(
            jobCount: 4,
            cancellation: cancellation,
            grace: 5,
            makeWorker: { _ in () },
            perform: { (_: inout Void, job: Int, emit: (Int) -> Void) in
                for part in 0..<5 where !cancellation.isCancelled {
                    emit(part)
                    if job == 0 && part == 3 {
                        // Parts 0…3 are out; cancel once the finisher is busy with the first.
                        while finishing.current == 0 { usleep(1000) }
                        cancellation.cancel()
                    }
                }
            },
            finish: { job, part in
                if job == 0 { finishing.withLock { $0 += 1 } }
                // Slow enough that parts of job 0 are still waiting when it is cancelled.
                usleep(job == 0 ? 100_000 : 0)
                return "\(job).\(part)"
            },
            deliver: { _, part in events.withLock { $0.append(part) } },
            end: { job, delivered in events.withLock { $0.append("end \(job): \(delivered)") } })
        #expect(!complete)
        let delivered = events.current
        // Job 0 delivered a prefix of its parts, then ended; the later jobs only ended.
        let parts = Array(delivered.prefix { $0.hasPrefix("0.") })
        #expect(parts.elementsEqual((0..<parts.count).map { "0.\($0)" }), "\(delivered)")
        #expect(parts.count >= 1 && parts.count < 4, "\(delivered)")
        var rest = Array(delivered.dropFirst(parts.count))
        #expect(rest.first == "end 0: \(parts.count)", "\(delivered)")
        rest = Array(rest.dropFirst())
        for job in 1..<4 where !rest.isEmpty {
            let later = Array(rest.prefix { $0.hasPrefix("\(job).") })
            #expect(later.elementsEqual((0..<later.count).map { "\(job).\($0)" }), "\(delivered)")
            rest = Array(rest.dropFirst(later.count))
            #expect(rest.first == "end \(job): \(later.count)", "\(delivered)")
            rest = Array(rest.dropFirst())
        }
        #expect(rest.isEmpty, "\(delivered)")
    }

    /// A job whose perform is still busy when the grace period ends is ended then, with the
    /// parts it delivered, and what it emits later is not delivered.
    @Test func theJobBeingReadWhenTheGraceEndsIsEndedWithWhatItDelivered() {
        let events = Locked<[String]>([])
        let cancellation = PoolCancellation()
        let complete = OrderedWorkPool(threadCount: 1).run(
            jobCount: 3,
            cancellation: cancellation,
            grace: 0.2,
            makeWorker: { _ in () },
            perform: { (_: inout Void, job: Int, emit: (Int) -> Void) in
                emit(0)
                emit(1)
                cancellation.cancel()
                // The part being read takes longer than the grace period.
                usleep(600_000)
                emit(2)
            },
            finish: { job, part in "\(job).\(part)" },
            deliver: { _, part in events.withLock { $0.append(part) } },
            end: { job, delivered in events.withLock { $0.append("end \(job): \(delivered)") } })
        #expect(!complete)
        #expect(events.current == ["0.0", "0.1", "end 0: 2"])
        // The straggler's last part comes after the run returned, and is not delivered either.
        usleep(700_000)
        #expect(events.current == ["0.0", "0.1", "end 0: 2"])
    }
}

/// An interrupted run keeps every job that finished, even behind one that did not.
@Suite struct OrderedWorkPoolInterruptTests {
    /// Job 0's finishing outlasts the grace period while jobs 1…3 are done: they are delivered
    /// in order after it, job 0 is ended with nothing delivered, and a job never started is
    /// neither delivered nor ended.
    @Test func jobsFinishedBehindAnUnfinishedOneAreDelivered() {
        let events = Locked<[String]>([])
        let cancellation = PoolCancellation()
        let release = DispatchSemaphore(value: 0)
        let finishedLater = Locked(0)
        let complete = OrderedWorkPool(threadCount: 1, finishingThreadCount: 2).run(
            jobCount: 6,
            cancellation: cancellation,
            grace: 0.3,
            makeWorker: { _ in () },
            perform: { (_: inout Void, job: Int, emit: (Int) -> Void) in
                guard job == 4 else { return emit(job) }
                // Jobs 1…3 finished while job 0 is still being finished: interrupt now.
                while finishedLater.current < 3 { usleep(1000) }
                cancellation.cancel()
            },
            finish: { job, value in
                if job == 0 { release.wait() } else { finishedLater.withLock { $0 += 1 } }
                return "\(value)"
            },
            deliver: { _, part in events.withLock { $0.append(part) } },
            end: { job, delivered in events.withLock { $0.append("end \(job): \(delivered)") } })
        #expect(!complete)
        let expected = ["end 0: 0", "1", "end 1: 1", "2", "end 2: 1", "3", "end 3: 1", "end 4: 0"]
        #expect(events.current == expected)
        // Job 0 finishing after the run returned delivers nothing.
        release.signal()
        usleep(100_000)
        #expect(events.current == expected)
    }

    /// A job whose part was still waiting to be finished when the run was cancelled is ended
    /// with the parts before it; the jobs after it that finished are still delivered.
    @Test func aDroppedPartEndsOnlyItsOwnJob() {
        let events = Locked<[String]>([])
        let cancellation = PoolCancellation()
        let release = DispatchSemaphore(value: 0)
        let started = Locked<Set<Int>>([])
        let complete = OrderedWorkPool(threadCount: 1, finishingThreadCount: 1).run(
            jobCount: 4,
            cancellation: cancellation,
            grace: 5,
            makeWorker: { _ in () },
            perform: { (_: inout Void, job: Int, emit: (Int) -> Void) in
                guard job == 2 else { return emit(job) }
                // Job 1 waits for the finisher, which is busy with job 0: interrupt now.
                while !started.current.contains(0) { usleep(1000) }
                cancellation.cancel()
                release.signal()
            },
            finish: { job, value in
                started.withLock { $0.insert(job) }
                if job == 0 { release.wait() }
                return "\(value)"
            },
            deliver: { _, part in events.withLock { $0.append(part) } },
            end: { job, delivered in events.withLock { $0.append("end \(job): \(delivered)") } })
        #expect(!complete)
        #expect(events.current == ["0", "end 0: 1", "end 1: 0", "end 2: 0"])
    }
}
