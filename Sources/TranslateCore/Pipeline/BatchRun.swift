import Dispatch
import Foundation

/// One run over all inputs.
///
/// OCR threads (`--jobs`, one Tesseract handle each) read images; finished pages go to
/// translation threads (`--max-requests`), so that no OCR thread ever waits for the network;
/// results come out in input order, each input as soon as it and every one before it are done.
/// With `--output-dir` each input's result goes to its own file as soon as it is done instead.
struct BatchRun {
    let options: CommandOptions
    let context: CommandContext
    /// How to translate, or nil for `--ocr-only`.
    let plan: TranslationPlan?
    /// How boxes get their languages when only reading (`--ocr-only`).
    let languages: LanguagePlan
    let collected: CollectedInputs
    /// Standard error, shared with whatever reports while the run goes on (the cache).
    let status: StatusLine

    /// How long in-flight images may take to finish after Ctrl-C before the run ends without them.
    static let interruptGrace = 1.0

    func run() -> ExitCode {
        let started = ContinuousClock.now
        // Loading the first handle here checks the languages once, before any input is read;
        // the first worker then uses this handle instead of loading its own.
        let firstEngine: TesseractEngine
        do {
            firstEngine = try TesseractEngine(languages: options.ocr.languages, pageSegmentationMode: options.ocr.pageSegmentationMode)
        } catch {
            status.write("translate: \(error)\n")
            return .setup
        }
        let outputDirectory = options.outputDirectory.map { OutputDirectory(root: $0, format: options.format) }
        if let outputDirectory {
            do {
                try outputDirectory.prepare()
            } catch {
                status.write("translate: --output-dir: \(error)\n")
                return .usage
            }
        }
        let (jobs, alreadyDone) = Self.jobs(from: collected.inputs, outputDirectory: outputDirectory, skipExisting: options.skipExisting)
        if !options.quiet {
            for note in collected.notes { status.write("translate: \(note)\n") }
        }

        let session = RenderSession(
            renderer: outputDirectory == nil ? Self.renderer(for: options.format, terminalWidth: context.terminalWidth) : nil,
            options: options, context: context, status: status)
        session.begin()
        if status.showsProgress { status.start(total: jobs.count) }
        let ticker = status.showsProgress ? Self.ticker(for: status) : nil
        let cancellation = PoolCancellation()
        context.interrupts?.start { cancellation.cancel() }

        let handoff = EngineHandoff(firstEngine)
        let settings = options.ocr
        let inputReader = context.inputReader
        let plan = self.plan
        let languages = self.languages
        let status = self.status
        let translating = plan != nil
        let pool = OrderedWorkPool(threadCount: options.jobs ?? context.processorCount,
                                   finishingThreadCount: translating ? options.maxRequests : 0)
        pool.run(
            jobCount: jobs.count,
            cancellation: cancellation,
            grace: Self.interruptGrace,
            makeWorker: { threadIndex in
                PageReader(settings: settings, inputReader: inputReader, engine: threadIndex == 0 ? handoff.take() : nil)
            },
            perform: { reader, job in
                let clock = ContinuousClock.now
                let input = jobs[job]
                if let failure = input.failure {
                    return TimedResults(results: [.failed(file: input.source.displayName, error: failure)], duration: .zero)
                }
                var results = reader.read(input.source)
                var stop: ExitCode?
                if !translating {
                    for index in results.indices where results[index].error == nil {
                        if let failure = languages.assign(&results[index], target: nil) {
                            results[index].error = ResultError(any: failure)
                            stop = stop ?? (failure as? ReportableError)?.stopsRun
                        }
                    }
                }
                return TimedResults(results: results, duration: ContinuousClock.now - clock, stop: stop)
            },
            finish: { job, timed in
                var timed = timed
                if let plan {
                    let clock = ContinuousClock.now
                    timed.stop = Self.translate(&timed.results, plan: plan)
                    timed.duration += ContinuousClock.now - clock
                }
                if let outputDirectory, let relative = jobs[job].outputPath {
                    do {
                        try outputDirectory.write(timed.results, to: relative)
                    } catch {
                        timed.results[0].error = ResultError(any: error)
                    }
                }
                status.advance()
                return timed
            },
            deliver: { _, timed in session.deliver(timed) }
        )
        ticker?.cancel()
        context.interrupts?.stop()
        let interrupted = cancellation.isCancelled
        // From here on nothing more is written, whatever a straggling thread finishes.
        session.close()
        status.stop()

        let translator = plan?.translator as? CachingTranslator
        let summary = RunSummary(
            images: session.inputs, total: jobs.count, boxes: session.boxes, failed: session.failedInputs,
            alreadyDone: alreadyDone, skippedFiles: collected.skippedFiles,
            requests: translating ? translator?.requestsSent ?? 0 : nil,
            cacheHits: translating ? translator?.cacheHits ?? 0 : nil,
            duration: ContinuousClock.now - started, interrupted: interrupted)
        let batch = collected.expanded || collected.inputs.count > 1 || outputDirectory != nil
        if !options.quiet && (batch || options.verbose || interrupted) {
            var line = summary.line
            if options.verbose {
                let limited = OpenMPLimiter.isAvailable ? "one thread per handle" : "OpenMP limit not applied"
                let threads = min(pool.threadCount, max(1, jobs.count))
                line += " (\(threads) OCR thread(s), \(limited), languages \(options.ocr.languages.joined(separator: "+"))"
                    + (translating ? ", \(options.maxRequests) translation thread(s))" : ")")
            }
            status.write(line + "\n")
        }
        if interrupted { return .interrupted }
        return session.exitCode(alreadyDone: alreadyDone)
    }

    /// Translates every readable page; returns the exit status that ends the run, if one must.
    private static func translate(_ results: inout [ImageResult], plan: TranslationPlan) -> ExitCode? {
        var stop: ExitCode?
        for index in results.indices where results[index].error == nil {
            let marker = CacheMarkingTranslator(plan.translator)
            var pagePlan = plan
            pagePlan.translator = marker
            let failure = PageTranslator.translate(&results[index], plan: pagePlan)
            marker.mark(&results[index])
            stop = stop ?? (failure as? ReportableError)?.stopsRun
        }
        return stop
    }

    /// The inputs to read: those whose result file exists are left out with `--skip-existing`,
    /// and an input that would overwrite another's result file fails.
    static func jobs(from inputs: [BatchInput], outputDirectory: OutputDirectory?, skipExisting: Bool) -> (jobs: [BatchInput], alreadyDone: Int) {
        guard let outputDirectory else { return (inputs, 0) }
        var jobs: [BatchInput] = []
        var alreadyDone = 0
        var owners: [String: String] = [:]
        for var input in inputs {
            if let relative = input.outputPath, input.failure == nil {
                let name = input.source.displayName
                if let owner = owners[relative] {
                    if owner == name { continue }  // the same file given twice is read once
                    input.failure = ResultError(any: OutputFileError.conflict(path: outputDirectory.path(for: relative), otherInput: owner))
                } else {
                    owners[relative] = name
                    if skipExisting && outputDirectory.exists(relative) {
                        alreadyDone += 1
                        continue
                    }
                }
            }
            jobs.append(input)
        }
        return (jobs, alreadyDone)
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

    static func renderer(for format: OutputFormat, terminalWidth: Int?) -> ResultRenderer {
        switch format {
        case .text: TextRenderer(terminalWidth: terminalWidth)
        case .plain: PlainRenderer()
        case .tsv: TSVRenderer()
        case .json: JSONRenderer()
        case .jsonl: JSONLinesRenderer()
        }
    }
}

/// The pages read from one input and how long reading (and translating) took.
struct TimedResults: Sendable {
    var results: [ImageResult]
    var duration: Duration
    /// Set when translating this input hit an error that ends the run.
    var stop: ExitCode?
}

/// Passes the handle loaded up front to the first worker thread.
///
/// `@unchecked Sendable` is safe: the handle is stored before any worker starts and taken
/// exactly once, by worker 0, under a lock; no other thread ever touches it.
private final class EngineHandoff: @unchecked Sendable {
    private var engine: TesseractEngine?
    private let lock = NSLock()

    init(_ engine: TesseractEngine) {
        self.engine = engine
    }

    func take() -> TesseractEngine? {
        lock.withLock {
            defer { engine = nil }
            return engine
        }
    }
}

/// Writes results and diagnostics as inputs finish, and keeps the counts for the exit status
/// and the summary.
///
/// `@unchecked Sendable` is safe: every method runs under `lock`. The pool calls `deliver`
/// one input at a time, in order; `close` may come from the main thread while a straggling
/// worker still delivers, and the lock makes that worker either finish its whole write first
/// or write nothing.
private final class RenderSession: @unchecked Sendable {
    private let renderer: ResultRenderer?
    private let options: CommandOptions
    private let context: CommandContext
    private let status: StatusLine
    private let lock = NSLock()
    private var closed = false
    private var stop: ExitCode?
    private(set) var inputs = 0
    private(set) var failedInputs = 0
    /// Failed inputs of which not even a page could be decoded (as opposed to read but not translated).
    private var unreadInputs = 0
    private(set) var boxes = 0

    /// `renderer`: nil when results go to files rather than standard output.
    init(renderer: ResultRenderer?, options: CommandOptions, context: CommandContext, status: StatusLine) {
        self.renderer = renderer
        self.options = options
        self.context = context
        self.status = status
    }

    func begin() {
        lock.withLock {
            if let renderer { toStandardOutput { renderer.begin(into: context.standardOutput) } }
        }
    }

    /// Output to a terminal that also shows the progress bar must not land in the middle of it.
    private func toStandardOutput(_ write: () -> Void) {
        if context.terminalWidth != nil { status.hidingBar(write) } else { write() }
    }

    func deliver(_ timed: TimedResults) {
        lock.withLock {
            guard !closed else { return }
            if let renderer { toStandardOutput { renderer.render(timed.results, into: context.standardOutput) } }
            var messages = ""
            for result in timed.results {
                boxes += result.boxes.count
                if let error = result.error {
                    let page = timed.results.count > 1 ? " (page \(result.page))" : ""
                    messages += "translate: \(result.file)\(page): \(error.message)\n"
                }
            }
            inputs += 1
            if !messages.isEmpty { failedInputs += 1 }
            if !timed.results.contains(where: { $0.width != nil }) { unreadInputs += 1 }
            stop = stop ?? timed.stop
            if options.verbose, let first = timed.results.first, first.error == nil {
                let seconds = Double(timed.duration.components.seconds) + Double(timed.duration.components.attoseconds) / 1e18
                let boxCount = timed.results.reduce(0) { $0 + $1.boxes.count }
                messages += String(format: "translate: %@: %d page(s), %d boxes in %.2f s\n", first.file, timed.results.count, boxCount, seconds)
                for result in timed.results where result.error == nil {
                    if let preparation = result.preparation {
                        let page = timed.results.count > 1 ? " (page \(result.page))" : ""
                        messages += "translate: \(result.file)\(page): \(preparation)\n"
                    }
                }
            }
            if !messages.isEmpty { status.write(messages) }
        }
    }

    /// Ends the output (a JSON array gets its closing bracket); later deliveries are ignored.
    func close() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            if let renderer { toStandardOutput { renderer.finish(into: context.standardOutput) } }
        }
    }

    func exitCode(alreadyDone: Int) -> ExitCode {
        lock.withLock {
            if let stop { return stop }
            if failedInputs == 0 { return .success }
            return unreadInputs == inputs && alreadyDone == 0 ? .noInputReadable : .someInputsFailed
        }
    }
}
