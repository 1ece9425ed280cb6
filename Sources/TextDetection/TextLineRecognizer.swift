import Foundation
internal import CTextDetection

/// Reads single text lines with one of PaddleOCR's recognition models: on ONNX Runtime PP-OCRv6
/// small (Chinese, Japanese kana, Latin letters with their accents, Greek, digits and
/// punctuation), on OpenCV PP-OCRv4 (Chinese, English, digits and punctuation).
///
/// Lines in scripts it has no characters for come out wrong without its confidence always
/// saying so: Hangul and Thai mostly empty (`TextLineReading.unreadShare` says how much),
/// Cyrillic as Latin look-alikes (0.5-0.85), and on PP-OCRv4 kana dropped and accents it lacks
/// (â, ç, ê) left off. Compare with another engine's reading of the line
/// (`unreadableLetterCount(in:)`). Turned upside down, such lines read as confident nonsense.
///
/// Thread-safe. On ONNX Runtime one session serves every width and thread. On OpenCV, threads
/// reading at once each run a network of their own, made per input width as needed, the eight
/// last used kept (25-45 MB each): making one takes 30-60 ms, its first run 20-40 ms more, so
/// one recognizer shared by a worker's threads makes fewer than one per thread.
public final class TextLineRecognizer: @unchecked Sendable {
    // @unchecked Sendable: the handle is never replaced, and the C side guards its networks.
    private let handle: OpaquePointer

    /// Every character the model can read: its character list and the space. A reading by
    /// another engine with letters outside it (Hangul, kana, Thai, most Cyrillic, Latin letters
    /// such as â, ç or ê) is of a line this recognizer cannot have read right.
    public let characters: Set<Unicode.Scalar>

    /// How a line is fed to the network.
    public struct Options: Sendable, Hashable {
        /// The network runs at widths that are multiples of this (in pixels of the line scaled to
        /// height 48), at least `minimumWidth`; lines are padded up to the next one.
        public var widthStep: Int
        /// The narrowest input (PaddleOCR pads every line to at least 320).
        public var minimumWidth: Int
        /// The widest stretch read at once; a longer line is read in windows this wide.
        public var maxWidth: Int
        /// How much neighbouring windows overlap.
        public var overlap: Int

        /// Steps of 160 from 320, windows of 960 overlapping by 96.
        public static let standard = Options(widthStep: 160, minimumWidth: 320, maxWidth: 960, overlap: 96)

        public init(widthStep: Int, minimumWidth: Int, maxWidth: Int, overlap: Int) {
            self.widthStep = widthStep
            self.minimumWidth = minimumWidth
            self.maxWidth = maxWidth
            self.overlap = overlap
        }
    }

    /// Loads the model at `modelPath` and its character list at `dictionaryPath` (see
    /// `TextRecognizerModel.locate` and `TextRecognizerModel.charactersPath(forModel:)`), to run
    /// on OpenCV; or, given `onnxRuntime` (the library's path), a model as PaddleOCR publishes
    /// it, to run on ONNX Runtime (`TextRecognizerModel.onnxRuntime(forModel:environment:)` finds
    /// the library, PP-OCRv6 small and its characters).
    public init(modelPath: String, dictionaryPath: String, onnxRuntime: String? = nil) throws(TextDetectionError) {
        var loaded: OpaquePointer?
        try checkedCall(failure: { .recognizerUnreadable(path: modelPath, reason: $0) }) { message, capacity in
            if let onnxRuntime {
                CTextDetection_loadRecognizerOnOnnxRuntime(onnxRuntime, modelPath, dictionaryPath, &loaded, message, capacity)
            } else {
                CTextDetection_loadRecognizer(modelPath, dictionaryPath, &loaded, message, capacity)
            }
        }
        guard let loaded else { throw .recognizerUnreadable(path: modelPath, reason: "no recognizer returned") }
        handle = loaded
        // The C side has read and checked the list: one character a line.
        guard let list = try? String(contentsOfFile: dictionaryPath, encoding: .utf8) else {
            CTextDetection_freeRecognizer(loaded)
            throw .recognizerUnreadable(path: modelPath, reason: "cannot read the character list \(dictionaryPath)")
        }
        characters = Set(list.unicodeScalars.filter { $0 != "\n" && $0 != "\r" }).union([" "])
    }

    /// The recognizer for the model at `modelPath` (rewritten for OpenCV) and its characters at
    /// `dictionaryPath`: PP-OCRv6 small on ONNX Runtime when both are installed beside the
    /// model, else that model on OpenCV; with why ONNX Runtime could not run it (the reason
    /// alone), when it could not.
    public static func loaded(modelPath: String, dictionaryPath: String,
                              environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(TextDetectionError) -> (recognizer: TextLineRecognizer, onnxRuntimeFailure: String?)
    {
        var failure: String?
        if let runtime = TextRecognizerModel.onnxRuntime(forModel: modelPath, environment: environment) {
            do {
                return (try TextLineRecognizer(modelPath: runtime.model, dictionaryPath: runtime.characters,
                                               onnxRuntime: runtime.library), nil)
            } catch .recognizerUnreadable(_, let reason) {
                failure = reason
            } catch {
                failure = "\(error)"
            }
        }
        return (try TextLineRecognizer(modelPath: modelPath, dictionaryPath: dictionaryPath), failure)
    }

    /// How many letters of `text` (a line as another engine read it) are not among `characters`.
    public func unreadableLetterCount(in text: String) -> Int {
        Self.unreadableLetterCount(in: text, characters: characters)
    }

    /// `unreadableLetterCount(in:)` for a recognizer with `characters`.
    public static func unreadableLetterCount(in text: String, characters: Set<Unicode.Scalar>) -> Int {
        unreadableLetters(in: text, characters: characters).count
    }

    /// The letters of `text` that are not among `characters`, in order.
    public static func unreadableLetters(in text: String, characters: Set<Unicode.Scalar>) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { $0.properties.isAlphabetic && !characters.contains($0) }
    }

    deinit {
        CTextDetection_freeRecognizer(handle)
    }

    /// The text of one line image, upright, running left to right (a flat crop of a detected
    /// line), and the mean probability of its characters, 0 to 1 (0 when nothing was read).
    ///
    /// - Parameters:
    ///   - pixels: rows of interleaved grey (1 channel), RGB (3) or RGBA (4) bytes.
    ///   - bytesPerRow: the distance between the starts of two rows, at least `width * channels`.
    public func recognize(
        pixels: some ContiguousBytes,
        width: Int,
        height: Int,
        bytesPerRow: Int,
        channels: Int,
        options: Options = .standard
    ) throws(TextDetectionError) -> (text: String, confidence: Double) {
        let read = try read(pixels: pixels, width: width, height: height, bytesPerRow: bytesPerRow, channels: channels,
                            options: options)
        return (read.text, read.confidence)
    }

    /// `recognize`'s reading, with how much of the line was read as nothing (`TextLineReading`).
    public func read(
        pixels: some ContiguousBytes,
        width: Int,
        height: Int,
        bytesPerRow: Int,
        channels: Int,
        options: Options = .standard
    ) throws(TextDetectionError) -> TextLineReading {
        let layout = PixelLayout(width: width, height: height, bytesPerRow: bytesPerRow, channels: channels)
        var cOptions = CTextDetection_defaultRecognitionOptions()
        guard let step = Int32(exactly: options.widthStep), let minimumWidth = Int32(exactly: options.minimumWidth),
              let maxWidth = Int32(exactly: options.maxWidth), let overlap = Int32(exactly: options.overlap) else {
            throw .invalidArgument("recognition options out of range")
        }
        cOptions.widthStep = step
        cOptions.minimumWidth = minimumWidth
        cOptions.maxWidth = maxWidth
        cOptions.overlap = overlap

        let result: Result<TextLineReading, TextDetectionError> = pixels.withUnsafeBytes { buffer in
            Result { () throws(TextDetectionError) in
                try layout.validate(byteCount: buffer.count)
                return try read(layout.cImage(buffer.baseAddress!), options: cOptions)
            }
        }
        return try result.get()
    }

    private func read(
        _ image: CTextDetection_Image,
        options: CTextDetection_RecognitionOptions
    ) throws(TextDetectionError) -> TextLineReading {
        var options = options
        var text: UnsafeMutablePointer<CChar>?
        var confidence: Float = 0
        var unreadShare: Float = 0
        try checkedCall(failure: { .recognitionFailed($0) }) { message, capacity in
            CTextDetection_recognize(handle, image, &options, &text, &confidence, &unreadShare, message, capacity)
        }
        defer { CTextDetection_freeText(text) }
        return TextLineReading(text: text.map { String(cString: $0) } ?? "", confidence: Double(confidence),
                               unreadShare: Double(unreadShare))
    }
}

/// One line as the recognizer read it.
public struct TextLineReading: Sendable, Equatable {
    public var text: String
    /// The mean probability of its characters, 0 to 1 (0 when nothing was read).
    public var confidence: Double
    /// The share of the line in stretches read as nothing, each longer than one and a half
    /// times the line's height: 0 on a line the model read from end to end, most of the line
    /// for text in a script it has no characters for (Hangul, Thai, Cyrillic), whose letters it
    /// leaves out rather than reads wrong (bench/photos: 0 on 90% of Latin and Han lines, 0.8
    /// or more on 90% of Hangul ones).
    public var unreadShare: Double

    public init(text: String, confidence: Double, unreadShare: Double) {
        self.text = text
        self.confidence = confidence
        self.unreadShare = unreadShare
    }
}
