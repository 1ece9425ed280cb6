import Foundation
import ImageDecoding
import PagePreparation
import TesseractReading
import TranslateModel
/// Reads pages the way that suits them: prepares each page and runs its reading policy
/// (`PageReadingPolicy`), making the readings and orientation findings the policy asks for until
/// it keeps one.
///
/// Reads through its worker's `engines`: the worker's own handle (at first `engine`, the first
/// languages'), and once a page needs them other languages' handles and orientation detection;
/// so it belongs to one worker thread.
final class PageRecognizer {
    /// The data every page is first read with (`kor+eng` by default).
    let firstData: TesseractData
    let settings: OCRSettings
    /// Handles for other languages, loaded when a page's script asks for them.
    let engines: EngineCache
    let preparer = PagePreparer(tuning: tuning.preparation)
    /// Whether orientation detection, on any image of the page being read, found text enough
    /// to be sure which way up the page is; the reader resets it before each page.
    var orientationJudged = false
    /// Looks ahead at the page being read on a spare core, when there is one.
    private var scout: ScriptScout?
    /// The last page's scout, stopped but perhaps still ending what it was doing.
    private var lingeringScout: ScriptScout?
    /// The scout's way to the run's handles: a worker of the pool of its own.
    private lazy var scoutEngines = EngineCache(pageSegmentationMode: settings.pageSegmentationMode, pool: engines.pool,
                                                repeatedLines: engines.repeatedLines)
    /// The language detector's verdicts on the page being read's texts: the policy asks again
    /// each time it runs its steps.
    private var detections: [String: LanguageGuess] = [:]

    /// Tells whether a reading's text is in the language of the data that read it.
    let languageDetector: any LanguageDetector

    /// Tesseract's single-column mode: it keeps short isolated lines that the automatic mode
    /// drops, and holds steady on menus and settings lists. Side-by-side columns are put back
    /// in order afterwards (`ColumnOrder`).
    static let preparedPageSegmentationMode = 4

    /// The data the run's pages were read with, for a first guess at the next page's.
    let history: LanguageHistory

    deinit {
        finishLookingAhead()
    }

    init(engine: TesseractEngine, settings: OCRSettings, engines: EngineCache, languageDetector: any LanguageDetector,
         history: LanguageHistory = LanguageHistory()) {
        firstData = engine.data
        // The worker's own handle, unless its engines already have one.
        if engines.main == nil { engines.main = engine }
        self.languageDetector = languageDetector
        self.settings = settings
        self.engines = engines
        self.history = history
    }

    /// Reads `page`: the boxes in the original image's pixels, what was done to it, and the
    /// Tesseract data of the reading that was kept.
    /// `data` replaces the recognizer's first data for this page (another language's);
    /// `gray`, when given, is the page's grey pixels, already made; `sheetOfPhoto`: the page is
    /// a sheet flattened out of a photo, which has another way to be read
    /// (`ReadingPolicy.retriesPoorFirstReading`).
    func read(_ page: PageImage, data given: TesseractData? = nil, gray: GrayImage? = nil, sheetOfPhoto: Bool = false) throws(OCRError)
        -> (page: RecognizedPage, report: PreparationReport, data: TesseractData)
    {
        let data = given ?? firstData
        var evidence = PageEvidence()
        defer {
            // Left to end its current step while the worker goes on with the page.
            if let scout {
                scout.stop()
                lingeringScout = scout
                self.scout = nil
            }
            orientationJudged = orientationJudged || evidence.orientationJudged
            detections = [:]
        }
        // Pages before this one all needed other data: that data first.
        let guess = given == nil && settings.rereadByLanguage ? history.guess(besides: firstData) : nil
        if given == nil, guess == nil { startScout() }
        guard settings.prepares, let gray = gray ?? GrayImage(page.pix) else {
            return (try recognizeAsIs(page, data: data), PreparationReport(steps: [.readAsIs(preparationFailed: false)]), data)
        }
        let mode = settings.choosesSegmentation ? Self.preparedPageSegmentationMode : settings.pageSegmentationMode
        let start = CoordinateMap(width: page.width, height: page.height)
        guard let prepared = preparer.prepare(gray, map: start, report: PreparationReport()) else {
            return (try recognizeAsIs(page, data: data), PreparationReport(steps: [.readAsIs(preparationFailed: true)]), data)
        }
        scout?.look(at: prepared, mode: mode)
        var variants = PageVariants(usual: prepared, gray: gray, start: start, preparer: preparer)
        let policy = PageReadingPolicy(data: data, firstData: firstData, guess: guess, triesOtherScripts: settings.rereadByLanguage,
                                       sheetOfPhoto: sheetOfPhoto) { [unowned self] in self.detected($0) }
        while true {
            switch policy.next(evidence) {
            case .read(let request):
                let made = try reading(request, of: variants.prepared(request.variant, findings: evidence.findings), mode: mode)
                evidence.readings[request] = .some(made)
                // Read well: nothing the scout could find is asked for.
                if request == ReadingRequest(variant: .usual, data: data), let made, ReadingPolicy.isSettled(made.score) {
                    scout?.stop()
                }
            case .findOrientation(let request):
                evidence.findings[request] = .some(finding(request, of: variants.prepared(request.variant, findings: evidence.findings)))
            case .readHanSample(let request):
                var sample: HanSample?
                if case let traditional?? = evidence.readings[request],
                   let image = variants.prepared(request.variant, findings: evidence.findings)?.image {
                    sample = try hanSample(of: traditional, in: image)
                }
                evidence.hanSamples[request] = .some(sample)
            case .refuteGuess:
                // The language changed here: the other workers' next pages are not read with
                // this data first either (in a folder sorted by language, they are the same
                // language's pages).
                history.refute()
                evidence.guessRefuted = true
            case .fail(let error):
                throw error
            case .accept(let acceptance):
                if acceptance.confirmsGuess { history.confirm() }
                guard let keptPage = variants.prepared(acceptance.reading.variant, findings: evidence.findings) else {
                    preconditionFailure("a kept reading's page was prepared to be read")
                }
                return try finished(acceptance, prepared: keptPage, mode: mode)
            }
        }
    }

    /// The reading kept, its lines in order and its report complete; in single-column mode with
    /// the lines layout analysis left out (`withMissedLines`) and without icons (`PageJunkRule`,
    /// `LabelledIcons`).
    private func finished(_ acceptance: PageAcceptance, prepared: PreparedPage, mode: Int) throws(OCRError)
        -> (page: RecognizedPage, report: PreparationReport, data: TesseractData) {
        let singleColumn = settings.choosesSegmentation && mode == Self.preparedPageSegmentationMode
        var best = singleColumn ? try withMissedLines(acceptance.reading, prepared: prepared) : acceptance.reading
        for note in acceptance.notes { best.report.add(note) }
        var recognized = best.page
        if singleColumn {
            let icons = PageJunkRule.iconsRemoved(from: recognized.lines)
            let labelled = LabelledIcons.removed(from: icons.kept)
            recognized.lines = ColumnOrder.reorder(labelled.kept)
            recognized.dropped += icons.dropped + labelled.dropped
        }
        best.report.add(.segmentation(mode: mode, chosen: settings.choosesSegmentation))
        return (recognized, best.report, best.data)
    }

    /// What the policy asked to be read: `prepared`, the request's image, read with its data; the
    /// scout's reading when it made it. Nil when the data is not installed or the image could not
    /// be made.
    private func reading(_ request: ReadingRequest, of prepared: PreparedPage?, mode: Int) throws(OCRError) -> PageReading? {
        guard let prepared else { return nil }
        if request.variant == .usual, case .found(let scouted)? = try scout?.reading(of: prepared.image, mode: mode, data: request.data) {
            return scouted
        }
        return try Self.read(prepared, variant: request.variant, mode: mode, data: request.data, engines: engines, settings: settings)
    }

    /// What orientation detection finds on `prepared` (its normalised image when the request says
    /// so); the scout's finding when it made it. Nil when it finds too little text.
    private func finding(_ request: OrientationRequest, of prepared: PreparedPage?) -> OrientationDetector.Finding? {
        guard let prepared else { return nil }
        if request.normalized {
            guard let image = prepared.normalized.leptonicaImage() else { return nil }
            return engines.withOrientationDetector { $0.detect(image) } ?? nil
        }
        if request.variant == .usual, case .found(let scouted)? = scout?.orientation(of: prepared.image) {
            return scouted
        }
        return engines.withOrientationDetector { $0.detect(prepared.image) } ?? nil
    }

    /// The sample of `traditional`, a `chi_tra` reading of `image`, read line by line with
    /// `chi_sim` (`HanDataChoice.sampleLines`); nil when there is no sample to read.
    private func hanSample(of traditional: PageReading, in image: LeptonicaImage) throws(OCRError) -> HanSample? {
        let lines = traditional.page.lines
        guard lines.count == traditional.preparedLineRects.count else { return nil }
        let sample = HanDataChoice.sampleLines(lines.map { $0.words.map(\.text) })
        guard !sample.isEmpty else { return nil }
        let read = try engines.withEngine(.simplifiedChinese) { (engine) throws(OCRError) -> [RecognizedWord] in
            var words: [RecognizedWord] = []
            for index in sample {
                // A quarter of the line's height around it: a tight crop's edge characters read poorly.
                let line = traditional.preparedLineRects[index]
                let rect = line.grown(by: max(BoxRereading.margin, line.height / 4)).clipped(width: image.width, height: image.height)
                words += try engine.recognizeLine(in: image, rect: rect)?.words ?? []
            }
            return words
        }
        return read.map { HanSample(lines: sample, simplifiedWords: $0) }
    }

    /// The language detector's verdict on `text`, found once per page.
    private func detected(_ text: String) -> LanguageGuess {
        if let known = detections[text] { return known }
        let found = languageDetector.detect(text)
        detections[text] = found
        return found
    }

    /// Waits for the last page's scout to end: to be called once the page is done, before its
    /// handles are counted as free.
    func finishLookingAhead() {
        lingeringScout?.finish()
        lingeringScout = nil
    }

    /// `prepared`, the page's `variant`, read with `data` through `engines`; nil when the data is
    /// not installed.
    static func read(_ prepared: PreparedPage, variant: PageVariant, mode: Int, data: TesseractData, engines: EngineCache,
                     settings: OCRSettings) throws(OCRError) -> PageReading? {
        let read = try engines.withEngine(data) { (engine) throws(OCRError) in
            settings.readsLineByLine ? try engine.recognize(prepared.image, pageSegmentationMode: mode, repeated: engines.repeatedLines)
                : try engine.recognize(prepared.image, pageSegmentationMode: mode)
        }
        guard let read else { return nil }
        let page = prepared.map.original(read)
        return PageReading(page: page, confidence: ReadingConfidence.mean(of: page), report: prepared.report, data: data,
                           variant: variant, preparedLineRects: read.lines.map(\.rect))
    }

    /// Sets a scout going for the page about to be read, when a core would otherwise wait and
    /// the page will be read with the first data first (no other data is guessed for it).
    private func startScout() {
        finishLookingAhead()
        guard settings.rereadByLanguage, settings.threadsPerImage >= 2 else { return }
        scout = ScriptScout(firstData: firstData, engines: scoutEngines, settings: settings)
    }

    /// `page` read as it is, with `data`.
    private func recognizeAsIs(_ page: PageImage, data: TesseractData) throws(OCRError) -> RecognizedPage {
        guard let read = try engines.withEngine(data, { (engine) throws(OCRError) in try engine.recognize(page) }) else {
            throw .languagesNotInstalled(data.languages)
        }
        return read
    }

    /// The page turned the way `finding` says makes it upright, with its coordinates and the
    /// note that says so; nil when it is upright or orientation detection is not sure enough.
    static func turnedUpright(_ gray: GrayImage, start: CoordinateMap, finding: OrientationDetector.Finding)
        -> (gray: GrayImage, map: CoordinateMap, report: PreparationReport)? {
        guard ReadingPolicy.turns(by: finding) else { return nil }
        let turns = (4 - finding.rotation / 90) % 4
        guard let turnedImage = gray.leptonicaImage()?.rotated(quarterTurns: turns), let turned = GrayImage(turnedImage.pix) else { return nil }
        var map = start
        map.turn(quarterTurns: turns)
        var report = PreparationReport()
        report.add(.turned(degrees: turns * 90, confidence: finding.confidence))
        return (turned, map, report)
    }
}
