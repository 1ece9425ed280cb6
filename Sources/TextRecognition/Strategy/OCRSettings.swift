import TranslateModel
/// How pages are read: which Tesseract languages, which segmentation, which box level.
public struct OCRSettings: Sendable, Equatable {
    public var languages: [String]
    public var pageSegmentationMode: Int
    public var level: BoxLevel
    public var pixelLimit: Int
    /// Read boxes again with their detected language's traineddata (on unless `--ocr-lang` is given).
    public var rereadByLanguage: Bool
    /// Prepare each page (polarity, skew, size, orientation) before reading it; false reads
    /// pages as they are, the way the `tesseract` command does.
    public var prepares: Bool
    /// Choose the page segmentation mode per page; false uses `pageSegmentationMode` as given.
    public var choosesSegmentation: Bool

    public init(languages: [String] = ["kor", "eng"],
                pageSegmentationMode: Int = TesseractEngine.defaultPageSegmentationMode,
                level: BoxLevel = .line,
                pixelLimit: Int = ImageDecoder.defaultPixelLimit,
                rereadByLanguage: Bool = false,
                prepares: Bool = true,
                choosesSegmentation: Bool = true) {
        self.languages = languages
        self.pageSegmentationMode = pageSegmentationMode
        self.level = level
        self.pixelLimit = pixelLimit
        self.rereadByLanguage = rereadByLanguage
        self.prepares = prepares
        self.choosesSegmentation = choosesSegmentation
    }
}
