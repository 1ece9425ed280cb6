import Foundation
import ImageDecoding
import PagePreparation
import TesseractReading
import TranslateModel
/// Reads pages the way that suits them: prepares each page, reads it, and when the reading is
/// poor tries the page turned upright or prepared the other way, keeping the better reading.
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
    /// The readings made of the page being read, by prepared image and data: choosing its
    /// languages asks for some of them more than once (the first step and the retries both try
    /// the script's data; the Han choice needs readings the script step already made).
    private var readings: [ReadingKey: Reading] = [:]
    /// What orientation detection finds on each prepared image of the page being read.
    private var findings: [ObjectIdentifier: OrientationDetector.Finding?] = [:]
    /// What it finds on each prepared page's normalised image, by the prepared image: a page
    /// read afresh with other data is retried from the same preparation, and would otherwise
    /// have the same image looked at again. The image is kept so that its identifier stays its own.
    private var normalizedFindings: [ObjectIdentifier: (image: LeptonicaImage, finding: OrientationDetector.Finding?)] = [:]
    /// What the page being read was first read with when that guess was not kept, for its report.
    var refutedGuess: PreparationStep?
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

    private struct ReadingKey: Hashable {
        let image: ObjectIdentifier
        let data: TesseractData
        let mode: Int
    }
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
        // The memos hold prepared images and readings of this page only.
        defer {
            // Left to end its current step while the worker goes on with the page.
            if let scout {
                scout.stop()
                lingeringScout = scout
                self.scout = nil
            }
            orientationJudged = orientationJudged || findings.values.contains(where: ReadingPolicy.isSure)
                || normalizedFindings.values.contains { ReadingPolicy.isSure($0.finding) }
            readings = [:]
            findings = [:]
            normalizedFindings = [:]
            refutedGuess = nil
        }
        if given == nil { startScout() }
        guard settings.prepares, let gray = gray ?? GrayImage(page.pix) else {
            return (try recognizeAsIs(page, data: data), PreparationReport(steps: [.readAsIs(preparationFailed: false)]), data)
        }
        let mode = settings.choosesSegmentation ? Self.preparedPageSegmentationMode : settings.pageSegmentationMode
        let start = CoordinateMap(width: page.width, height: page.height)
        guard let prepared = preparer.prepare(gray, map: start, report: PreparationReport()) else {
            return (try recognizeAsIs(page, data: data), PreparationReport(steps: [.readAsIs(preparationFailed: true)]), data)
        }
        // Pages before this one all needed other data: that data first, kept when its reading
        // is what the steps below would settle on.
        if given == nil, let guessed = try guessedReading(prepared, gray: gray, start: start, mode: mode) {
            return try finished(guessed, notes: [], mode: mode)
        }
        scout?.look(at: prepared, mode: mode)
        guard let first = try reading(prepared, mode: mode, data: data) else { throw .languagesNotInstalled(data.languages) }
        // Read well: nothing the scout could find is asked for.
        if ReadingPolicy.isSettled(first.score) { scout?.stop() }
        var best = first
        var notes: [PreparationStep] = []
        var languagesChosen = false
        // Written in the script orientation detection sees, which the first languages do not
        // read? (Only when languages were not given.) Judged before any retry, so that the
        // retries run with the data that can read the page; a script's data that reads the page
        // no better than poorly may be a wrong guess (Thai taken for Latin), so the retries and
        // the other scripts come first then.
        if settings.rereadByLanguage, !ReadingPolicy.isSettled(first.score) {
            var unused: [PreparationStep] = []
            let chosen = try readInOtherScripts(first, mode: mode, orientation: nil, fallbacks: false, notes: &unused)
            if ReadingPolicy.takesOtherScriptAtOnce(chosen.score, over: first.score) {
                best = try readAgain(gray, start: start, mode: mode, chosen: chosen, usual: prepared)
                languagesChosen = true
            }
        }
        if !languagesChosen, !ReadingPolicy.retriesPoorFirstReading(ofSheetInPhoto: sheetOfPhoto) {
            return try finished(first, notes: [], mode: mode)
        }
        if !languagesChosen {
            let attempt = try bestReading(gray, start: start, mode: mode, first: first)
            best = attempt.best
            notes = attempt.notes
            // Still poor: every other script's data gets a try, on the best reading so far (so a
            // turned page is judged upright) and on the page turned upright.
            if settings.rereadByLanguage, !ReadingPolicy.isSettled(best.score) {
                var chosen = try readInOtherScripts(best, mode: mode, orientation: attempt.orientation,
                                                    fallbacks: true, notes: &notes)
                if !ReadingPolicy.isSettled(chosen.score), let upright = attempt.uprightReading {
                    let turned = try readInOtherScripts(upright, mode: mode, orientation: nil, fallbacks: true, notes: &notes)
                    if turned.confidence > chosen.confidence { chosen = turned }
                }
                if chosen.data != best.data {
                    best = try readAgain(gray, start: start, mode: mode, chosen: chosen, usual: prepared)
                    notes = []
                }
            }
        }
        return try finished(best, notes: notes, mode: mode)
    }

    /// The reading kept, its lines in order and its report complete; in single-column mode with
    /// the lines layout analysis left out (`withMissedLines`) and without icons (`PageJunkRule`,
    /// `LabelledIcons`).
    private func finished(_ kept: Reading, notes: [PreparationStep], mode: Int) throws(OCRError)
        -> (page: RecognizedPage, report: PreparationReport, data: TesseractData) {
        let singleColumn = settings.choosesSegmentation && mode == Self.preparedPageSegmentationMode
        var best = singleColumn ? try withMissedLines(kept) : kept
        for note in [refutedGuess].compactMap({ $0 }) + notes { best.report.add(note) }
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

    /// The page read from the start with the data another script's reading chose: the
    /// polarity and orientation were judged with data that could not read the page, and the
    /// right data often prefers another preparation (a dark chat read with `kor+eng` kept the
    /// grey page and lost its bubbles). The reading with more confidently read text wins.
    private func readAgain(_ gray: GrayImage, start: CoordinateMap, mode: Int, chosen: Reading,
                           usual: PreparedPage) throws(OCRError) -> Reading {
        let choice = chosen.languageChoice ?? .data(chosen.data.description)
        guard let fresh = try reading(usual, mode: mode, data: chosen.data) else { return chosen }
        let again = try bestReading(gray, start: start, mode: mode, first: fresh)
        guard ReadingPolicy.keepsFreshReading(again.best.score, over: chosen.score) else {
            var kept = chosen
            kept.report.add(.languages(choice, readAgain: .readLess))
            return kept
        }
        var best = again.best
        best.report.add(.languages(choice, readAgain: .kept(confidence: again.best.confidence)))
        for note in again.notes { best.report.add(note) }
        return best
    }

    private struct Attempt {
        var best: Reading
        /// The page turned upright when turning did not read better with these languages.
        var uprightReading: Reading?
        var orientation: OrientationDetector.Finding?
        var notes: [PreparationStep]
    }

    /// `first`, the page prepared the usual way and read, or when that reading is poor the
    /// better of it and the page turned upright or prepared with the other polarity, read with
    /// the same data.
    private func bestReading(_ gray: GrayImage, start: CoordinateMap, mode: Int, first: Reading) throws(OCRError) -> Attempt {
        var best = first
        var notes: [PreparationStep] = []
        var uprightReading: Reading?
        var finding: OrientationDetector.Finding?
        guard !ReadingPolicy.isSettled(best.score) else { return Attempt(best: best, notes: notes) }

        finding = normalizedOrientation(of: first.prepared)
        // The page the polarity retry prepares: the turned one once turning reads better.
        var page = (gray: gray, map: start, report: PreparationReport())
        // Upside down or lying on its side? The turned page is kept even when these languages
        // read it no better: in another script's languages it may be the reading that wins.
        if let finding, let turned = Self.turnedUpright(gray, start: start, finding: finding) {
            if let upright = preparer.prepare(turned.gray, map: turned.map, report: turned.report),
               let candidate = try reading(upright, mode: mode, data: best.data) {
                if ReadingPolicy.keepsTurned(candidate.score, over: best.score) {
                    best = candidate
                    page = turned
                } else {
                    uprightReading = candidate
                    notes.append(.turningDidNotHelp)
                }
            }
        }
        // The other preparation: the grey page as it is, or normalised.
        if !ReadingPolicy.isSettled(best.score), let other = preparer.prepare(
            page.gray, map: page.map, report: page.report, polarity: best.prepared.usedNormalized ? .asIs : .normalized),
            let candidate = try reading(other, mode: mode, data: best.data) {
            if ReadingPolicy.keepsOtherPolarity(candidate.score, over: best.score) {
                let first = best.confidence
                best = candidate
                best.report.add(.otherPolarityRead(confidence: candidate.confidence, against: first))
            } else {
                notes.append(.otherPolarityNotKept(confidence: best.confidence))
            }
        }
        return Attempt(best: best, uprightReading: uprightReading, orientation: finding, notes: notes)
    }

    struct Reading {
        var page: RecognizedPage
        var confidence: Double
        var report: PreparationReport
        /// The data that read it.
        var data: TesseractData
        var prepared: PreparedPage
        /// Each of `page.lines`' rectangles in the prepared image, where a line can be read again.
        var preparedLineRects: [PixelRect]
        /// Why this data was chosen, when another script's data read the page.
        var languageChoice: PreparationStep.LanguageChoice?

        /// What the decisions about it go by (`ReadingPolicy`).
        var score: ReadingScore {
            ReadingScore(confidence: confidence, confidentCharacters: ReadingConfidence.confidentCharacters(in: page),
                         data: data)
        }
    }

    /// `prepared` read with `data`, or the same reading made earlier on this page; nil when
    /// the data is not installed.
    func reading(_ prepared: PreparedPage, mode: Int, data: TesseractData) throws(OCRError) -> Reading? {
        let key = ReadingKey(image: ObjectIdentifier(prepared.image), data: data, mode: mode)
        if let earlier = readings[key] { return earlier }
        let made: Reading?
        if case .found(let scouted)? = try scout?.reading(of: prepared.image, mode: mode, data: data) {
            made = scouted
        } else {
            made = try Self.read(prepared, mode: mode, data: data, engines: engines, settings: settings)
        }
        guard let made else { return nil }
        readings[key] = made
        return made
    }

    /// Waits for the last page's scout to end: to be called once the page is done, before its
    /// handles are counted as free.
    func finishLookingAhead() {
        lingeringScout?.finish()
        lingeringScout = nil
    }

    /// `prepared` read with `data` through `engines`; nil when the data is not installed.
    static func read(_ prepared: PreparedPage, mode: Int, data: TesseractData, engines: EngineCache,
                     settings: OCRSettings) throws(OCRError) -> Reading? {
        let read = try engines.withEngine(data) { (engine) throws(OCRError) in
            settings.readsLineByLine ? try engine.recognize(prepared.image, pageSegmentationMode: mode, repeated: engines.repeatedLines)
                : try engine.recognize(prepared.image, pageSegmentationMode: mode)
        }
        guard let read else { return nil }
        let page = prepared.map.original(read)
        return Reading(page: page, confidence: ReadingConfidence.mean(of: page), report: prepared.report, data: data,
                       prepared: prepared, preparedLineRects: read.lines.map(\.rect))
    }

    /// Sets a scout going for the page about to be read, when a core would otherwise wait and
    /// the page will be read with the first data first (no other data is guessed for it).
    private func startScout() {
        finishLookingAhead()
        guard settings.rereadByLanguage, settings.threadsPerImage >= 2, history.guess(besides: firstData) == nil else { return }
        scout = ScriptScout(firstData: firstData, engines: scoutEngines, settings: settings)
    }

    /// `page` read as it is, with `data`.
    private func recognizeAsIs(_ page: PageImage, data: TesseractData) throws(OCRError) -> RecognizedPage {
        guard let read = try engines.withEngine(data, { (engine) throws(OCRError) in try engine.recognize(page) }) else {
            throw .languagesNotInstalled(data.languages)
        }
        return read
    }

    /// What orientation detection found on `prepared` if it has looked at it already (nil
    /// otherwise, or when it found too little text).
    func knownOrientationFinding(of prepared: PreparedPage) -> OrientationDetector.Finding? {
        findings[ObjectIdentifier(prepared.image)] ?? nil
    }

    /// The script orientation detection sees on `prepared` (nil when it sees none), detected once per image.
    func script(of prepared: PreparedPage) -> String? {
        orientationFinding(of: prepared)?.script
    }

    /// What orientation detection finds on `prepared` (nil when it finds too little text), detected once per image.
    func orientationFinding(of prepared: PreparedPage) -> OrientationDetector.Finding? {
        let key = ObjectIdentifier(prepared.image)
        if let known = findings[key] { return known }
        let found: OrientationDetector.Finding?
        if case .found(let scouted)? = scout?.orientation(of: prepared.image) {
            found = scouted
        } else {
            found = engines.withOrientationDetector { $0.detect(prepared.image) } ?? nil
        }
        findings[key] = found
        return found
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

    /// What orientation detection finds on `prepared`'s normalised image, detected once per prepared page.
    func normalizedOrientation(of prepared: PreparedPage) -> OrientationDetector.Finding? {
        let key = ObjectIdentifier(prepared.image)
        if let known = normalizedFindings[key] { return known.finding }
        guard let image = prepared.normalized.leptonicaImage() else { return nil }
        let found = engines.withOrientationDetector { $0.detect(image) } ?? nil
        normalizedFindings[key] = (prepared.image, found)
        return found
    }
}
