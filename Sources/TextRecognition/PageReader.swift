import Foundation
import TextDetection
import TranslateModel

/// Reads inputs into image results on one worker thread, reusing one Tesseract handle.
///
/// Owned by a single thread for its whole life; the handle is created on first use, or
/// handed over already loaded (the run loads one up front to check the languages).
public final class PageReader {
    private let settings: OCRSettings
    private let decoder: ImageDecoder
    private let inputReader: InputReader
    private var engine: TesseractEngine?
    private lazy var engines = EngineCache(pageSegmentationMode: settings.pageSegmentationMode)
    private var recognizer: PageRecognizer?
    /// Reads photos line by line; nil until a photo comes, and when there is no detector model.
    private var photoRecognizer: PhotoRecognizer?
    private var photoRecognizerFailed = false
    /// Box languages, for reading each box again with its own data (`settings.rereadByLanguage`).
    private let languages: any BoxLanguageAssigner
    /// Where to say what a person should know once per run, such as a missing detector model.
    private let notices: @Sendable (String) -> Void

    /// `languages`: how boxes get their languages; each box in a language the first reading
    /// did not cover is read again with that language's data. `notices`: messages for the
    /// person running the program (the same one may come from every worker).
    public init(settings: OCRSettings, inputReader: InputReader, languages: any BoxLanguageAssigner, engine: TesseractEngine? = nil,
                notices: @escaping @Sendable (String) -> Void = { _ in }) {
        self.settings = settings
        self.decoder = ImageDecoder(pixelLimit: settings.pixelLimit, byteLimit: settings.byteLimit)
        self.inputReader = inputReader
        self.languages = languages
        self.engine = engine
        self.notices = notices
    }

    /// What is said when a photo comes and the detector's model is not there.
    public static let missingModelNotice = "photos are read without the text-line detector, whose model is not installed "
        + "(to fix: scripts/fetch-text-detector.py, or set \(TextDetectorModel.environmentVariable) to the model file)"

    /// Every page of `source` as a result; failures become results with `error` set: one
    /// result when the whole input failed, one per page when a page of a multi-page file did. With
    /// `settings.rereadByLanguage` every box also has its language, from `languages`.
    public func read(_ source: InputSource) -> [ImageResult] {
        let name = source.displayName
        let pages: [DecodedPage]
        do throws(ImageError) {
            pages = try decoder.decodePages(of: source, reader: inputReader)
        } catch {
            return [.failed(file: name, error: ResultError(error))]
        }
        return pages.map { decoded in
            switch decoded {
            case .failed(let number, let error):
                return ImageResult(file: name, page: number, error: ResultError(error))
            case .decoded(let page):
                do throws(OCRError) {
                    return try read(page, name: name)
                } catch {
                    var failed = ImageResult(file: name, page: page.page, width: page.width, height: page.height)
                    failed.error = ResultError(error)
                    return failed
                }
            }
        }
    }

    /// One page: a photo through the page finder or the text-line detector, anything else (and
    /// a photo neither can read) through Tesseract's page layout analysis.
    private func read(_ page: PageImage, name: String) throws(OCRError) -> ImageResult {
        let recognizer = try loadedRecognizer()
        // The grey pixels that tell a photo are those the page path prepares.
        let gray = settings.layout == .page ? nil : GrayImage(page.pix)
        guard let gray, let photoNote = photoNote(gray) else {
            let result = try readByLayoutAnalysis(page, gray: gray, name: name, recognizer: recognizer)
            if let gray, Self.confidence(of: result.boxes) < PageRecognizer.retryConfidence,
               let turned = try readTurned(page, gray: gray, name: name, recognizer: recognizer),
               Self.confidentCharacters(in: turned.boxes) > Self.confidentCharacters(in: result.boxes) {
                return turned
            }
            return result
        }
        var flattened: ImageResult?
        if let sheet = PhotographedPage(in: gray, pageNumber: page.page) {
            var result = try readByLayoutAnalysis(sheet.page, gray: sheet.gray, name: name, recognizer: recognizer)
            sheet.mapToPhoto(&result, photoWidth: page.width, photoHeight: page.height)
            let found = String(format: "a sheet of paper: its four corners found (outline %.0f%% clear) and the page flattened",
                               sheet.outline.confidence * 100)
            result.preparation = PreparationReport(steps: [photoNote, found] + (result.preparation?.steps ?? []))
            // A page read well is kept; a poor reading (a label, not a printed page) competes
            // with the photo read line by line.
            if Self.confidence(of: result.boxes) >= PageRecognizer.retryConfidence { return result }
            flattened = result
        }
        if let photo = try readLines(gray, note: photoNote, engine: recognizer.engine) {
            var result = ImageResult(file: name, page: page.page, width: page.width, height: page.height,
                                     boxes: Self.boxes(from: photo.page, level: settings.level))
            result.preparation = photo.report
            if settings.rereadByLanguage { languages.assign(&result) }
            if let flattened, Self.confidentCharacters(in: flattened.boxes) > Self.confidentCharacters(in: result.boxes) {
                return flattened
            }
            return result
        }
        if let flattened { return flattened }
        return try readByLayoutAnalysis(page, gray: gray, name: name, recognizer: recognizer)
    }

    /// A page read poorly, read again turned a quarter either way when its detected lines say
    /// it lies on its side; the better of the two, in the page's own pixels, or nil.
    private func readTurned(_ page: PageImage, gray: GrayImage, name: String,
                            recognizer: PageRecognizer) throws(OCRError) -> ImageResult? {
        guard settings.prepares, let detector = loadedPhotoRecognizer()?.detector,
              let lines = try? detector.detect(pixels: gray.pixels, width: gray.width, height: gray.height,
                                               bytesPerRow: gray.width, channels: 1, maxSide: PhotoRecognizer.detectionSide),
              TurnedPage.liesOnItsSide(lines), let image = gray.leptonicaImage() else { return nil }
        var best: ImageResult?
        for quarterTurns in [1, 3] {
            guard let turnedImage = image.rotated(quarterTurns: quarterTurns), let turnedGray = GrayImage(turnedImage.pix),
                  let turnedPage = turnedImage.pageImage(page: page.page) else { continue }
            var result = try readByLayoutAnalysis(turnedPage, gray: turnedGray, name: name, recognizer: recognizer)
            guard Self.confidentCharacters(in: result.boxes) > Self.confidentCharacters(in: best?.boxes ?? []) else { continue }
            TurnedPage.turnedBack(&result, quarterTurns: quarterTurns, width: page.width, height: page.height)
            result.preparation = PreparationReport(
                steps: ["on its side by its text lines (\(lines.count) found by the text detector): turned \(quarterTurns * 90)° clockwise"]
                    + (result.preparation?.steps ?? []))
            best = result
        }
        return best
    }

    /// Characters in words read at `PageRecognizer.retryConfidence` or better: what a reading
    /// read surely, counting what it left out, unlike mean confidence.
    static func confidentCharacters(in boxes: [BoxResult]) -> Int {
        boxes.reduce(0) { total, box in
            total + box.words.reduce(0) { $0 + ($1.confidence >= PageRecognizer.retryConfidence ? $1.text.count : 0) }
        }
    }

    /// Why a page is read as a photo, or nil when it is not one.
    private func photoNote(_ gray: GrayImage) -> String? {
        switch settings.layout {
        case .page: return nil
        case .photo: return "read as a photo (--layout photo)"
        case .auto:
            let flatness = PhotoClassifier.flatness(of: gray)
            guard PhotoClassifier.isPhoto(flatness: flatness) else { return nil }
            return String(format: "camera photo (%.0f%% of neighbouring pixels equal)", flatness * 100)
        }
    }

    /// `page` through the page preparation and Tesseract's layout analysis, its boxes read again
    /// in their own languages.
    private func readByLayoutAnalysis(_ page: PageImage, gray: GrayImage?, name: String,
                                      recognizer: PageRecognizer) throws(OCRError) -> ImageResult {
        let (recognized, report, languages) = try recognizer.read(page, gray: gray)
        var result = ImageResult(file: name, page: page.page, width: page.width, height: page.height,
                                 boxes: Self.boxes(from: recognized, level: settings.level))
        result.preparation = report
        if settings.rereadByLanguage {
            let firstPass = try readAgainInPageLanguage(&result, page: page, recognizer: recognizer, firstPass: languages)
            rereadByLanguage(&result, page: page, firstPass: firstPass)
        }
        return result
    }

    /// A photo's text lines found by the text-line detector and read one by one; nil when there
    /// is no detector (its model is missing).
    private func readLines(_ gray: GrayImage, note: String, engine: TesseractEngine) throws(OCRError)
        -> (page: RecognizedPage, report: PreparationReport)?
    {
        guard let photoRecognizer = loadedPhotoRecognizer() else { return nil }
        let read = try photoRecognizer.read(gray, engine: engine, report: PreparationReport(steps: [note]))
        return (read.page, read.report)
    }

    /// The photo reader, its detector loaded on first use; nil, said once, when it cannot be.
    private func loadedPhotoRecognizer() -> PhotoRecognizer? {
        if let photoRecognizer { return photoRecognizer }
        guard !photoRecognizerFailed else { return nil }
        photoRecognizerFailed = true
        guard let model = settings.textDetectorModel else {
            notices(Self.missingModelNotice)
            return nil
        }
        let detector: TextLineDetector
        do {
            detector = try TextLineDetector(modelPath: model)
        } catch {
            notices("photos are read without the text-line detector: \(model): \(error)")
            return nil
        }
        photoRecognizerFailed = false
        let made = PhotoRecognizer(detector: detector, engines: engines, languageDetector: languages.detector, settings: settings)
        photoRecognizer = made
        return made
    }

    private func loadedRecognizer() throws(OCRError) -> PageRecognizer {
        if let recognizer { return recognizer }
        let engine: TesseractEngine
        if let handed = self.engine {
            engine = handed
        } else {
            engine = try TesseractEngine(languages: settings.languages, pageSegmentationMode: settings.pageSegmentationMode)
        }
        let created = PageRecognizer(engine: engine, settings: settings, engines: engines, languageDetector: languages.detector)
        recognizer = created
        self.engine = nil
        return created
    }

    /// Reads the whole page again when its text as a whole is clearly in a language the first
    /// reading's data does not cover (a Vietnamese page read with `kor+eng` loses every tone
    /// mark, and its boxes one by one look like anything). Keeps the better reading; returns
    /// the languages of the reading kept.
    private func readAgainInPageLanguage(_ result: inout ImageResult, page: PageImage, recognizer: PageRecognizer,
                                         firstPass: [String]) throws(OCRError) -> [String] {
        let text = result.boxes.map(\.text).joined(separator: " ")
        let guess = languages.detector.detect(text)
        guard let language = guess.language, guess.confidence >= Self.pageLanguageConfidence,
              !firstPass.contains(language.tesseractName),
              let engine = engines.engine(for: BoxRereader.languages(for: language)) else { return firstPass }
        let (recognized, report, languages) = try recognizer.read(page, engine: engine)
        let boxes = Self.boxes(from: recognized, level: settings.level)
        let before = Self.confidence(of: result.boxes), after = Self.confidence(of: boxes)
        guard after > before else { return firstPass }
        result.boxes = boxes
        result.preparation = report
        result.preparation?.add(String(format: "read with %@ for its %@ text (confidence %.0f against %.0f)",
                                       languages.joined(separator: "+"), language.name, after, before))
        return languages
    }

    /// How sure the detector must be of a page's language before the page is read again in it.
    static let pageLanguageConfidence = 0.9

    /// Mean confidence of boxes, weighted by their length.
    static func confidence(of boxes: [BoxResult]) -> Double {
        let weight = boxes.reduce(0) { $0 + $1.text.count }
        return weight == 0 ? 0 : boxes.reduce(0) { $0 + $1.confidence * Double($1.text.count) } / Double(weight)
    }

    /// Detects each box's language and reads the boxes in other languages again with their own
    /// data. The languages the result leaves with are those of its final text: boxes whose text
    /// changed are detected again.
    private func rereadByLanguage(_ result: inout ImageResult, page: PageImage, firstPass: [String]) {
        languages.assign(&result)
        let changed = BoxRereader(engines: engines, firstPass: Set(firstPass)).reread(&result, page: page)
        if changed > 0 { languages.assign(&result) }
    }

    static func boxes(from page: RecognizedPage, level: BoxLevel) -> [BoxResult] {
        let source = level == .line ? page.lines : page.paragraphs
        return source.enumerated().map { index, box in
            BoxResult(id: index, rect: box.rect, confidence: box.confidence, text: box.text,
                      paragraph: box.paragraph, words: box.words, polygon: box.polygon)
        }
    }
}
