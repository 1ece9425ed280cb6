import Dispatch
import Foundation
import TextRecognition
import TranslateModel
import TranslatePipeline
import TranslationEngines

/// A run over the collected inputs, as the command line presents it: results on standard
/// output (or in files), messages and progress on standard error, a summary, an exit status.
struct BatchCommand {
    let options: CommandOptions
    let context: CommandContext
    /// How to translate, or nil for `--ocr-only`.
    let plan: TranslationPlan?
    let languages: LanguagePlan
    /// By error code: how to fix an error that fails every input.
    let hints: [String: String]
    let collected: CollectedInputs
    /// Standard error, shared with whatever reports while the run goes on (the cache).
    let status: StatusLine

    func run() -> ExitCode {
        let started = ContinuousClock.now
        let configuration = BatchConfiguration(
            ocr: options.ocr, jobs: options.jobs ?? context.processorCount, maxRequests: options.maxRequests,
            outputDirectory: options.outputDirectory.map { OutputDirectory(root: $0, format: options.format) },
            skipExisting: options.skipExisting, inputReader: context.inputReader)
        let cancellation = PoolCancellation()
        let presenter = ResultPresenter(
            renderer: options.outputDirectory == nil
                ? options.format.makeRenderer(terminalWidth: context.terminalWidth, severalFiles: collected.expanded || collected.inputs.count > 1)
                : nil,
            options: options, context: context, status: status, notes: collected.notes, hints: hints,
            outputClosed: { cancellation.cancel() })
        let ticker = status.showsProgress ? Self.ticker(for: status) : nil
        context.interrupts?.start { cancellation.cancel() }
        let outcome: BatchOutcome
        do {
            outcome = try BatchRun(configuration: configuration, plan: plan, languages: languages)
                .run(collected.inputs, observer: presenter, cancellation: cancellation)
        } catch {
            ticker?.cancel()
            context.interrupts?.stop()
            switch error {
            case .ocr: status.write("translate: \(error)\n"); return .setup
            case .outputDirectory: status.write("translate: --output-dir: \(error)\n"); return .usage
            }
        }
        ticker?.cancel()
        context.interrupts?.stop()
        // From here on nothing more is written, whatever a straggling thread finishes.
        presenter.close()
        status.stop()
        if context.standardOutputFailed() { return .outputClosed }

        let totals = presenter.totals
        let translator = plan?.translator as? CachingTranslator
        let summary = RunSummary(
            images: totals.inputs, total: outcome.inputCount, boxes: totals.boxes, failed: totals.failed,
            alreadyDone: outcome.alreadyDone, skippedFiles: collected.skippedFiles,
            requests: plan == nil ? nil : translator?.requestsSent ?? 0,
            cacheHits: plan == nil ? nil : translator?.cacheHits ?? 0,
            duration: ContinuousClock.now - started, interrupted: outcome.interrupted)
        let batch = collected.expanded || collected.inputs.count > 1 || options.outputDirectory != nil
        if !options.quiet && (batch || options.verbose || outcome.interrupted) {
            var line = summary.line
            if options.verbose {
                let limited = RecognitionRuntime.limitsOpenMP ? "one thread per handle" : "OpenMP limit not applied"
                line += " (\(outcome.ocrThreads) OCR thread(s), \(limited), languages \(options.ocr.languages.joined(separator: "+"))"
                    + Self.languageDataNote(outcome)
                    + (plan != nil ? ", \(options.maxRequests) translation thread(s))" : ")")
            }
            status.write(line + "\n")
        }
        if outcome.interrupted { return .interrupted }
        return presenter.exitCode(alreadyDone: outcome.alreadyDone)
    }

    /// What `--verbose` says of the language data loaded beyond the first languages.
    static func languageDataNote(_ outcome: BatchOutcome) -> String {
        let megabyte = Double(1 << 20)
        return String(format: ", other OCR data peaked at %.0f MB of %.0f MB (--max-ocr-memory)",
                      Double(outcome.languageDataPeak) / megabyte, Double(outcome.languageDataLimit) / megabyte)
    }

    /// Redraws the progress bar now and then, so that the rate and the time left move even
    /// while one image takes long.
    private static func ticker(for status: StatusLine) -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + 0.25, repeating: 0.25)
        timer.setEventHandler { status.tick() }
        timer.resume()
        return timer
    }
}
