import Foundation
import Locking
import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline

/// Everything a run writes to standard error, so that messages and the progress bar never mix.
///
/// On a terminal (a width is given) the bar is drawn on one line that is rewritten in place
/// with a carriage return, at most once per `minimumInterval`; before any other line goes to
/// stderr (or stdout, through `hidingBar`) it is cleared, and it is drawn again after. Off a
/// terminal there is no bar at all: only whole lines are written.
public final class StatusLine: Sendable {
    private struct State {
        var total = 0
        var done = 0
        var started: Double?
        var lastDrawn = -Double.infinity
        var visible = false
        var lastLine = ""
        var stopped = false
    }

    private let sink: TextSink
    private let terminalWidth: Int?
    private let clock: @Sendable () -> Double
    private let minimumInterval: Double
    /// The language of the bar's words.
    private let language: MessageLanguage
    private let state = Locked(State())

    /// `terminalWidth`: the width of the terminal stderr is, or nil for no progress bar.
    public init(sink: TextSink, terminalWidth: Int?, minimumInterval: Double = 0.1, language: MessageLanguage = .english,
                clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.language = language
        self.sink = sink
        self.terminalWidth = terminalWidth
        self.minimumInterval = minimumInterval
        self.clock = clock
    }

    /// Whether a progress bar is shown.
    public var showsProgress: Bool { terminalWidth != nil }

    /// Writes `text` (whole lines, ending in a newline) with the bar out of the way.
    public func write(_ text: String) {
        state.withLock { state in
            clear(&state)
            sink.write(text)
            draw(&state, force: true)
        }
    }

    /// Runs `body` (which writes to standard output) with the bar out of the way.
    public func hidingBar(_ body: () -> Void) {
        state.withLock { state in
            let wasVisible = state.visible
            clear(&state)
            body()
            draw(&state, force: wasVisible)
        }
    }

    /// Starts counting toward `total` images, from now.
    public func start(total: Int) {
        state.withLock { state in
            state.total = total
            state.started = clock()
            draw(&state, force: true)
        }
    }

    /// Counts one more image done.
    public func advance() {
        state.withLock { state in
            state.done += 1
            draw(&state, force: state.done == state.total)
        }
    }

    /// Redraws (for the rate and the time left) when the last drawing is old enough.
    public func tick() {
        state.withLock { state in draw(&state, force: false) }
    }

    /// Clears the bar for good; later calls write lines only.
    public func stop() {
        state.withLock { state in
            clear(&state)
            state.stopped = true
        }
    }

    private func draw(_ state: inout State, force: Bool) {
        guard let width = terminalWidth, !state.stopped, let started = state.started else { return }
        let now = clock()
        guard force || now - state.lastDrawn >= minimumInterval else { return }
        let line = ProgressBar.line(done: state.done, total: state.total, elapsed: now - started, width: width,
                                    language: language)
        guard !state.visible || line != state.lastLine else { return }
        state.lastDrawn = now
        state.lastLine = line
        state.visible = true
        sink.write("\r" + line + "\u{1B}[K")
    }

    private func clear(_ state: inout State) {
        guard state.visible else { return }
        sink.write("\r\u{1B}[K")
        state.visible = false
    }
}
