import Foundation
import Locking
import TranslateModel
import TranslateOutput
import TranslatePipeline

/// Writes results and diagnostics as inputs finish, and keeps the counts for the exit status
/// and the summary.
///
/// The run calls `deliver` one input at a time, in order; `close` may come from the main
/// thread while a straggling worker still delivers, and the lock makes that worker either
/// finish its whole write first or write nothing.
final class ResultPresenter: BatchObserver {
    private struct Counts {
        /// Nil when results go to files rather than standard output. Not thread-safe, so it
        /// lives behind the lock with the counts.
        var renderer: ResultRenderer?
        var closed = false
        var stop: RunStop?
        var inputs = 0
        var failedInputs = 0
        /// Failed inputs of which not even a page could be decoded (as opposed to read but not translated).
        var unreadInputs = 0
        var boxes = 0
        /// Notices said so far, each said once.
        var notices: Set<String> = []
        /// Messages of errors that ended the run, said so far.
        var saidStops: Set<String> = []
    }

    private let options: CommandOptions
    private let context: CommandContext
    private let status: StatusLine
    /// Messages about the inputs, written before the first result.
    private let notes: [String]
    private let counts: Locked<Counts>
    /// Called when standard output turns out to be closed: nothing more can be delivered.
    private let outputClosed: @Sendable () -> Void

    init(renderer: ResultRenderer?, options: CommandOptions, context: CommandContext, status: StatusLine, notes: [String],
         outputClosed: @escaping @Sendable () -> Void) {
        self.outputClosed = outputClosed
        self.counts = Locked(Counts(renderer: renderer))
        self.options = options
        self.context = context
        self.status = status
        self.notes = notes
    }

    func runWillStart(inputCount: Int) {
        if !options.quiet {
            for note in notes { status.write("translate: \(note)\n") }
        }
        counts.withLock { counts in
            if let renderer = counts.renderer { toStandardOutput { renderer.begin(into: context.standardOutput) } }
        }
        if status.showsProgress { status.start(total: inputCount) }
    }

    func notice(_ message: String) {
        guard !options.quiet, counts.withLock({ $0.notices.insert(message).inserted }) else { return }
        status.write("translate: \(message)\n")
    }

    func inputFinished() {
        status.advance()
    }

    /// Output to a terminal that also shows the progress bar must not land in the middle of it.
    private func toStandardOutput(_ write: () -> Void) {
        if context.terminalWidth != nil { status.hidingBar(write) } else { write() }
    }

    func deliver(_ finished: FinishedInput) {
        counts.withLock { counts in
            guard !counts.closed else { return }
            if let renderer = counts.renderer {
                toStandardOutput { renderer.render(finished.results, into: context.standardOutput) }
                if context.standardOutputFailed() {
                    counts.closed = true
                    outputClosed()
                    return
                }
            }
            var messages = ""
            for result in finished.results {
                counts.boxes += result.boxes.count
                guard let error = result.error else { continue }
                // An error that ended the run fails every input after it the same way: said once.
                if error.stopsRun != nil, !counts.saidStops.insert(error.message).inserted { continue }
                messages += "translate: \(result.file)\(Self.page(of: result, in: finished)): \(error.message)\n"
            }
            counts.inputs += 1
            if finished.results.contains(where: { $0.error != nil }) { counts.failedInputs += 1 }
            if !finished.results.contains(where: { $0.width != nil }) { counts.unreadInputs += 1 }
            counts.stop = counts.stop ?? finished.stop
            if options.verbose, let first = finished.results.first, first.error == nil {
                messages += Self.verboseLines(for: finished, file: first.file)
            }
            if !messages.isEmpty { status.write(messages) }
        }
    }

    private static func page(of result: ImageResult, in finished: FinishedInput) -> String {
        finished.results.count > 1 ? " (page \(result.page))" : ""
    }

    /// What `--verbose` says of one input: its pages, boxes and time, and what was done to each page.
    private static func verboseLines(for finished: FinishedInput, file: String) -> String {
        let duration = finished.duration.components
        let seconds = Double(duration.seconds) + Double(duration.attoseconds) / 1e18
        let boxCount = finished.results.reduce(0) { $0 + $1.boxes.count }
        var lines = String(format: "translate: %@: %d page(s), %d boxes in %.2f s\n", file, finished.results.count, boxCount, seconds)
        for result in finished.results where result.error == nil {
            if let preparation = result.preparation {
                lines += "translate: \(result.file)\(page(of: result, in: finished)): \(preparation)\n"
            }
        }
        return lines
    }

    /// Ends the output (a JSON array gets its closing bracket); later deliveries are ignored.
    func close() {
        counts.withLock { counts in
            guard !counts.closed else { return }
            counts.closed = true
            if let renderer = counts.renderer { toStandardOutput { renderer.finish(into: context.standardOutput) } }
        }
    }

    /// Inputs reported, boxes and failed inputs so far.
    var totals: (inputs: Int, boxes: Int, failed: Int) {
        counts.withLock { ($0.inputs, $0.boxes, $0.failedInputs) }
    }

    func exitCode(alreadyDone: Int) -> ExitCode {
        counts.withLock { counts in
            if let stop = counts.stop { return ExitCode(stop) }
            if counts.failedInputs == 0 { return .success }
            return counts.unreadInputs == counts.inputs && alreadyDone == 0 ? .noInputReadable : .someInputsFailed
        }
    }
}
