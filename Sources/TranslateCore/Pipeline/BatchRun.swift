import Foundation
import Synchronization

/// One run over all inputs: workers read images in parallel, results come out in input order.
struct BatchRun {
    let options: CommandOptions
    let context: CommandContext
    /// How to translate, or nil for `--ocr-only`.
    let plan: TranslationPlan?
    /// How boxes get their languages when only reading (`--ocr-only`).
    let languages: LanguagePlan

    func run() -> ExitCode {
        let started = Date()
        // Loading the first handle here checks the languages once, before any input is read;
        // the first worker then uses this handle instead of loading its own.
        let firstEngine: TesseractEngine
        do {
            firstEngine = try TesseractEngine(languages: options.ocr.languages, pageSegmentationMode: options.ocr.pageSegmentationMode)
        } catch {
            context.standardError.write("translate: \(error)\n")
            return .setup
        }
        let handoff = EngineHandoff(firstEngine)
        let renderer = RenderSession(renderer: Self.renderer(for: options.format, terminalWidth: context.terminalWidth),
                                     options: options, context: context)
        renderer.begin()
        let pool = OrderedWorkPool<TimedResults>(threadCount: options.jobs ?? context.processorCount)
        let inputs = options.inputs
        let settings = options.ocr
        let inputReader = context.inputReader
        let plan = self.plan
        let languages = self.languages
        pool.run(
            jobCount: inputs.count,
            makeWorker: { threadIndex in
                PageReader(settings: settings, inputReader: inputReader, engine: threadIndex == 0 ? handoff.take() : nil)
            },
            perform: { reader, job in
                let clock = ContinuousClock.now
                var results = reader.read(inputs[job])
                var stop: ExitCode?
                for index in results.indices where results[index].error == nil {
                    if let plan {
                        let failure = PageTranslator.translate(&results[index], plan: plan)
                        stop = stop ?? (failure as? ReportableError)?.stopsRun
                    } else if let failure = languages.assign(&results[index], target: nil) {
                        results[index].error = ResultError(any: failure)
                        stop = stop ?? (failure as? ReportableError)?.stopsRun
                    }
                }
                return TimedResults(results: results, duration: ContinuousClock.now - clock, stop: stop)
            },
            deliver: { _, timed in renderer.deliver(timed) }
        )
        renderer.finish(threads: min(pool.threadCount, inputs.count), elapsed: Date().timeIntervalSince(started))
        return renderer.exitCode(inputCount: inputs.count)
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

/// The pages read from one input and how long reading took.
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

/// Writes results and diagnostics as inputs finish, and keeps the counts for the exit status.
///
/// `@unchecked Sendable` is safe: the pool calls `deliver` only under its own lock, one
/// delivery at a time, and `begin`/`finish` run before and after the pool.
private final class RenderSession: @unchecked Sendable {
    private let renderer: ResultRenderer
    private let options: CommandOptions
    private let context: CommandContext
    private var failedInputs = 0
    private var stop: ExitCode?
    private var pages = 0
    private var boxes = 0

    init(renderer: ResultRenderer, options: CommandOptions, context: CommandContext) {
        self.renderer = renderer
        self.options = options
        self.context = context
    }

    func begin() {
        renderer.begin(into: context.standardOutput)
    }

    func deliver(_ timed: TimedResults) {
        renderer.render(timed.results, into: context.standardOutput)
        var failed = false
        for result in timed.results {
            pages += 1
            boxes += result.boxes.count
            if let error = result.error {
                failed = true
                let page = timed.results.count > 1 ? " (page \(result.page))" : ""
                context.standardError.write("translate: \(result.file)\(page): \(error.message)\n")
            }
        }
        if failed { failedInputs += 1 }
        stop = stop ?? timed.stop
        if options.verbose, let first = timed.results.first, first.error == nil {
            let seconds = Double(timed.duration.components.seconds) + Double(timed.duration.components.attoseconds) / 1e18
            let boxCount = timed.results.reduce(0) { $0 + $1.boxes.count }
            context.standardError.write(String(format: "translate: %@: %d page(s), %d boxes in %.2f s\n", first.file, timed.results.count, boxCount, seconds))
            for result in timed.results where result.error == nil {
                if let preparation = result.preparation {
                    let page = timed.results.count > 1 ? " (page \(result.page))" : ""
                    context.standardError.write("translate: \(result.file)\(page): \(preparation)\n")
                }
            }
        }
    }

    func finish(threads: Int, elapsed: TimeInterval) {
        renderer.finish(into: context.standardOutput)
        if options.verbose {
            let limited = OpenMPLimiter.isAvailable ? "one thread per handle" : "OpenMP limit not applied"
            context.standardError.write(String(format: "translate: %d input(s), %d page(s), %d boxes in %.2f s with %d worker(s) (%@, languages %@)\n",
                                               options.inputs.count, pages, boxes, elapsed, threads, limited,
                                               options.ocr.languages.joined(separator: "+")))
        }
    }

    func exitCode(inputCount: Int) -> ExitCode {
        if let stop { return stop }
        if failedInputs == 0 { return .success }
        return failedInputs == inputCount ? .noInputReadable : .someInputsFailed
    }
}
