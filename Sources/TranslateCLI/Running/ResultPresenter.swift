import Foundation
import TextRecognition
import Locking
import TranslateModel
import TranslateOutput
import TranslatePipeline
import TranslationEngines

/// Writes results and diagnostics as pages finish, and keeps the counts for the exit status
/// and the summary.
///
/// The run calls `deliver` one page at a time, in order, and `inputEnded` after each input's
/// last page; `close` may come from the main thread while a straggling worker still delivers,
/// and the lock makes that worker either finish its whole write first or write nothing.
final class ResultPresenter: BatchObserver {
    /// @unchecked Sendable: the renderer, which is not thread-safe, is made before it is put in
    /// `counts` and then used only inside `counts.withLock`; everything else is `Sendable`.
    private struct Counts: @unchecked Sendable {
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
        /// Pages, for the summary of a run with documents.
        var pages = RunSummary.Pages()
        /// The input whose pages are being delivered.
        var current = InputSoFar()
        /// Notices said so far, each said once.
        var notices: Set<String> = []
        /// Run-wide error messages said so far: each is said for the first input it fails.
        var runWideErrors: Set<String> = []
        /// The notice waiting for the first result.
        var notice: String?
        /// Boxes left untranslated for a reason every image shares: the lines the run ends with.
        var untranslated = UntranslatedBoxes()
    }

    private let options: CommandOptions
    private let context: CommandContext
    private let status: StatusLine
    /// Messages about the inputs, in the language of the messages, written before the first result.
    private let notes: [String]
    private let counts: Locked<Counts>
    /// Called when standard output turns out to be closed: nothing more can be delivered.
    private let outputClosed: @Sendable () -> Void
    /// What to add to a run-wide error, by its code: how to fix it.
    private let hints: [String: String]

    /// Apertium translates for want of credentials: a language it cannot translate is said
    /// with the way to credentials, and the run ends with exit status 4 once every input is done.
    private let offlineFallback: Bool
    /// The language and colours of the lines on standard error.
    private let say: StatusMessages
    private var errorColors: TerminalColors { say.colors }

    init(renderer: ResultRenderer?, options: CommandOptions, context: CommandContext, status: StatusLine, notes: [String],
         hints: [String: String] = [:], notice: String? = nil, offlineFallback: Bool = false,
         say: StatusMessages? = nil, outputClosed: @escaping @Sendable () -> Void) {
        self.say = say ?? StatusMessages(language: .english, colors: .none, status: status)
        self.hints = hints
        self.outputClosed = outputClosed
        self.offlineFallback = offlineFallback
        self.counts = Locked(Counts(renderer: renderer, notice: notice))
        self.options = options
        self.context = context
        self.status = status
        self.notes = notes
    }

    func runWillStart(inputCount: Int) {
        if !options.quiet {
            for note in notes { status.write("translate: \(TerminalSafeText.shown(note))\n") }
        }
        counts.withLock { counts in
            if let renderer = counts.renderer { toStandardOutput { renderer.begin(into: context.standardOutput) } }
        }
        if status.showsProgress { status.start(total: inputCount) }
    }

    func notice(_ notice: InputNotice) {
        guard !options.quiet, counts.withLock({ $0.notices.insert(notice.description).inserted }) else { return }
        status.write("translate: \(MessageCatalogue.text(of: notice, in: say.language))\n")
    }

    func notice(_ notice: RecognitionNotice) {
        guard !options.quiet, counts.withLock({ $0.notices.insert(notice.description).inserted }) else { return }
        status.write("translate: \(MessageCatalogue.text(of: notice, in: say.language))\n")
    }

    /// Output to a terminal that also shows the progress bar must not land in the middle of it.
    private func toStandardOutput(_ write: () -> Void) {
        if context.terminalWidth != nil { status.hidingBar(write) } else { write() }
    }

    func deliver(_ page: FinishedPage) {
        counts.withLock { counts in
            guard !counts.closed else { return }
            let result = page.result
            // Languages Apertium has no pair for, which credentials would translate.
            let missingLanguages = offlineFallback ? UntranslatedBoxes.languagesWithoutEngine(in: result) : []
            if let notice = counts.notice {
                counts.notice = nil
                // The missing pair's message says there are no credentials too.
                if missingLanguages.isEmpty { status.write(notice + "\n") }
            }
            if let renderer = counts.renderer {
                toStandardOutput { renderer.render(page: result, ofSeveral: page.pageCount > 1, into: context.standardOutput) }
                if context.standardOutputFailed() != nil {
                    counts.closed = true
                    outputClosed()
                    return
                }
            }
            counts.boxes += result.boxes.count
            counts.untranslated.add(result)
            counts.current.add(page, verbose: options.verbose, language: say.language)
            counts.stop = counts.stop ?? page.stop
            // An error every input would meet (no pair for the language, refused
            // credentials) is said for the first input only.
            if let target = result.target, !missingLanguages.isEmpty {
                // What was read is shown, and what Apertium could translate; the way to the
                // rest is said once for each language.
                for source in missingLanguages {
                    let message = NoCredentials.message(source: source, target: target, in: say.language)
                    if counts.runWideErrors.insert(message).inserted {
                        status.write(errorColors.error("translate: \(ShownName.of(result.file)): " + message) + "\n")
                    }
                }
            }
            if let error = result.error, !(error.code == ApertiumError.pairNotInstalledCode && !missingLanguages.isEmpty),
               !error.runWide || counts.runWideErrors.insert(error.message).inserted {
                status.write(errorColors.error("translate: \(ShownName.of(result.file))\(self.page(result.page, of: page.pageCount)): "
                    + ErrorWording.text(of: error, in: say.language)
                    + (error.runWide ? hints[error.code].map { "; \($0)" } ?? "" : "")) + "\n")
            }
        }
    }

    func inputEnded(_ input: InputEnd) {
        status.advance()
        counts.withLock { counts in
            let current = counts.current
            counts.current = InputSoFar()
            guard !counts.closed else { return }
            var messages = ""
            if let error = input.outputError {
                messages += errorColors.error("translate: \(ShownName.of(input.file)): " + ErrorWording.text(of: error, in: say.language)) + "\n"
            }
            if let pages = Self.pagesLeftOut(of: input, options: options), !options.quiet {
                // A warning: what was asked for is not all there.
                messages += say.colors.warning("translate: " + MessageCatalogue.counted(
                    .pagesLeftOut, say.language, count: pages, ShownName.of(input.file), "\(pages)")) + "\n"
            }
            counts.pages.add(input)
            if input.isComplete { counts.inputs += 1 }
            if current.failed || input.outputError != nil { counts.failedInputs += 1 }
            // (A document whose pages an earlier run all read was read.)
            if input.isComplete && input.delivered > 0 && !current.read { counts.unreadInputs += 1 }
            if options.verbose, current.firstPageRead {
                messages += Self.verboseLines(for: current, of: input)
            }
            if !messages.isEmpty { status.write(messages) }
        }
    }

    /// How many pages of a multi-page input a PNG on standard output cannot hold: it is one
    /// picture, the first page's.
    private static func pagesLeftOut(of input: InputEnd, options: CommandOptions) -> Int? {
        guard options.format == .png, options.outputDirectory == nil, input.delivered > 1 else { return nil }
        return input.delivered - 1
    }

    /// " (page 2)" for a page of several.
    private func page(_ number: Int, of pageCount: Int) -> String {
        pageCount > 1 ? MessageCatalogue.text(.onPage, say.language, "\(number)") : ""
    }

    /// What `--verbose` says of one input: its pages, boxes and time, and what was done to each page.
    private static func verboseLines(for input: InputSoFar, of end: InputEnd) -> String {
        let duration = input.duration.components
        let seconds = Double(duration.seconds) + Double(duration.attoseconds) / 1e18
        return String(format: "translate: %@: %d page(s), %d boxes in %.2f s\n", ShownName.of(end.file), end.delivered, input.boxes, seconds)
            + input.preparations
    }

    /// Ends the output (a JSON array gets its closing bracket); later deliveries are ignored.
    func close() {
        counts.withLock { counts in
            guard !counts.closed else { return }
            counts.closed = true
            if let renderer = counts.renderer { toStandardOutput { renderer.finish(into: context.standardOutput) } }
        }
    }

    /// Inputs reported, boxes, failed inputs and pages so far.
    var totals: (inputs: Int, boxes: Int, failed: Int, pages: RunSummary.Pages) {
        counts.withLock { ($0.inputs, $0.boxes, $0.failedInputs, $0.pages) }
    }

    /// The lines the run ends with, after its summary: the boxes left untranslated for a
    /// reason every image shares, and what would fix it.
    var closingLines: [String] {
        counts.withLock { $0.untranslated.lines(in: say.language, withoutCredentials: offlineFallback) }
    }

    func exitCode(alreadyDone: Int) -> ExitCode {
        counts.withLock { counts in
            if let stop = counts.stop { return ExitCode(stop) }
            // Boxes that Papago credentials would have translated.
            if offlineFallback && counts.untranslated.withoutEngine > 0 { return .setup }
            if counts.failedInputs == 0 { return .success }
            return counts.unreadInputs == counts.inputs && alreadyDone == 0 ? .noInputReadable : .someInputsFailed
        }
    }
}
