import Foundation
import Locking
import TesseractReading

/// Reads a photo's lines again with Tesseract on two threads at once: each line that did not
/// read well at first, retried on its own (`PhotoRecognizer.bestReading`).
///
/// The calling worker takes lines from the front with its own handles; a helper thread, once
/// it has a core (`SharedLineRecognition.HelperCore`), takes them from the back with handles of
/// its own (`helperEngines`), since a Tesseract handle is used by one thread at a time. Each
/// line is read by one thread, as it would be alone, so what a line reads does not depend on
/// which thread read it. Without this, the second core waited while the Russian contract's 51
/// unsure lines were read again, one after another (docs/experiments/photos.md,
/// "A photo's unsure lines read again on two threads").
enum SharedLineRetries {
    /// `retry` run for every index of `indices`, keyed by index. `retry` gets the engine cache
    /// of the thread it runs on, and takes every handle it uses from it; it must touch nothing
    /// else that either thread changes. `helperEngines` is made only when the helper starts, and
    /// its leases end with the lines.
    static func read<Result>(_ indices: [Int], engines: EngineCache, helperEngines: () -> EngineCache,
                             helperCore: SharedLineRecognition.HelperCore,
                             retry: (Int, EngineCache) throws(OCRError) -> Result) throws(OCRError) -> [Int: Result] {
        try withoutActuallyEscaping(retry) { (retry) throws(OCRError) -> [Int: Result] in
            let work = Work(indices: indices, retry: retry)
            // The helper, started at most once, with a line besides the worker's next to take.
            var helper: JoinableThread?
            var helperCache: EngineCache?
            defer { helperCache?.leasesEnded() }
            var failure: OCRError?
            while true {
                if helper == nil, work.leftCount >= 2, let lease = helperCore.lease() {
                    let cache = helperEngines()
                    helperCache = cache
                    let lent = LentCache(cache: cache)
                    // Tesseract takes more stack than a secondary thread's default on some lines.
                    helper = JoinableThread(stackSize: 8 << 20) {
                        work.readUntilDone(with: lent.cache, fromBack: true)
                        lease.end()
                    }
                }
                do throws(OCRError) {
                    guard try work.readOne(with: engines, fromBack: false) else { break }
                } catch {
                    failure = error
                    work.stop()
                    break
                }
            }
            helper?.join()
            // Nothing may hold `retry` once this block ends, the helper's thread object included.
            work.forgetRetry()
            if let failure = failure ?? work.failure { throw failure }
            return work.results
        }
    }

    /// The helper's engine cache, handed to its thread, which alone uses it until it ends.
    private final class LentCache: @unchecked Sendable {
        // @unchecked Sendable: the lending thread does not touch the cache until it has joined
        // the helper.
        let cache: EngineCache
        init(cache: EngineCache) { self.cache = cache }
    }

    /// The lines still to retry and what their retries gave, shared by the two threads.
    private final class Work<Result>: @unchecked Sendable {
        // @unchecked Sendable: `state` is read and written under its lock; `retry` is called by
        // both threads, each with its own engine cache, and touches nothing else that changes
        // while the lines are read (`SharedLineRetries.read`); it is let go of only once the
        // helper has ended.
        private var retry: ((Int, EngineCache) throws(OCRError) -> Result)?
        private let state: Locked<State>

        private struct State {
            var queue: SharedLineQueue
            var results: [Int: Result] = [:]
            var failure: OCRError?
        }

        init(indices: [Int], retry: @escaping (Int, EngineCache) throws(OCRError) -> Result) {
            self.retry = retry
            state = Locked(State(queue: SharedLineQueue(indices)))
        }

        var leftCount: Int { state.withLock { $0.queue.untaken.count } }
        var results: [Int: Result] { state.withLock { $0.results } }
        var failure: OCRError? { state.withLock { $0.failure } }

        /// Takes the next line from the front or the back and retries it; false when none was left.
        func readOne(with engines: EngineCache, fromBack: Bool) throws(OCRError) -> Bool {
            guard let index = state.withLock({ $0.queue.take(fromBack: fromBack) }), let retry else { return false }
            let result = try retry(index, engines)
            state.withLock { $0.results[index] = result }
            return true
        }

        /// Retries lines until none is left; a failure ends the work for both threads, and is
        /// kept for the calling one to throw.
        func readUntilDone(with engines: EngineCache, fromBack: Bool) {
            do throws(OCRError) {
                while try readOne(with: engines, fromBack: fromBack) {}
            } catch {
                state.withLock { $0.failure = $0.failure ?? error }
                stop()
            }
        }

        /// Lets go of `retry`, once no thread can call it again.
        func forgetRetry() {
            retry = nil
        }

        /// Leaves the lines not yet taken.
        func stop() {
            state.withLock { $0.queue.stop() }
        }
    }
}
