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
                let recognized = try loadedEngine().recognize(page)
                var result = ImageResult(file: name, page: page.page, width: page.width, height: page.height,
                                         boxes: Self.boxes(from: recognized, level: settings.level))
                if settings.rereadByLanguage { rereadByLanguage(&result, page: page) }
                return result
            } catch {
                var failed = ImageResult(file: name, page: page.page, width: page.width, height: page.height)
                failed.error = ResultError(error)
                return failed
            }
        }
    }

    private func loadedEngine() throws(OCRError) -> TesseractEngine {
        if let engine { return engine }
        let created = try TesseractEngine(languages: settings.languages, pageSegmentationMode: settings.pageSegmentationMode)
        engine = created
        return created
    }

    /// Detects each box's language and reads the boxes in other languages again with their own data.
    private func rereadByLanguage(_ result: inout ImageResult, page: PageImage) {
        guard let engine else { return }
        engines.insert(engine)
        BoxLanguages.assign(&result, detector: OfflineLanguageDetector(), forced: nil, target: nil)
        BoxRereader(engines: engines, firstPass: Set(settings.languages)).reread(&result, page: page)
    }

    static func boxes(from page: RecognizedPage, level: BoxLevel) -> [BoxResult] {
        let source = level == .line ? page.lines : page.paragraphs
        return source.enumerated().map { index, box in
            BoxResult(id: index, rect: box.rect, confidence: box.confidence, text: box.text,
                      paragraph: box.paragraph, words: box.words)
        }
    }
}
