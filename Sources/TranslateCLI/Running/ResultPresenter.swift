import Foundation
import Locking
import TranslateModel
import TranslateOutput
import TranslatePipeline
import TranslationEngines

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
        /// Run-wide error messages said so far: each is said for the first input it fails.
        var runWideErrors: Set<String> = []
        /// The notice waiting for the first result.
        var notice: String?
        /// The run was stopped for want of credentials.
        var stoppedForCredentials = false
    }

    private let options: CommandOptions
    private let context: CommandContext
    private let status: StatusLine
    /// Messages about the inputs, written before the first result.
    private let notes: [String]
    private let counts: Locked<Counts>
    /// Called when standard output turns out to be closed: nothing more can be delivered.
    private let outputClosed: @Sendable () -> Void
    /// What to add to a run-wide error, by its code: how to fix it.
    private let hints: [String: String]

    /// Without credentials, a language Apertium cannot translate ends the run.
    private let stopsWithoutPair: Bool
    /// The language and colours of the lines on standard error.
    private let say: StatusMessages
    private var errorColors: TerminalColors { say.colors }

    init(renderer: ResultRenderer?, options: CommandOptions, context: CommandContext, status: StatusLine, notes: [String],
         hints: [String: String] = [:], notice: String? = nil, stopsWithoutPair: Bool = false,
         say: StatusMessages? = nil, outputClosed: @escaping @Sendable () -> Void) {
        self.say = say ?? StatusMessages(language: .english, colors: .none, status: status)
        self.hints = hints
        self.outputClosed = outputClosed
        self.stopsWithoutPair = stopsWithoutPair
        self.counts = Locked(Counts(renderer: renderer, notice: notice))
        self.options = options
        self.context = context
        self.status = status
        self.notes = notes
    }

    func runWillStart(inputCount: Int) {
        if !options.quiet {
            for note in notes { status.write("translate: \(MessageCatalogue.librarySentence(note, in: say.language))\n") }
        }
        counts.withLock { counts in
            if let renderer = counts.renderer { toStandardOutput { renderer.begin(into: context.standardOutput) } }
        }
        if status.showsProgress { status.start(total: inputCount) }
    }

    func notice(_ message: String) {
        guard !options.quiet, counts.withLock({ $0.notices.insert(message).inserted }) else { return }
        status.write("translate: \(MessageCatalogue.librarySentence(message, in: say.language))\n")
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
            guard !counts.closed, !counts.stoppedForCredentials else { return }
            let missingPair = stopsWithoutPair ? Self.missingPair(in: finished) : nil
            if let notice = counts.notice {
                counts.notice = nil
                if missingPair == nil { status.write(notice + "\n") }
            }
            if let missingPair {
                // Every later input would fail the same way: say what to do once, and stop.
                counts.stoppedForCredentials = true
                status.write(errorColors.error("translate: \(ShownName.of(missingPair.file)): "
                             + NoCredentials.message(source: missingPair.source, target: missingPair.target, in: say.language)) + "\n")
                outputClosed()
                return
            }
            if let renderer = counts.renderer {
                toStandardOutput { renderer.render(finished.results, into: context.standardOutput) }
                if context.standardOutputFailed() != nil {
                    counts.closed = true
                    outputClosed()
                    return
                }
            }
            var messages = ""
            for result in finished.results {
                counts.boxes += result.boxes.count
                // An error every input would meet (no pair for the language, refused
                // credentials) is said for the first input only.
                if let error = result.error, !error.runWide || counts.runWideErrors.insert(error.message).inserted {
                    messages += errorColors.error("translate: \(ShownName.of(result.file))\(page(of: result, in: finished)): "
                        + ErrorWording.text(of: error, in: say.language)
                        + (error.runWide ? hints[error.code].map { "; \($0)" } ?? "" : "")) + "\n"
                }
            }
            if let pages = Self.pagesLeftOut(of: finished, options: options), !options.quiet {
                // A warning: what was asked for is not all there.
                messages += say.colors.warning("translate: " + MessageCatalogue.counted(
                    .pagesLeftOut, say.language, count: pages, ShownName.of(finished.results[0].file), "\(pages)")) + "\n"
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

    /// How many pages of a multi-page input a PNG on standard output cannot hold: it is one
    /// picture, the first page's.
    private static func pagesLeftOut(of finished: FinishedInput, options: CommandOptions) -> Int? {
        guard options.format == .png, options.outputDirectory == nil, finished.results.count > 1 else { return nil }
        return finished.results.count - 1
    }

    /// The languages of the first box Apertium had no pair for.
    private static func missingPair(in finished: FinishedInput) -> (file: String, source: Language, target: Language)? {
        for result in finished.results where result.error?.code == ApertiumError.pairNotInstalledCode {
            guard let target = result.target else { continue }
            let untranslated = result.boxes.first { $0.translation == nil && $0.language != nil && $0.language != target }
            if let source = untranslated?.language ?? result.source { return (result.file, source, target) }
        }
        return nil
    }

    /// Whether the run was stopped because no engine could translate without credentials.
    var stoppedForCredentials: Bool { counts.withLock { $0.stoppedForCredentials } }

    private func page(of result: ImageResult, in finished: FinishedInput) -> String {
        finished.results.count > 1 ? MessageCatalogue.text(.onPage, say.language, "\(result.page)") : ""
    }

    /// What `--verbose` says of one input: its pages, boxes and time, and what was done to each page.
    private static func verboseLines(for finished: FinishedInput, file: String) -> String {
        let duration = finished.duration.components
        let seconds = Double(duration.seconds) + Double(duration.attoseconds) / 1e18
        let boxCount = finished.results.reduce(0) { $0 + $1.boxes.count }
        var lines = String(format: "translate: %@: %d page(s), %d boxes in %.2f s\n", ShownName.of(file), finished.results.count,
                           boxCount, seconds)
        for result in finished.results where result.error == nil {
            if let preparation = result.preparation {
                lines += "translate: \(ShownName.of(result.file))\(finished.results.count > 1 ? " (page \(result.page))" : ""): \(preparation)\n"
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
