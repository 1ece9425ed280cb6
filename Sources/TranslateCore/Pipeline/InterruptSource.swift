import Dispatch
import Foundation

/// Tells a run that the user wants it to stop (Ctrl-C); injected so tests can interrupt on cue.
public protocol InterruptSource: Sendable {
    /// Calls `handler` on any thread at each interrupt until `stop` is called.
    func start(_ handler: @escaping @Sendable () -> Void)
    /// Stops listening and restores the default behaviour.
    func stop()
}

/// SIGINT, caught through a dispatch signal source: the signal itself is ignored, so nothing
/// runs in a signal handler, and the handler runs on a dispatch queue like any other code.
public final class SignalInterruptSource: InterruptSource, @unchecked Sendable {
    // @unchecked Sendable: `source` is only read and written under `lock`.
    private let lock = NSLock()
    private var source: DispatchSourceSignal?

    public init() {}

    public func start(_ handler: @escaping @Sendable () -> Void) {
        let signalSource = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        signalSource.setEventHandler(handler: handler)
        signal(SIGINT, SIG_IGN)
        signalSource.resume()
        lock.withLock { source = signalSource }
    }

    public func stop() {
        lock.withLock {
            source?.cancel()
            source = nil
        }
        signal(SIGINT, SIG_DFL)
    }
}
