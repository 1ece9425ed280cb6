import Foundation

/// A block run on a thread of its own, which other threads can wait for (`join()`).
///
/// The project's way of starting a thread: the loads and readings that overlap a worker's own
/// work, and the worker pool's threads. What the block did is visible to a thread once `join()`
/// has returned there (the semaphore it waits on orders them; the thread sanitizer knows it).
public final class JoinableThread: Sendable {
    private let ended = DispatchSemaphore(value: 0)

    /// Starts `body` on a new thread with a stack of `stackSize` bytes (nil: Foundation's
    /// default for a secondary thread, 512 KiB here, too little for Tesseract or OpenCV on some
    /// inputs).
    public init(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) {
        let ended = self.ended
        let thread = Thread {
            body()
            ended.signal()
        }
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
    }

    /// Waits until the block has returned; at once when it already has. Any number of threads
    /// may join, any number of times. A thread that is never joined ends on its own.
    public func join() {
        ended.wait()
        ended.signal()
    }
}
