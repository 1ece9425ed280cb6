import Foundation

/// Blocks the calling thread for a while: the clock behind retry back-off, swapped out in tests.
public protocol Sleeper: Sendable {
    /// Waits `seconds` (zero or more) before returning.
    func sleep(seconds: Double)
}

/// Really sleeps, with `Thread.sleep`.
public struct ThreadSleeper: Sleeper {
    public init() {}

    public func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        Thread.sleep(forTimeInterval: seconds)
    }
}
