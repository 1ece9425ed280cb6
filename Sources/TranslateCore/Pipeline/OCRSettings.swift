/// How pages are read: which Tesseract languages, which segmentation, which box level.
public struct OCRSettings: Sendable, Equatable {
    public var languages: [String]
    public var pageSegmentationMode: Int
    public var level: BoxLevel
    public var pixelLimit: Int
    /// Read boxes again with their detected language's traineddata (on unless `--ocr-lang` is given).
    public var rereadByLanguage: Bool

    public init(languages: [String] = ["kor", "eng"],
                pageSegmentationMode: Int = TesseractEngine.defaultPageSegmentationMode,
                level: BoxLevel = .line,
                pixelLimit: Int = ImageDecoder.defaultPixelLimit,
                rereadByLanguage: Bool = false) {
        self.languages = languages
        self.pageSegmentationMode = pageSegmentationMode
        self.level = level
        self.pixelLimit = pixelLimit
        self.rereadByLanguage = rereadByLanguage
    }
}
