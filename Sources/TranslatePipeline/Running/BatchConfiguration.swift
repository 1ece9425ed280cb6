import ImageDecoding
import TextRecognition

/// How a batch run reads and translates: plain values, whatever they were chosen from.
public struct BatchConfiguration: Sendable {
    public var ocr: OCRSettings
    /// OCR threads, each with its own Tesseract handle.
    public var jobs: Int
    /// Translation threads: requests in flight at once.
    public var maxRequests: Int
    /// Where each input's result file goes, if anywhere.
    public var outputDirectory: OutputDirectory?
    /// Leave out inputs whose result file exists in `outputDirectory`.
    public var skipExisting: Bool
    public var inputReader: InputReader
    /// How long in-flight images may take to finish after a cancellation before the run ends
    /// without them.
    public var interruptGrace: Double

    public init(ocr: OCRSettings = OCRSettings(rereadByLanguage: true), jobs: Int = 1, maxRequests: Int = 4,
                outputDirectory: OutputDirectory? = nil, skipExisting: Bool = false,
                inputReader: InputReader = InputReader(), interruptGrace: Double = 1.0) {
        self.ocr = ocr
        self.jobs = jobs
        self.maxRequests = maxRequests
        self.outputDirectory = outputDirectory
        self.skipExisting = skipExisting
        self.inputReader = inputReader
        self.interruptGrace = interruptGrace
    }
}
