import Foundation
import LanguageDetection
import Locking
import TextRecognition
import TranslateModel

/// One run over all inputs.
///
/// OCR threads (`jobs`, one Tesseract handle each) read images; finished pages go to
/// translation threads (`maxRequests`), so that no OCR thread ever waits for the network;
/// results reach the observer in input order, each input as soon as it and every one before it
/// are done. With an output directory each input's result also goes to its own file.
public struct BatchRun: Sendable {
    public let configuration: BatchConfiguration
    /// How to translate, or nil to read only.
    public let plan: TranslationPlan?
    /// How boxes get their languages when only reading.
    public let languages: LanguagePlan

    public init(configuration: BatchConfiguration, plan: TranslationPlan?, languages: LanguagePlan) {
        self.configuration = configuration
        self.plan = plan
        self.languages = languages
    }

    /// Reads (and translates) `inputs`, telling `observer` as it goes; cancelling `cancellation`
    /// claims no new input and waits for those in progress at most `interruptGrace` seconds.
    ///
    /// Throws before any input is read when the OCR languages cannot be loaded or the output
    /// directory cannot be made.
    public func run(_ inputs: [BatchInput], observer: any BatchObserver,
                    cancellation: PoolCancellation = PoolCancellation()) throws(BatchSetupError) -> BatchOutcome {
        ProcessSetup.prepare()
        let settings = configuration.ocr
        let outputDirectory = configuration.outputDirectory
        let (jobs, alreadyDone, replacedLinks) = Self.jobs(from: inputs, outputDirectory: outputDirectory,
                                                           skipExisting: configuration.skipExisting)
        // One image leaves the other cores idle: it is read on two threads, and its scout's
        // orientation detection loads while the first languages do.
        let readsOneImage = jobs.count == 1 && configuration.jobs >= 2
        let handles = TesseractHandlePool(limit: settings.languageDataLimit ?? TesseractHandlePool.defaultLimit())
        let preload = readsOneImage && settings.rereadByLanguage ? OrientationDetectionPreload(into: handles) : nil
        defer { preload?.wait() }
        // Loading the first handle here checks the languages once, before any input is read;
        // the first worker then uses this handle instead of loading its own.
        let firstEngine: TesseractEngine
        do {
            firstEngine = try TesseractEngine(languages: settings.languages, pageSegmentationMode: settings.pageSegmentationMode)
        } catch {
            throw .ocr(error)
        }
        if let outputDirectory {
            do {
                try outputDirectory.prepare()
            } catch {
                throw .outputDirectory(error)
            }
        }
        observer.runWillStart(inputCount: jobs.count)
        for link in replacedLinks {
            observer.notice("\(link) is a symbolic link, not a result: the input is read again and the link replaced by its result")
        }

        let readerSettings = readsOneImage ? settings.readingEachImage(onThreads: 2) : settings
        let handoff = Locked<TesseractEngine?>(firstEngine)
        let ownHistories = Self.readsRunsOfNeighbours(settings, writesFiles: outputDirectory != nil)
        let sharedHistory = LanguageHistory()
        let repeatedLines = RepeatedLines()
        let plan = self.plan
        let languages = self.languages
        let translating = plan != nil
        // Recognition that read boxes again in their own language has given every box its
        // language already, the way a plan over every language would: languages are detected once.
        let languagesFromRecognition = settings.rereadByLanguage && (plan?.languages ?? languages).isRecognitionDefault
        let pool = OrderedWorkPool(threadCount: configuration.jobs, finishingThreadCount: translating ? configuration.maxRequests : 0,
                                   firstJobAlone: configuration.firstInputAlone,
                                   runLength: ownHistories ? Self.neighbourRunLength : 1)
        pool.run(
            jobCount: jobs.count,
            cancellation: cancellation,
            grace: configuration.interruptGrace,
            makeWorker: { threadIndex in
                let engine = threadIndex == 0 ? handoff.withLock { engine in defer { engine = nil }; return engine } : nil
                return PageReader(settings: readerSettings, inputReader: configuration.inputReader,
                                  languages: OfflineBoxLanguages(), engine: engine, pool: handles,
                                  history: ownHistories ? LanguageHistory() : sharedHistory, repeatedLines: repeatedLines,
                                  notices: { observer.notice($0) })
            },
            perform: { (reader: inout PageReader, job: Int) -> FinishedInput in
                let clock = ContinuousClock.now
                let input = jobs[job]
                if let failure = input.failure {
                    return FinishedInput(results: [.failed(file: input.source.displayName, error: failure)], duration: .zero)
                }
                var results = reader.read(input.source)
                var stop: RunStop?
                if !translating && !languagesFromRecognition {
                    for index in results.indices where results[index].error == nil {
                        if let failure = languages.assign(&results[index]) {
                            results[index].error = ResultError(any: failure)
                            stop = stop ?? (failure as? ReportableError)?.stopsRun
                        }
                    }
                }
                return FinishedInput(results: results, duration: ContinuousClock.now - clock, stop: stop)
            },
            finish: { (job: Int, finished: FinishedInput) -> FinishedInput in
                var finished = finished
                if let plan {
                    let clock = ContinuousClock.now
                    finished.stop = Self.translate(&finished.results, plan: plan, languagesAssigned: languagesFromRecognition)
                    finished.duration += ContinuousClock.now - clock
                }
                if let outputDirectory, let relative = jobs[job].outputPath {
                    do {
                        try outputDirectory.write(finished.results, to: relative)
                    } catch {
                        finished.results[0].error = ResultError(any: error)
                    }
                    // The pictures are written: their pixels need not wait for delivery in order.
                    for index in finished.results.indices { finished.results[index].pixels = nil }
                }
                observer.inputFinished()
                return finished
            },
            deliver: { _, finished in observer.deliver(finished) }
        )
        return BatchOutcome(inputCount: jobs.count, alreadyDone: alreadyDone, interrupted: cancellation.isCancelled,
                            ocrThreads: min(pool.threadCount, max(1, jobs.count)),
                            languageDataPeak: handles.peak, languageDataLimit: handles.limit,
                            repeatedLines: repeatedLines.counts.reused, readLines: repeatedLines.counts.read)
    }

    /// Whether each OCR thread reads a run of neighbouring images and learns their languages
    /// from its own previous page: with automatic languages, so that at a change of language in
    /// a sorted folder only the thread whose run crosses it pays for finding the new language,
    /// where threads taking turns all pay (both read their first page of it with the old
    /// language's data). Not when pictures are drawn for the terminal: their pixels would wait
    /// for delivery with the results of a whole run.
    static func readsRunsOfNeighbours(_ settings: OCRSettings, writesFiles: Bool) -> Bool {
        settings.rereadByLanguage && (!settings.keepsPixels || writesFiles)
    }

    /// The most neighbouring images a thread claims at once with automatic languages: long runs
    /// on folders of a few thousand images, while the results waiting for an earlier run (text,
    /// a few kilobytes each) stay within a few megabytes. Runs of 32 saved no CPU: each new run
    /// after a change of language paid for it again (BENCHMARKS.md).
    static let neighbourRunLength = 512

    /// Translates every readable page; returns why the run must end, if it must.
    private static func translate(_ results: inout [ImageResult], plan: TranslationPlan, languagesAssigned: Bool) -> RunStop? {
        var stop: RunStop?
        for index in results.indices where results[index].error == nil {
            let failure = PageTranslator.translate(&results[index], plan: plan, languagesAssigned: languagesAssigned)
            stop = stop ?? (failure as? ReportableError)?.stopsRun
        }
        return stop
    }

    /// The inputs to read: those whose result file exists are left out with `skipExisting`,
    /// and an input that would overwrite another's result file fails. A symbolic link where a
    /// result file would be is not a result: its path is among `replacedLinks`.
    static func jobs(from inputs: [BatchInput], outputDirectory: OutputDirectory?,
                     skipExisting: Bool) -> (jobs: [BatchInput], alreadyDone: Int, replacedLinks: [String]) {
        guard let outputDirectory else { return (inputs, 0, []) }
        var jobs: [BatchInput] = []
        var alreadyDone = 0
        var replacedLinks: [String] = []
        var owners: [String: String] = [:]
        for var input in inputs {
            if let relative = input.outputPath, input.failure == nil {
                let name = input.source.displayName
                if let owner = owners[relative] {
                    if owner == name { continue }  // the same file given twice is read once
                    input.failure = ResultError(OutputFileError.conflict(path: outputDirectory.path(for: relative), otherInput: owner))
                } else {
                    owners[relative] = name
                    if skipExisting && outputDirectory.exists(relative) {
                        alreadyDone += 1
                        continue
                    }
                    if skipExisting && outputDirectory.linkStandsAtResult(relative) {
                        replacedLinks.append(outputDirectory.path(for: relative))
                    }
                }
            }
            jobs.append(input)
        }
        return (jobs, alreadyDone, replacedLinks)
    }
}
