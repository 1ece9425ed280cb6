import Foundation

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

    public init(settings: OCRSettings, inputReader: InputReader, engine: TesseractEngine? = nil) {
        self.settings = settings
        self.decoder = ImageDecoder(pixelLimit: settings.pixelLimit)
        self.inputReader = inputReader
        self.engine = engine
    }

    /// Every page of `source` as a result; failures become results with `error` set.
    public func read(_ source: InputSource) -> [ImageResult] {
        let name = source.displayName
        let pages: [PageImage]
        do throws(ImageError) {
            pages = try decoder.decodePages(try inputReader.read(source))
        } catch {
            return [.failed(file: name, error: ResultError(error))]
        }
        return pages.map { page in
            do throws(OCRError) {
                let (recognized, report, languages) = try loadedRecognizer().read(page)
                var result = ImageResult(file: name, page: page.page, width: page.width, height: page.height,
                                         boxes: Self.boxes(from: recognized, level: settings.level))
                result.preparation = report
                if settings.rereadByLanguage { rereadByLanguage(&result, page: page, firstPass: languages) }
                return result
            } catch {
                var failed = ImageResult(file: name, page: page.page, width: page.width, height: page.height)
                failed.error = ResultError(error)
                return failed
            }
        }
    }

    private func loadedRecognizer() throws(OCRError) -> PageRecognizer {
        if let recognizer { return recognizer }
        let engine: TesseractEngine
        if let handed = self.engine {
            engine = handed
        } else {
            engine = try TesseractEngine(languages: settings.languages, pageSegmentationMode: settings.pageSegmentationMode)
        }
        let created = PageRecognizer(engine: engine, settings: settings, engines: engines)
        recognizer = created
        self.engine = nil
        return created
    }

    /// Detects each box's language and reads the boxes in other languages again with their own data.
    private func rereadByLanguage(_ result: inout ImageResult, page: PageImage, firstPass: [String]) {
        let detector = OfflineLanguageDetector()
        SentenceSplitter.split(&result, detector: detector)
        BoxLanguages.assign(&result, detector: detector, forced: nil, target: nil)
        BoxRereader(engines: engines, firstPass: Set(firstPass)).reread(&result, page: page)
    }

    static func boxes(from page: RecognizedPage, level: BoxLevel) -> [BoxResult] {
        let source = level == .line ? page.lines : page.paragraphs
        return source.enumerated().map { index, box in
            BoxResult(id: index, rect: box.rect, confidence: box.confidence, text: box.text,
                      paragraph: box.paragraph, words: box.words)
        }
    }
}
