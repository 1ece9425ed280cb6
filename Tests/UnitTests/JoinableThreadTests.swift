import Foundation
import Locking
import Testing

/// The thread the project starts its background work on: joining waits for the block, and its
/// stack is the size asked for.
@Suite struct JoinableThreadTests {
    @Test func joinReturnsOnlyOnceTheBlockHasReturnedForEveryJoiner() {
        let steps = Locked<[String]>([])
        let thread = JoinableThread {
            usleep(20_000)
            steps.withLock { $0.append("block") }
        }
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            thread.join()
            steps.withLock { $0.append("joined") }
        }
        // A thread that has been joined is joined again at once.
        thread.join()
        #expect(steps.current == ["block", "joined", "joined", "joined"])
    }

    /// glibc's `pthread_getattr_np`, which Swift's Glibc module leaves out (it needs _GNU_SOURCE).
    private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

    @Test func theBlockRunsOnAThreadWithTheStackAskedFor() throws {
        let process = try #require(dlopen(nil, RTLD_NOW))
        defer { dlclose(process) }
        let getAttributes = unsafeBitCast(try #require(dlsym(process, "pthread_getattr_np")), to: GetAttributes.self)
        let stack = Locked<Int>(0)
        let caller = pthread_self()
        let onAnotherThread = Locked(false)
        JoinableThread(stackSize: 16 << 20) {
            // Filled in by pthread_getattr_np.
            let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
            defer { attributes.deallocate() }
            guard getAttributes(pthread_self(), attributes) == 0 else { return }
            defer { pthread_attr_destroy(attributes) }
            var size = 0
            pthread_attr_getstacksize(attributes, &size)
            stack.withLock { $0 = size }
            onAnotherThread.withLock { $0 = pthread_equal(pthread_self(), caller) == 0 }
        }.join()
        #expect(stack.current >= 16 << 20)
        #expect(onAnotherThread.current)
    }
}
