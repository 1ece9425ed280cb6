import Foundation
import LanguageDetection
import Locking
import TesseractReading
import TextRecognition
import TranslateModel

/// One run over all inputs.
///
/// OCR threads (`jobs`, one Tesseract handle each) read images page by page; each page read
/// goes to the translation threads (`maxRequests`), so that no OCR thread ever waits for the
/// network; pages reach the observer in input order and page order, each as soon as it and
/// everything before it are done, so that a long document shows its first page long before
/// its last. With an output directory each input's result also goes to its own file (a
/// document's pages are kept as each is done: see `OutputDirectory+Documents`).
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
        let workerEngines = WorkerEnginesPreload(workers: min(configuration.jobs, jobs.count), languages: settings.languages,
                                                 pageSegmentationMode: settings.pageSegmentationMode)
        defer { workerEngines.wait() }
        // Loading the first handle here checks the languages once, before any input is read;
        // the first worker then uses this handle instead of loading its own, and the others
        // those loaded meanwhile.
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
            observer.notice(.linkReplacedByResult(path: link))
        }

        let readerSettings = readsOneImage ? settings.readingEachImage(onThreads: 2) : settings
        handles.keepFirstEngine(firstEngine)
        let ownHistories = Self.readsRunsOfNeighbours(settings, writesFiles: outputDirectory != nil)
        let sharedHistory = LanguageHistory()
        let threadHistories = (0..<max(1, configuration.jobs)).map { _ in LanguageHistory() }
        let repeatedLines = RepeatedLines()
        // A worker with nothing left to read lends its core to the photos still being read.
        let spareCores = SpareCores()
        let plan = self.plan
        let languages = self.languages
        let translating = plan != nil
        // Recognition that reads boxes again in their own language gives every box its language
        // with the plan's own detection: languages are decided once.
        let languagePlan = plan?.languages ?? languages
        let languagesFromRecognition = settings.rereadByLanguage && languagePlan.decidedWhileReading
        let formsUnits = settings.level == .line
        let pool = OrderedWorkPool(threadCount: configuration.jobs, finishingThreadCount: translating ? configuration.maxRequests : 0,
                                   runLength: ownHistories ? Self.neighbourRunLength : 1,
                                   claimsRun: { thread in threadHistories[thread].isSteady(over: Self.pagesAlikeForARun) })
        // Each input as opened, for its end: which may come before its reading does (Ctrl-C).
        let readings = Locked<[Int: InputReading]>([:])
        let reading = PageReading(outputDirectory: outputDirectory, skipExisting: configuration.skipExisting,
                                  languages: translating || languagesFromRecognition ? nil : languages, cancellation: cancellation)
        pool.run(
            jobCount: jobs.count,
            cancellation: cancellation,
            grace: configuration.interruptGrace,
            makeWorker: { threadIndex in
                let engine = threadIndex == 0 ? handles.takeFirstEngine() : workerEngines.take(for: threadIndex)
                return PageReader(settings: readerSettings, inputReader: configuration.inputReader,
                                  languages: languagePlan.boxes, engine: engine, pool: handles,
                                  history: ownHistories ? threadHistories[threadIndex] : sharedHistory, repeatedLines: repeatedLines,
                                  spareCores: spareCores, notices: { observer.notice($0) })
            },
            perform: { (reader: inout PageReader, job: Int, emit: (PageInFlight) -> Void) in
                reading.read(jobs[job], with: reader, opened: { opened in readings.withLock { $0[job] = opened } }, emit: emit)
            },
            finish: { (job: Int, inFlight: PageInFlight) -> PageInFlight in
                var inFlight = inFlight
                if let plan, inFlight.page.result.error == nil {
                    let clock = ContinuousClock.now
                    let failure = PageTranslator.translate(&inFlight.page.result, plan: plan, languagesAssigned: languagesFromRecognition,
                                                           formsUnits: formsUnits)
                    inFlight.page.stop = inFlight.page.stop ?? (failure as? ReportableError)?.stopsRun
                    inFlight.page.duration += ContinuousClock.now - clock
                } else if formsUnits, inFlight.page.result.error == nil {
                    // Read only: the units are still worth showing, for scripts that translate.
                    TranslationUnits.assign(&inFlight.page.result)
                }
                if let outputDirectory, let relative = jobs[job].outputPath {
                    Self.write(&inFlight, to: relative, in: outputDirectory)
                }
                return inFlight
            },
            deliver: { job, inFlight in
                var page = inFlight.page
                if inFlight.inDocument, let outputDirectory, let relative = jobs[job].outputPath {
                    do {
                        try outputDirectory.keep(page.result, drawn: inFlight.drawn, pageCount: page.pageCount, of: relative)
                    } catch {
                        page.result.error = page.result.error ?? ResultError(any: error)
                    }
                }
                observer.deliver(page)
            },
            end: { job, delivered in
                // An input cancelled before it was opened was not read at all.
                guard let read = readings.withLock({ $0.removeValue(forKey: job) }) else { return }
                var end = InputEnd(file: read.file, pageCount: read.pageCount, firstPage: read.firstPage, delivered: delivered)
                // Nor was one cancelled before its first page, unless an earlier run read some.
                guard delivered > 0 || end.isComplete || read.firstPage > 1 else { return }
                if read.inDocument, let outputDirectory, let relative = jobs[job].outputPath {
                    do {
                        try outputDirectory.finishDocument(relative, pageCount: read.pageCount)
                    } catch {
                        end.outputError = ResultError(any: error)
                    }
                }
                observer.inputEnded(end)
            },
            idle: { _ in spareCores.give() }
        )
        return BatchOutcome(inputCount: jobs.count, alreadyDone: alreadyDone, interrupted: cancellation.isCancelled,
                            ocrThreads: min(pool.threadCount, max(1, jobs.count)),
                            languageDataPeak: handles.peak, languageDataLimit: handles.limit,
                            repeatedLines: repeatedLines.counts.reused, readLines: repeatedLines.counts.read)
    }

    /// Whether each OCR thread learns the languages of its pages from its own previous page, and
    /// reads runs of neighbouring images once its last pages were alike
    /// (`pagesAlikeForARun`): with automatic languages, so that at a change of language in a
    /// sorted folder only the thread whose run crosses it pays for finding the new language,
    /// where threads taking turns all pay (both read their first page of it with the old
    /// language's data). Not when pictures are drawn for the terminal: their pixels would wait
    /// for delivery with the results of a whole run.
    static func readsRunsOfNeighbours(_ settings: OCRSettings, writesFiles: Bool) -> Bool {
        settings.rereadByLanguage && (!settings.keepsPixels || writesFiles)
    }

    /// The most neighbouring images a thread claims at once with automatic languages: long runs
    /// on folders of a few thousand images, while the results waiting for an earlier run (text,
    /// a few kilobytes each) stay within a few megabytes. Runs of 32 saved no CPU: each new run
    /// after a change of language paid for it again
    /// (docs/experiments/automatic-languages.md, "Two threads at a change of language").
    static let neighbourRunLength = 512

    /// How many of a thread's last pages must have been read with the same data before it
    /// claims a run rather than one image. Until then the threads take turns: where the
    /// language changes every image or two, runs only cost (two threads reading far apart hold
    /// more languages' data at once, and one ends alone on the last run's slow pages).
    static let pagesAlikeForARun = 3

    /// Writes what of a finished page goes to the output directory now: a single page's result
    /// file, or a document page's picture (or drawn part, kept with the page at its delivery).
    /// Its pixels then go: they need not wait for delivery in order.
    private static func write(_ inFlight: inout PageInFlight, to relative: String, in outputDirectory: OutputDirectory) {
        do {
            if inFlight.inDocument {
                inFlight.drawn = try outputDirectory.drawPage(inFlight.page.result, of: relative)
            } else {
                try outputDirectory.write([inFlight.page.result], to: relative)
            }
        } catch {
            inFlight.page.result.error = ResultError(any: error)
        }
        inFlight.page.result.pixels = nil
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
