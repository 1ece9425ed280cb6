#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value shared between threads, reached only while holding its lock.
///
/// The project's one locking primitive. It is built on a pthread mutex because this
/// toolchain's thread sanitizer understands pthread mutexes but reports a "Swift access race"
/// on a correctly locked `Synchronization.Mutex`; a primitive the sanitizer sees keeps its
/// runs meaningful.
///
/// `Sendable` only when its value is (as swift-nio's `NIOLockedValueBox`): the lock keeps two
/// threads from touching the value at once, but a value that is not `Sendable` (a class other
/// references reach, a closure) could still be used from two threads once taken out of it.
public final class Locked<Value> {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// `value` must take memory: the thread sanitizer sees the access to an empty one (`()`)
    /// at the address of the mutex pointer beside it, and reports a race on every use.
    public init(_ value: Value) {
        precondition(MemoryLayout<Value>.size > 0, "Locked needs a value that takes memory, not \(Value.self)")
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; what it returns is returned.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

// @unchecked Sendable: `value` is read and written only between pthread_mutex_lock and
// pthread_mutex_unlock on `mutex`, so no two threads ever touch it at once; and it is itself
// `Sendable`, so what is taken out of it may cross threads too.
extension Locked: @unchecked Sendable where Value: Sendable {}

extension Locked where Value: Sendable {
    /// A copy of the value, taken under the lock.
    public var current: Value {
        withLock { $0 }
    }
}
