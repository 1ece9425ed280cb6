import ImageDecoding
import TesseractReading
import TranslateModel

/// How the text of a page is found.
public enum PageLayout: String, Sendable, CaseIterable {
    /// Photos through the text-line detector, screenshots and scans through Tesseract's page
    /// layout analysis, told apart by their pixels.
    case auto
    /// Every page through the text-line detector, line by line.
    case photo
    /// Every page through Tesseract's page layout analysis.
    case page
}

/// How pages are read: which Tesseract languages, which segmentation, which box level.
public struct OCRSettings: Sendable, Equatable {
    public var languages: [String]
    public var pageSegmentationMode: Int
    public var level: BoxLevel
    public var pixelLimit: Int
    /// The most bytes read from one input; nil: `ImageDecoder.bytesPerPixel` per pixel of
    /// `pixelLimit`; 0: no limit.
    public var byteLimit: Int?
    /// Read boxes again with their detected language's traineddata (on unless `--ocr-lang` is given).
    public var rereadByLanguage: Bool
    /// Prepare each page (polarity, skew, size, orientation) before reading it; false reads
    /// pages as they are, the way the `tesseract` command does.
    public var prepares: Bool
    /// Choose the page segmentation mode per page; false uses `pageSegmentationMode` as given.
    public var choosesSegmentation: Bool
    /// How the text of a page is found.
    public var layout: PageLayout
    /// The text-line detector's model file; nil reads every page with the page layout analysis.
    public var textDetectorModel: String?
    /// The text-line recognizer's model file (Chinese and Latin lines of photos); nil reads
    /// every photo line with Tesseract.
    public var textRecognizerModel: String?
    /// The run's environment as far as the models' runtime goes (`TRANSLATE_ONNXRUNTIME` and
    /// `TRANSLATE_ORIENTATION_MODEL`, when set): the models run on ONNX Runtime when it is
    /// installed beside them.
    public var modelEnvironment: [String: String] = [:]
    /// Keep each page's decoded pixels in its result, for outputs that draw on the page.
    public var keepsPixels = false
    /// Threads one image is read on: 2 when the run reads one image and a core would otherwise
    /// wait (a helper thread beside the worker reads a photo's lines, or a page in the script
    /// orientation detection sees, `ScriptScout`), else 1.
    public var threadsPerImage = 1
    /// The most bytes of language data the OCR workers keep loaded beyond their first
    /// languages (`TesseractHandlePool`); nil: the default for this machine's memory.
    public var languageDataLimit: Int?
    /// Read each text line on its own, and a line whose pixels the run has read before not
    /// again (`--reuse-lines`); false reads each page as a whole.
    public var readsLineByLine = false

    public init(languages: [String] = ["kor", "eng"],
                pageSegmentationMode: Int = TesseractEngine.defaultPageSegmentationMode,
                level: BoxLevel = .line,
                pixelLimit: Int = ImageDecoder.defaultPixelLimit,
                byteLimit: Int? = nil,
                rereadByLanguage: Bool = false,
                prepares: Bool = true,
                choosesSegmentation: Bool = true,
                layout: PageLayout = .auto,
                textDetectorModel: String? = nil,
                textRecognizerModel: String? = nil,
                languageDataLimit: Int? = nil) {
        self.languages = languages
        self.pageSegmentationMode = pageSegmentationMode
        self.level = level
        self.pixelLimit = pixelLimit
        self.byteLimit = byteLimit
        self.rereadByLanguage = rereadByLanguage
        self.prepares = prepares
        self.choosesSegmentation = choosesSegmentation
        self.layout = layout
        self.textDetectorModel = textDetectorModel
        self.textRecognizerModel = textRecognizerModel
        self.languageDataLimit = languageDataLimit
    }
}

extension OCRSettings {
    /// These settings with each image read on `threads` threads.
    public func readingEachImage(onThreads threads: Int) -> OCRSettings {
        var settings = self
        settings.threadsPerImage = threads
        return settings
    }
}
