import Foundation
import ImageDecoding
import PagePreparation
import TesseractReading
import TextDetection
import TranslateModel

/// Reads inputs into image results on one worker thread, reusing one Tesseract handle.
///
/// Owned by a single thread for its whole life; the handle is created on first use, or
/// handed over already loaded (the run loads one up front to check the languages).
public final class PageReader {
    let settings: OCRSettings
    private let decoder: ImageDecoder
    private let inputReader: InputReader
    private var engine: TesseractEngine?
    lazy var engines = EngineCache(pageSegmentationMode: settings.pageSegmentationMode, pool: pool, repeatedLines: repeatedLines)
    /// Other languages' handles, shared by the run's readers within a memory budget.
    let pool: TesseractHandlePool
    /// The data the run's pages were read with, shared by its workers.
    let history: LanguageHistory
    /// The lines read so far, by their pixels, shared by the run's workers.
    let repeatedLines: RepeatedLines
    /// The cores the run's workers have left, shared by them (`SpareCores`); nil for none.
    let spareCores: SpareCores?
    private var recognizer: PageRecognizer?
    /// Reads photos line by line; nil until a photo comes, and when there is no detector model.
    var photoRecognizer: PhotoRecognizer?
    /// The text-line recognizer's loading, started on its own for a photographed sheet's unsure
    /// lines, or with the detector for the photo reader, which then takes it over.
    var recognizerLoading: RecognizerLoading?
    var photoRecognizerFailed = false
    /// ONNX Runtime could not run the detector (said once): the orientation model, which runs
    /// on nothing else, is not tried.
    var onnxRuntimeFailed = false
    /// Tells which way up a photo is before its lines are found; loaded with the first photo,
    /// after the detector, nil when its model or ONNX Runtime is not installed beside the
    /// detector's model, and when it cannot be loaded (said once).
    lazy var orientationClassifier: PageOrientationClassifier? = {
        guard !onnxRuntimeFailed, let detector = settings.textDetectorModel,
              let found = PageOrientationClassifier.locate(besideDetector: detector, environment: settings.modelEnvironment)
        else { return nil }
        do throws(TextDetectionError) {
            return try PageOrientationClassifier(modelPath: found.model, onnxRuntime: found.onnxRuntime)
        } catch .modelUnreadable(_, let reason) {
            notices(.orientationModelUnusable(model: found.model, reason: reason))
        } catch {
            notices(.orientationModelUnusable(model: found.model, reason: "\(error)"))
        }
        return nil
    }()
    /// The detector could not be loaded to check whether a poorly read page lies on its side.
    var turnDetectorFailed = false
    /// Pages that are not photos on which the detector ran to see whether they lie on their side.
    var turnChecks = 0
    /// Box languages, for reading each box again with its own data (`settings.rereadByLanguage`).
    let languages: any BoxLanguageAssigner
    /// Where to say what a person should know once per run, such as a missing detector model.
    let notices: @Sendable (RecognitionNotice) -> Void

    /// `languages`: how boxes get their languages; each box in a language the first reading
    /// did not cover is read again with that language's data. `notices`: messages for the
    /// person running the program (the same one may come from every worker). `pool` is shared
    /// by the readers of one run; `history` may be (see `LanguageHistory`), and `spareCores` is.
    public init(settings: OCRSettings, inputReader: InputReader, languages: any BoxLanguageAssigner, engine: TesseractEngine? = nil,
                pool: TesseractHandlePool = TesseractHandlePool(limit: TesseractHandlePool.defaultLimit()),
                history: LanguageHistory = LanguageHistory(), repeatedLines: RepeatedLines = RepeatedLines(),
                spareCores: SpareCores? = nil, notices: @escaping @Sendable (RecognitionNotice) -> Void = { _ in }) {
        self.pool = pool
        self.spareCores = spareCores
        self.history = history
        self.repeatedLines = repeatedLines
        self.settings = settings
        self.decoder = ImageDecoder(pixelLimit: settings.pixelLimit, byteLimit: settings.byteLimit)
        self.inputReader = inputReader
        self.languages = languages
        self.engine = engine
        self.notices = notices
    }

    /// Every page of `source` as a result; failures become results with `error` set: one
    /// result when the whole input failed, one per page when a page of a multi-page file did. With
    /// `settings.rereadByLanguage` every box also has its language, from `languages`.
    public func read(_ source: InputSource) -> [ImageResult] {
        let input = open(source)
        return (1...input.pageCount).map { read(page: $0, of: input) }
    }

    /// `source` opened to be read page by page (`read(page:of:)`); an input that cannot be
    /// opened has one page, its failure.
    public func open(_ source: InputSource) -> OpenedInput {
        do throws(ImageError) {
            return OpenedInput(name: source.displayName, pages: .success(try decoder.openPages(of: source, reader: inputReader)))
        } catch {
            return OpenedInput(name: source.displayName, pages: .failure(error))
        }
    }

    /// Page `number` (from 1 to `input.pageCount`) of an opened input, decoded and read now;
    /// a page that fails is a result with `error` set.
    public func read(page number: Int, of input: OpenedInput) -> ImageResult {
        let name = input.name
        let pages: DecodedPages
        switch input.pages {
        case .failure(let error): return .failed(file: name, error: ResultError(error))
        case .success(let opened): pages = opened
        }
        // A PDF page is rendered here, one at a time, and released once read.
        switch pages.page(number).rendered() {
        case .failed(let number, let error):
            return ImageResult(file: name, page: number, error: ResultError(error))
        case .decoded(let page):
            // Handles idle or over the budget are freed once the page's readings are gone,
            // and so is the freed heap once enough has gathered. The worker's own handle
            // follows the data its latest pages were read with.
            defer {
                recognizer?.finishLookingAhead()
                engines.pageFinished()
                if let steady = history.steady { engines.own(steady) }
                FreedHeapTrimmer.shared.pageFinished()
            }
            do throws(OCRError) {
                var result = try read(page, name: name)
                // Signs the page's data cannot write (₩, ¥), put back by the page's script.
                result.boxes = CurrencySigns.restored(result.boxes)
                result.boxes = SaraAm.joined(result.boxes)
                if settings.keepsPixels { result.pixels = page.pixels() }
                return result
            } catch {
                var failed = ImageResult(file: name, page: page.page, width: page.width, height: page.height)
                failed.error = ResultError(error)
                return failed
            }
        case .pending(let number, _):
            return ImageResult(file: name, page: number, error: ResultError(ImageError.decodeFailed))
        }
    }

    /// `page` through the page preparation and Tesseract's layout analysis, its boxes read again
    /// in their own languages. `sheetOfPhoto`: the page is a sheet flattened out of a photo
    /// (`PageRecognizer.read`).
    func readByLayoutAnalysis(_ page: PageImage, gray: GrayImage?, name: String, recognizer: PageRecognizer,
                              sheetOfPhoto: Bool = false) throws(OCRError) -> ImageResult {
        let (recognized, report, data) = try recognizer.read(page, gray: gray, sheetOfPhoto: sheetOfPhoto)
        var result = ImageResult(file: name, page: page.page, width: page.width, height: page.height,
                                 boxes: Self.boxes(from: recognized, level: settings.level))
        result.preparation = report
        result.droppedBoxes = Self.dropped(from: recognized, level: settings.level)
        if settings.rereadByLanguage {
            let firstPass = try readAgainInPageLanguage(&result, page: page, gray: gray, recognizer: recognizer, firstPass: data,
                                                        sheetOfPhoto: sheetOfPhoto)
            history.record(firstPass)
            rereadByLanguage(&result, page: page, firstPass: firstPass)
        }
        // Judged on the boxes' final readings, the confidences it was measured with; on lines
        // only, which it was measured on (a paragraph's height is not its lines').
        if settings.level == .line { PageJunkRule.apply(to: &result) }
        return result
    }

    func loadedRecognizer() throws(OCRError) -> PageRecognizer {
        if let recognizer { return recognizer }
        let engine: TesseractEngine
        if let handed = self.engine {
            engine = handed
        } else {
            engine = try TesseractEngine(languages: settings.languages, pageSegmentationMode: settings.pageSegmentationMode)
        }
        // It becomes the worker's own handle (`engines.main`).
        let created = PageRecognizer(engine: engine, settings: settings, engines: engines, languageDetector: languages.detector,
                                     history: history)
        recognizer = created
        self.engine = nil
        return created
    }

    /// Reads the whole page again when its text as a whole is clearly in a language the first
    /// reading's data does not cover (a Vietnamese page read with `kor+eng` loses every tone
    /// mark, and its boxes one by one look like anything). Keeps the better reading; returns
    /// the data of the reading kept.
    private func readAgainInPageLanguage(_ result: inout ImageResult, page: PageImage, gray: GrayImage?, recognizer: PageRecognizer,
                                         firstPass: TesseractData, sheetOfPhoto: Bool) throws(OCRError) -> TesseractData {
        let text = result.boxes.map(\.text).joined(separator: " ")
        let guess = languages.detector.detect(text)
        guard ReadingPolicy.isSureOfPageLanguage(guess), let language = guess.language,
              !firstPass.languages.contains(language.tesseractName),
              case let data = ScriptLanguages.reading(language.tesseractName), engines.isAvailable(data) else { return firstPass }
        let (recognized, report, readWith) = try recognizer.read(page, data: data, gray: gray, sheetOfPhoto: sheetOfPhoto)
        let boxes = Self.boxes(from: recognized, level: settings.level)
        let before = ReadingScore(result.boxes), after = ReadingScore(boxes)
        guard ReadingPolicy.keepsPageLanguageReading(after, over: before) else { return firstPass }
        result.boxes = boxes
        result.droppedBoxes = Self.dropped(from: recognized, level: settings.level)
        result.preparation = report
        result.preparation?.add(.languages(.pageLanguage(data: readWith.description, language: language.name,
                                                         confidence: after.confidence, against: before.confidence), readAgain: nil))
        return readWith
    }

    /// Detects each box's language and reads the boxes in other languages again with their own
    /// data, Spanish, Vietnamese and German ones with their data alone for their accents, on
    /// pages read without `eng` the doubtful ones with `eng`, and Korean boxes' doubtful Latin
    /// words with `kor`. The languages the result leaves with are those of its final text: when
    /// a box changed, the boxes are detected again.
    private func rereadByLanguage(_ result: inout ImageResult, page: PageImage, firstPass: TesseractData) {
        languages.assign(&result)
        let rules: [any BoxRereadRule] = [LanguageRereadRule(firstPass: Set(firstPass.languages)), AccentRereadRule(),
                                          LatinRereadRule(firstPass: firstPass), HangulWordRereadRule(firstPass: firstPass)]
        if BoxRereading.run(rules, on: &result, page: page, engines: engines) { languages.assign(&result) }
    }

    /// The lines reading left out of `page`, when its lines are the boxes (paragraphs hold
    /// their lines' text whatever became of the lines).
    static func dropped(from page: RecognizedPage, level: BoxLevel) -> [DroppedBox] {
        level == .line ? page.dropped : []
    }

    static func boxes(from page: RecognizedPage, level: BoxLevel) -> [BoxResult] {
        let source = level == .line ? page.lines : page.paragraphs
        return source.enumerated().map { index, box in
            BoxResult(id: index, rect: box.rect, confidence: box.confidence, text: box.text,
                      paragraph: box.paragraph, words: box.words, polygon: box.polygon)
        }
    }
}
