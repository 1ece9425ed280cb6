import Foundation
import Locking
import Testing
@testable import TesseractReading
@testable import TextRecognition

/// The handle pool's budget bounds its worst moment: one handle loads at a time, counted at what
/// it holds while loading. Real `tha` handles (small and quick to load); their sizes come from a
/// heap count the test controls, so that the budget's arithmetic is exact.
@Suite struct HandlePoolBudgetTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    private static let mebibyte = 1 << 20

    /// The heap as the pool sees it: grows only when a test's load says so.
    private final class CountedHeap: Sendable {
        let bytes = Locked(0)
        func grow(by amount: Int) { bytes.withLock { $0 += amount } }
    }

    /// A loader for `pool.borrow` that makes a real `tha` handle, and makes the counted heap grow
    /// by `keeps`, as if the handle had held `keeps + freedAfterLoading` while it loaded.
    private static func load(_ heap: CountedHeap, keeps: Int, freedAfterLoading: Int = 0)
        -> () throws(OCRError) -> TesseractHandlePool.Handle {
        return { () throws(OCRError) in
            let engine = try TesseractEngine(languages: ["tha"])
            engine.droppedTemplateBytes = freedAfterLoading
            heap.grow(by: keeps)
            return .engine(engine)
        }
    }

    private static func borrow(_ key: String, from pool: TesseractHandlePool, worker: Int,
                               load: () throws(OCRError) -> TesseractHandlePool.Handle) throws -> Bool {
        try pool.borrow(key, worker: worker, load: load) { (_) throws(OCRError) in true } == true
    }

    /// Runs `body` on a thread of its own, counted in `group`. These tests hold such threads on
    /// semaphores: on the shared dispatch queues, whose threads are as few as the cores, three
    /// tests doing so side by side left none for the work they were waiting for.
    private static func onItsOwnThread(_ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
        group.enter()
        Thread {
            body()
            group.leave()
        }.start()
    }

    /// While one worker's handle loads, another that must load one waits, and loads only after.
    @Test func oneHandleLoadsAtATime() throws {
        let heap = CountedHeap()
        let pool = TesseractHandlePool(limit: 1 << 30, firstLoadSize: Self.mebibyte, heapInUse: { heap.bytes.withLock { $0 } })
        let first = pool.newWorker(), second = pool.newWorker()
        let firstStarted = DispatchSemaphore(value: 0), firstMayFinish = DispatchSemaphore(value: 0)
        let secondLoadStarted = Locked(false)
        let done = DispatchGroup()
        let results = Locked<[String: Bool]>([:])

        Self.onItsOwnThread(done) {
            let loaded = try? Self.borrow("a", from: pool, worker: first) { () throws(OCRError) in
                firstStarted.signal()
                firstMayFinish.wait()
                return try Self.load(heap, keeps: Self.mebibyte)()
            }
            results.withLock { $0["a"] = loaded }
        }
        firstStarted.wait()
        Self.onItsOwnThread(done) {
            let loaded = try? Self.borrow("b", from: pool, worker: second) { () throws(OCRError) in
                secondLoadStarted.withLock { $0 = true }
                return try Self.load(heap, keeps: Self.mebibyte)()
            }
            results.withLock { $0["b"] = loaded }
        }
        // The second worker reaches the pool and waits there, its load not begun.
        while pool.waitingThreads == 0, !secondLoadStarted.withLock({ $0 }) { sched_yield() }
        #expect(secondLoadStarted.withLock { $0 } == false)
        firstMayFinish.signal()
        done.wait()

        #expect(results.withLock { $0 } == ["a": true, "b": true])
        #expect(pool.mostConcurrentLoads == 1)
        #expect(pool.loadsAndFrees.loads == 2)
    }

    /// A handle that held more while loading than it keeps is counted, when it loads again, at
    /// what it held while loading: an idle handle is freed first to make room for that.
    @Test func aLoadIsCountedAtItsLoadingSize() throws {
        let heap = CountedHeap()
        let limit = 40 * Self.mebibyte
        let pool = TesseractHandlePool(limit: limit, firstLoadSize: 8 * Self.mebibyte, heapInUse: { heap.bytes.withLock { $0 } })
        let worker = pool.newWorker()
        let han = Self.load(heap, keeps: 4 * Self.mebibyte, freedAfterLoading: 30 * Self.mebibyte)

        #expect(try Self.borrow("han", from: pool, worker: worker, load: han))
        #expect(pool.loadingSize(of: "han") == 34 * Self.mebibyte)
        pool.freeIdle()
        #expect(try Self.borrow("other", from: pool, worker: worker, load: Self.load(heap, keeps: 10 * Self.mebibyte)))
        #expect(pool.heldKeys == ["other"])

        // 10 MiB held and 34 to load would be 44 of 40: the idle handle goes first.
        #expect(try Self.borrow("han", from: pool, worker: worker, load: han))
        #expect(pool.heldKeys == ["han"])
        #expect(pool.peak <= limit)
        // The load was counted at its loading size while it ran, not at the 4 MiB it keeps.
        #expect(pool.peak >= 34 * Self.mebibyte)
    }

    /// With the handles it holds all borrowed and no room for another load, a worker waits for one
    /// to come back rather than go over the budget.
    @Test func noRoomWaitsForABorrowedHandle() throws {
        let heap = CountedHeap()
        let limit = 10 * Self.mebibyte
        let pool = TesseractHandlePool(limit: limit, firstLoadSize: 6 * Self.mebibyte, heapInUse: { heap.bytes.withLock { $0 } })
        let first = pool.newWorker(), second = pool.newWorker()
        let firstBorrowed = DispatchSemaphore(value: 0), firstMayReturn = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let secondLoaded = Locked(false)

        Self.onItsOwnThread(done) {
            _ = try? pool.borrow("a", worker: first, load: Self.load(heap, keeps: 6 * Self.mebibyte)) { (_) throws(OCRError) in
                firstBorrowed.signal()
                firstMayReturn.wait()
            }
        }
        firstBorrowed.wait()
        Self.onItsOwnThread(done) {
            let loaded = try? Self.borrow("b", from: pool, worker: second) { () throws(OCRError) in
                secondLoaded.withLock { $0 = true }
                return try Self.load(heap, keeps: 6 * Self.mebibyte)()
            }
            #expect(loaded == true)
        }
        while pool.waitingThreads == 0, !secondLoaded.withLock({ $0 }) { sched_yield() }
        #expect(secondLoaded.withLock { $0 } == false)
        firstMayReturn.signal()
        done.wait()

        #expect(secondLoaded.withLock { $0 })
        #expect(pool.heldKeys == ["b"])
        #expect(pool.peak <= limit)
    }

    /// A worker that needs a handle another is reading with waits for it, rather than free an
    /// idle handle to load a second copy.
    @Test func aBusyHandleIsWaitedForRatherThanCopiedInPlaceOfAnother() throws {
        let heap = CountedHeap()
        let limit = 20 * Self.mebibyte
        let pool = TesseractHandlePool(limit: limit, firstLoadSize: 8 * Self.mebibyte, heapInUse: { heap.bytes.withLock { $0 } })
        let first = pool.newWorker(), second = pool.newWorker()
        // "x" keeps 6 MiB but held 10 while loading; "y" keeps 6: 12 held, a copy of "x" would
        // make 22 of 20.
        #expect(try Self.borrow("x", from: pool, worker: first, load: Self.loadX(heap)))
        #expect(try Self.borrow("y", from: pool, worker: first, load: Self.load(heap, keeps: 6 * Self.mebibyte)))

        let firstBorrowed = DispatchSemaphore(value: 0), firstMayReturn = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let secondLoaded = Locked(false)
        let handles = Locked<[ObjectIdentifier]>([])
        Self.onItsOwnThread(done) {
            _ = try? pool.borrow("x", worker: first, load: Self.loadX(heap)) { (handle) throws(OCRError) in
                if let id = Self.identifier(of: handle) { handles.withLock { $0.append(id) } }
                firstBorrowed.signal()
                firstMayReturn.wait()
            }
        }
        firstBorrowed.wait()
        Self.onItsOwnThread(done) {
            _ = try? pool.borrow("x", worker: second, load: { () throws(OCRError) in
                secondLoaded.withLock { $0 = true }
                return try Self.loadX(heap)()
            }) { (handle) throws(OCRError) in
                if let id = Self.identifier(of: handle) { handles.withLock { $0.append(id) } }
            }
        }
        while pool.waitingThreads == 0, !secondLoaded.withLock({ $0 }) { sched_yield() }
        #expect(secondLoaded.withLock { $0 } == false)
        firstMayReturn.signal()
        done.wait()

        #expect(!secondLoaded.withLock { $0 })
        let used = handles.withLock { $0 }
        #expect(used.count == 2 && used[0] == used[1])
        #expect(pool.heldKeys.sorted() == ["x", "y"])
        #expect(pool.loadsAndFrees == (2, 0))
    }

    /// A handle a worker takes for its own leaves the budget; one it gives up comes back first
    /// in line to be freed, or is let go when the budget has no room for it as it is.
    @Test func aWorkersOwnHandleLeavesTheBudgetAndComesBackFirstInLine() throws {
        let heap = CountedHeap()
        let pool = TesseractHandlePool(limit: 20 * Self.mebibyte, firstLoadSize: 8 * Self.mebibyte,
                                       heapInUse: { heap.bytes.withLock { $0 } })
        let worker = pool.newWorker()
        #expect(try Self.borrow("a", from: pool, worker: worker, load: Self.load(heap, keeps: 6 * Self.mebibyte)))
        #expect(try Self.borrow("b", from: pool, worker: worker, load: Self.load(heap, keeps: 6 * Self.mebibyte)))

        let own = try #require(pool.withdraw("a", worker: worker, load: Self.load(heap, keeps: 6 * Self.mebibyte)))
        #expect(pool.heldKeys == ["b"])
        #expect(pool.heldBytes == 6 * Self.mebibyte)
        #expect(pool.loadsAndFrees == (2, 0))

        pool.deposit("a", handle: own, bytes: 6 * Self.mebibyte)
        #expect(pool.heldKeys == ["a", "b"])
        #expect(pool.heldBytes == 12 * Self.mebibyte)

        // 12 held and 10 more would be 22 of 20: nothing is freed for it.
        pool.deposit("c", handle: .engine(try TesseractEngine(languages: ["tha"])), bytes: 10 * Self.mebibyte)
        #expect(pool.heldKeys == ["a", "b"])
        #expect(pool.heldBytes == 12 * Self.mebibyte)
        #expect(pool.peak <= 20 * Self.mebibyte)
    }

    /// A handle given up is counted at no more than the pool saw its data hold while loading:
    /// measured as its worker loaded it, it counted what another thread allocated meanwhile.
    @Test func aHandleGivenUpIsCountedAtMostAtItsDatasLoadingSize() throws {
        let heap = CountedHeap()
        let pool = TesseractHandlePool(limit: 40 * Self.mebibyte, firstLoadSize: 8 * Self.mebibyte,
                                       heapInUse: { heap.bytes.withLock { $0 } })
        let worker = pool.newWorker()
        #expect(try Self.borrow("a", from: pool, worker: worker, load: Self.load(heap, keeps: 6 * Self.mebibyte)))
        pool.freeIdle()
        #expect(pool.heldBytes == 0)

        pool.deposit("a", handle: .engine(try TesseractEngine(languages: ["tha"])), bytes: 14 * Self.mebibyte)
        #expect(pool.heldBytes == 6 * Self.mebibyte)
        // Data the pool never loaded is counted as measured.
        pool.deposit("b", handle: .engine(try TesseractEngine(languages: ["tha"])), bytes: 14 * Self.mebibyte)
        #expect(pool.heldBytes == 20 * Self.mebibyte)
    }

    /// A worker taking for its own a handle no one has loaded yet loads it under the pool's
    /// rules, and the pool holds nothing of it after.
    @Test func aHandleWithdrawnBeforeItWasLoadedIsLoadedForTheWorker() throws {
        let heap = CountedHeap()
        let pool = TesseractHandlePool(limit: 20 * Self.mebibyte, firstLoadSize: 8 * Self.mebibyte,
                                       heapInUse: { heap.bytes.withLock { $0 } })
        let handle = pool.withdraw("a", worker: pool.newWorker(), load: Self.load(heap, keeps: 6 * Self.mebibyte))
        #expect(handle != nil)
        #expect(pool.heldKeys.isEmpty)
        #expect(pool.heldBytes == 0)
        #expect(pool.loadsAndFrees == (1, 0))
    }

    /// The loader of the handle `x` above.
    private static func loadX(_ heap: CountedHeap) -> () throws(OCRError) -> TesseractHandlePool.Handle {
        load(heap, keeps: 6 * mebibyte, freedAfterLoading: 4 * mebibyte)
    }

    private static func identifier(of handle: TesseractHandlePool.Handle) -> ObjectIdentifier? {
        if case .engine(let engine) = handle { return ObjectIdentifier(engine) }
        return nil
    }

    /// Freed memory goes back to the system when a handle is freed, not after every page.
    @Test func freePagesAreGivenBackWhenAHandleIsFreed() throws {
        let heap = CountedHeap()
        let trims = Locked(0)
        let pool = TesseractHandlePool(limit: 1 << 30, firstLoadSize: Self.mebibyte, heapInUse: { heap.bytes.withLock { $0 } },
                                       releaseFreePages: { trims.withLock { $0 += 1 } })
        let worker = pool.newWorker()
        #expect(try Self.borrow("a", from: pool, worker: worker, load: Self.load(heap, keeps: Self.mebibyte)))
        for _ in 0..<TesseractHandlePool.idlePages { pool.pageFinished(worker: worker) }
        #expect(trims.withLock { $0 } == 0)
        pool.pageFinished(worker: worker)
        #expect(pool.heldKeys.isEmpty)
        #expect(trims.withLock { $0 } == 1)
    }
}
