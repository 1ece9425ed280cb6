/// What the tool reports for one page of one input: the contract of every output format.
///
/// Fields may be added; none of these may be removed or renamed, since scripts rely on them.
public struct ImageResult: Sendable, Equatable {
    /// The input as given on the command line (`-` for standard input).
    public var file: String
    /// 1-based page number (TIFF files can hold many pages).
    public var page: Int
    /// Size of the page in pixels; nil when the file could not be decoded.
    public var width: Int?
    public var height: Int?
    /// The dominant source language of the page's boxes, when known.
    public var source: Language?
    /// The language translated into, when translating.
    public var target: Language?
    /// The translation engine used ("papago", "apertium"), when translating.
    public var engine: String?
    public var boxes: [BoxResult]
    /// Set when this page (or the whole file) failed; a failed result has no boxes.
    public var error: ResultError?
    /// What was done to the page before it was read, and why (for `--verbose`); nil when it
    /// was not read.
    public var preparation: PreparationReport?
    /// The boxes reading found and left out as not text (too small or too unsure), for
    /// `--verbose`; no output format writes them.
    public var droppedBoxes: [DroppedBox] = []
    /// The page's pixels as decoded, kept only when the output draws on them (`--format png`
    /// or `html`); no text format writes them.
    public var pixels: PagePixels?

    public init(file: String, page: Int = 1, width: Int? = nil, height: Int? = nil, source: Language? = nil,
                target: Language? = nil, engine: String? = nil, boxes: [BoxResult] = [], error: ResultError? = nil) {
        self.file = file
        self.page = page
        self.width = width
        self.height = height
        self.source = source
        self.target = target
        self.engine = engine
        self.boxes = boxes
        self.error = error
    }

    /// The result for an input that could not be read at all.
    public static func failed(file: String, error: ResultError) -> ImageResult {
        ImageResult(file: file, error: error)
    }
}

/// One text box of a page, with its translation when there is one.
public struct BoxResult: Sendable, Equatable {
    /// Position of the box within its page's results, from 0.
    public var id: Int
    public var rect: PixelRect
    /// Tesseract's confidence, 0–100.
    public var confidence: Double
    public var language: Language?
    public var text: String
    public var translation: String?
    /// The language the translation went through, when the pair needed two steps.
    public var pivot: Language?
    /// Whether the translation came from the translation cache instead of the engine; nil when
    /// not translating.
    public var cached: Bool?
    /// The paragraph the box belongs to, from 0.
    public var paragraph: Int
    public var words: [RecognizedWord]
    /// The box's four corners when it is not an upright rectangle (see `RecognizedBox.polygon`).
    public var polygon: [PixelPoint]?
    /// The translation unit the box belongs to, an id within its page: the lines of a sentence
    /// wrapped over several lines share one, and are translated together. Nil for paragraph boxes.
    public var unit: Int?
    /// The whole translation of the box's unit, of which `translation` is this line's piece.
    public var unitTranslation: String?
    /// Why the box has no translation although it needed one; nil when it was translated, needed
    /// none (already in the target language, no letters) or the run only reads.
    public var untranslated: UntranslatedReason?

    public init(id: Int, rect: PixelRect, confidence: Double, language: Language? = nil, text: String,
                translation: String? = nil, pivot: Language? = nil, cached: Bool? = nil, paragraph: Int = 0,
                words: [RecognizedWord] = [], polygon: [PixelPoint]? = nil, unit: Int? = nil, unitTranslation: String? = nil,
                untranslated: UntranslatedReason? = nil) {
        self.id = id
        self.rect = rect
        self.confidence = confidence
        self.language = language
        self.text = text
        self.translation = translation
        self.pivot = pivot
        self.cached = cached
        self.paragraph = paragraph
        self.words = words
        self.polygon = polygon
        self.unit = unit
        self.unitTranslation = unitTranslation
        self.untranslated = untranslated
    }
}

/// A failure, as reported in results: a stable code for scripts and a message for people.
public struct ResultError: Sendable, Equatable, Error {
    public var code: String
    public var message: String
    /// Every input would fail the same way, so the message is worth saying once per run (not
    /// part of the output formats).
    public var runWide: Bool
    /// Set when the error ended the whole run (the same error then fails every later input,
    /// and is worth saying once).
    public var stopsRun: RunStop?
    /// The error itself, when there was one, so that the command line can say it in the
    /// user's language (not part of the output formats, nor of equality: the code and the
    /// message already say what the error is).
    public var cause: ErrorCause?

    public static func == (lhs: ResultError, rhs: ResultError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.runWide == rhs.runWide && lhs.stopsRun == rhs.stopsRun
    }

    public init(code: String, message: String, runWide: Bool = false, stopsRun: RunStop? = nil, cause: ErrorCause? = nil) {
        self.code = code
        self.message = message
        self.runWide = runWide || stopsRun != nil
        self.stopsRun = stopsRun
        self.cause = cause
    }

    /// The reported form of an error that describes itself.
    public init(_ error: some ReportableError) {
        self.init(code: error.code, message: error.description, runWide: error.isRunWide, stopsRun: error.stopsRun,
                  cause: ErrorCause(error))
    }
}

/// The error behind a `ResultError`.
public struct ErrorCause: Sendable {
    public let error: any Error & Sendable

    public init(_ error: any Error & Sendable) {
        self.error = error
    }
}
