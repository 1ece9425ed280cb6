// Dispatch's sources are thread-safe, but its Linux overlay does not mark them `Sendable` yet.
@preconcurrency import Dispatch
import Foundation
import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import Locking

/// Tells a run that the user wants it to stop (Ctrl-C, or `kill`); injected so tests can
/// interrupt on cue.
public protocol InterruptSource: Sendable {
    /// Calls `handler` on any thread at each interrupt until `stop` is called.
    func start(_ handler: @escaping @Sendable () -> Void)
    /// Stops listening and restores the default behaviour.
    func stop()
}

/// SIGINT and SIGTERM, caught through dispatch signal sources: the signals themselves are
/// ignored, so nothing runs in a signal handler, and the handler runs on a dispatch queue like
/// any other code. SIGTERM (what `kill` and `timeout` send) stops a run the way Ctrl-C does, so
/// that what was already read is still written out whole.
public final class SignalInterruptSource: InterruptSource {
    private let sources = Locked<[DispatchSourceSignal]>([])
    static let signals = [SIGINT, SIGTERM]

    public init() {}

    public func start(_ handler: @escaping @Sendable () -> Void) {
        let started = Self.signals.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            signal(number, SIG_IGN)
            source.resume()
            return source
        }
        sources.withLock { $0 = started }
    }

    public func stop() {
        sources.withLock { sources in
            for source in sources { source.cancel() }
            sources = []
        }
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
