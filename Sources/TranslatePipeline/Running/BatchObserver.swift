import TextRecognition
import TranslateModel

/// What a batch run tells its caller as it goes: the command line renders and counts.
///
/// Called from the run's worker threads; `deliver` one input at a time, in input order.
public protocol BatchObserver: Sendable {
    /// Before the first input is read, with how many inputs will be.
    func runWillStart(inputCount: Int)
    /// An input is done (in any order), for progress.
    func inputFinished()
    /// An input's pages, in input order, as soon as it and every one before it are done.
    func deliver(_ input: FinishedInput)
    /// Something the person running the program should know, such as a missing model; the
    /// same message may come from every worker, and is worth saying once.
    func notice(_ message: String)
}

/// The pages read from one input and how long reading (and translating) took.
public struct FinishedInput: Sendable {
    public var results: [ImageResult]
    public var duration: Duration
    /// Set when this input hit an error that ends the run.
    public var stop: RunStop?

    public init(results: [ImageResult], duration: Duration, stop: RunStop? = nil) {
        self.results = results
        self.duration = duration
        self.stop = stop
    }
}

/// How a run went, beyond what the observer saw.
public struct BatchOutcome: Sendable, Equatable {
    /// Inputs there were to read.
    public var inputCount: Int
    /// Inputs left out because their result file exists.
    public var alreadyDone: Int
    /// Cancelled before every input was delivered.
    public var interrupted: Bool
    /// OCR threads that ran.
    public var ocrThreads: Int
    /// The most bytes of other languages' data (and orientation detection) the OCR threads
    /// held at once, and the budget they kept to.
    public var languageDataPeak = 0
    public var languageDataLimit = 0
    /// Text lines taken from an earlier reading of the same pixels, and lines read.
    public var repeatedLines = 0
    public var readLines = 0

    public init(inputCount: Int, alreadyDone: Int, interrupted: Bool, ocrThreads: Int,
                languageDataPeak: Int = 0, languageDataLimit: Int = 0, repeatedLines: Int = 0, readLines: Int = 0) {
        self.inputCount = inputCount
        self.alreadyDone = alreadyDone
        self.interrupted = interrupted
        self.ocrThreads = ocrThreads
        self.languageDataPeak = languageDataPeak
        self.languageDataLimit = languageDataLimit
        self.repeatedLines = repeatedLines
        self.readLines = readLines
    }
}

/// Why a run could not start; nothing was read.
public enum BatchSetupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The OCR languages cannot be loaded.
    case ocr(OCRError)
    /// The output directory cannot be made.
    case outputDirectory(OutputFileError)

    public var description: String {
        switch self {
        case .ocr(let error): error.description
        case .outputDirectory(let error): error.description
        }
    }
}
