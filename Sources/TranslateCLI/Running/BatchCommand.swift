import Dispatch
import Foundation
import TesseractReading
import TextRecognition
import TranslateModel
import TranslateOutput
import TranslatePipeline
import TranslationEngines
import TranslateOutput

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
    /// Apertium translates only for want of Papago credentials (see `TranslateCommand.RunPlans`).
    let offlineFallback: Bool
    /// Said before the first result.
    let notice: String?
    let collected: CollectedInputs
    /// Standard error, shared with whatever reports while the run goes on (the cache).
    let status: StatusLine
    /// Errors and warnings in the language of the messages.
    let say: StatusMessages

    func run() -> ExitCode {
        let started = ContinuousClock.now
        let renderingClock = RenderingClock()
        let configuration = BatchConfiguration(
            ocr: options.ocr, jobs: options.jobs ?? context.processorCount, maxRequests: options.maxRequests,
            outputDirectory: options.outputDirectory.map { OutputDirectory(root: $0, format: options.format, renderingClock: renderingClock) },
            skipExisting: options.skipExisting, inputReader: context.inputReader)
        // Handles come and go with automatic languages: their memory is bounded by mapping
        // large blocks on their own. With fixed languages glibc's own threshold is faster.
        if options.ocr.rereadByLanguage { context.fixHeapMappingThreshold?() }
        let cancellation = PoolCancellation()
        let presenter = ResultPresenter(
            renderer: options.outputDirectory == nil
                ? options.format.makeRenderer(terminalWidth: context.terminalWidth, severalFiles: collected.expanded || collected.inputs.count > 1,
                                              renderingClock: renderingClock,
                                              colors: TerminalColors.choose(options.color, isTerminal: context.terminalWidth != nil,
                                                                            environment: context.environment))
                : nil,
            options: options, context: context, status: status, notes: collected.notes.map { MessageCatalogue.text(of: $0, in: say.language) } + (options.verbose ? collected.details : []),
            hints: hints,
            notice: notice, offlineFallback: offlineFallback,
            say: say,
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
            case .ocr: status.write("translate: \(ErrorWording.text(of: error, in: say.language))\n"); return .setup
            case .outputDirectory:
                status.write("translate: \(OptionName.outputDir.spelling): \(ErrorWording.text(of: error, in: say.language))\n"); return .usage
            }
        }
        ticker?.cancel()
        context.interrupts?.stop()
        // From here on nothing more is written, whatever a straggling thread finishes.
        presenter.close()
        status.stop()
        switch context.standardOutputFailed() {
        case .closed?: return .outputClosed
        case .failed(let reason)?:
            say.error(MessageCatalogue.text(.standardOutputFailed, say.language, reason))
            return .outputFailed
        case nil: break
        }
        let totals = presenter.totals
        // One cache, or the engine router's two.
        let caches = (plan?.translator as? EngineRouter)?.caches ?? [plan?.translator as? CachingTranslator].compactMap { $0 }
        let summary = RunSummary(
            images: totals.inputs, total: outcome.inputCount, boxes: totals.boxes, failed: totals.failed,
            alreadyDone: outcome.alreadyDone, skippedFiles: collected.skippedFiles,
            requests: plan == nil ? nil : caches.map(\.requestsSent).reduce(0, +),
            cacheHits: plan == nil ? nil : caches.map(\.cacheHits).reduce(0, +),
            duration: ContinuousClock.now - started, interrupted: outcome.interrupted,
            rendering: options.format.drawsOnPages ? renderingClock.elapsed : nil, pages: totals.pages)
        let batch = collected.expanded || collected.inputs.count > 1 || options.outputDirectory != nil
        if !options.quiet && (batch || options.verbose || outcome.interrupted) {
            var line = summary.line(in: say.language)
            if options.verbose {
                let limited = TesseractEngine.limitsOpenMP ? "one thread per handle" : "OpenMP limit not applied"
                line += " (\(outcome.ocrThreads) OCR thread(s), \(limited), languages \(options.ocr.languages.joined(separator: "+"))"
                    + Self.languageDataNote(outcome) + (options.ocr.readsLineByLine ? Self.repeatedLinesNote(outcome) : "")
                    + (options.format.drawsOnPages ? Self.drawingProcessorNote(renderingClock.processorTime) : "")
                    + (plan != nil ? ", \(options.maxRequests) translation thread(s)" + Self.serviceNote(plan) + ")" : ")")
            }
            status.write(line + "\n")
        }
        for line in presenter.closingLines { say.error(line) }
        if outcome.interrupted { return .interrupted }
        return presenter.exitCode(alreadyDone: outcome.alreadyDone)
    }

    /// The service a Papago run talked to, for `--verbose`: which one a saved endpoint, an
    /// environment variable or `--endpoint` chose is otherwise not seen.
    static func serviceNote(_ plan: TranslationPlan?) -> String {
        guard let papago = TranslateCommand.papago(in: plan?.translator) else { return "" }
        return ", papago at \(papago.client.credentials.endpoint)"
    }

    /// What `--verbose` says of the processor time spent drawing pictures, which, unlike the
    /// drawing time in the summary, does not grow when other programs share the machine.
    static func drawingProcessorNote(_ processorTime: Duration) -> String {
        let seconds = Double(processorTime.components.seconds) + Double(processorTime.components.attoseconds) / 1e18
        return String(format: ", drawing used %.3f s of processor time", seconds)
    }

    /// What `--verbose` says of the language data loaded beyond the first languages.
    static func languageDataNote(_ outcome: BatchOutcome) -> String {
        let megabyte = Double(1 << 20)
        return String(format: ", other OCR data peaked at %.0f MB of %.0f MB (--max-ocr-memory)",
                      Double(outcome.languageDataPeak) / megabyte, Double(outcome.languageDataLimit) / megabyte)
    }

    /// What `--verbose` says of the text lines not read again because their pixels had been.
    static func repeatedLinesNote(_ outcome: BatchOutcome) -> String {
        ", \(outcome.repeatedLines) of \(outcome.repeatedLines + outcome.readLines) text lines seen before and not read again"
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
