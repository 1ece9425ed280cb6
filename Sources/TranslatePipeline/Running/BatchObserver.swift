import TesseractReading
import TextRecognition
import TranslateModel

/// What a batch run tells its caller as it goes: the command line renders and counts.
///
/// Called from the run's worker threads; `deliver` and `inputEnded` one at a time, in input
/// order and, within an input, in page order: each page as soon as it and everything before it
/// are done, so that a long document shows its pages as they are read. After an interrupt, the
/// pages finished behind one that will not be follow it: only unfinished pages are missing.
public protocol BatchObserver: Sendable {
    /// Before the first input is read, with how many inputs will be.
    func runWillStart(inputCount: Int)
    /// One page of an input (or the one result of an input that could not be read at all).
    func deliver(_ page: FinishedPage)
    /// After the last page of an input this run delivered: every page, or those finished when
    /// the run was interrupted.
    func inputEnded(_ input: InputEnd)
    /// Something the person running the program should know; the same message may come from
    /// every worker, and is worth saying once.
    func notice(_ notice: InputNotice)
    /// What reading says once, such as a missing model; it may come from every worker too.
    func notice(_ notice: RecognitionNotice)
}

/// One page read (and translated), and how long that took.
public struct FinishedPage: Sendable {
    public var result: ImageResult
    /// How many pages its input has (its results, failed pages included): a page of several
    /// is named by its number in headers and messages.
    public var pageCount: Int
    public var duration: Duration
    /// Set when this page hit an error that ends the run.
    public var stop: RunStop?

    public init(result: ImageResult, pageCount: Int = 1, duration: Duration = .zero, stop: RunStop? = nil) {
        self.result = result
        self.pageCount = pageCount
        self.duration = duration
        self.stop = stop
    }
}

/// How far one input got in this run, told after its last delivered page.
public struct InputEnd: Sendable, Equatable {
    public var file: String
    /// Its pages (its results, failed pages included).
    public var pageCount: Int
    /// The first page this run read: after the pages an earlier run finished, when it resumed
    /// the input (`--skip-existing`).
    public var firstPage: Int
    /// Pages delivered in this run.
    public var delivered: Int
    /// Why its result file could not be written, when it could not.
    public var outputError: ResultError?

    public init(file: String, pageCount: Int, firstPage: Int = 1, delivered: Int, outputError: ResultError? = nil) {
        self.file = file
        self.pageCount = pageCount
        self.firstPage = firstPage
        self.delivered = delivered
        self.outputError = outputError
    }

    /// Every page from `firstPage` on was delivered: the run was not interrupted within it.
    public var isComplete: Bool { firstPage + delivered > pageCount }

    /// Pages finished, in this run and before it.
    public var pagesDone: Int { firstPage - 1 + delivered }
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
