import Foundation
import ImageDecoding
import TesseractReading
import TextDetection
import TranslateModel
import TranslationEngines
import TranslateOutput
import TranslatePipeline

/// Everything a run touches outside its arguments, so tests can run the command in-process.
public struct CommandContext: Sendable {
    public var standardOutput: TextSink
    public var standardError: TextSink
    public var inputReader: InputReader
    /// Width of the terminal standard output writes to, or nil when it is not a terminal.
    public var terminalWidth: Int?
    /// Width of the terminal standard error writes to, or nil when it is not a terminal (then
    /// there is no progress bar).
    public var standardErrorWidth: Int?
    /// Whether standard output is a pipe: what reads it (`| awk`) often prints to the same
    /// terminal as standard error, where a progress bar would land in the middle of its lines.
    public var standardOutputIsPipe: Bool
    public var environment: [String: String]
    public var processorCount: Int
    /// Where Ctrl-C comes from; nil: a run cannot be interrupted (other than by dying).
    public var interrupts: InterruptSource?
    /// The running executable's path, where the text detector's model may lie beside it.
    public var executablePath: String?
    /// Why writing to standard output failed, or nil while it has not: the run then ends at
    /// once, quietly when the reader closed the pipe, with a message otherwise.
    public var standardOutputFailed: @Sendable () -> OutputFailure?
    /// Where `translate config` reads its answers; nil: it cannot ask.
    public var answers: AnswerSource?
    /// Fixes the process's heap mapping threshold, for a run with automatic languages
    /// (`ProcessConfiguration.fixHeapMappingThreshold`); nil in tests, which leave the heap alone.
    public var fixHeapMappingThreshold: (@Sendable () -> Void)?

    public init(standardOutput: TextSink, standardError: TextSink, inputReader: InputReader = InputReader(),
                terminalWidth: Int? = nil, environment: [String: String] = [:], processorCount: Int = 1,
                standardErrorWidth: Int? = nil, interrupts: InterruptSource? = nil,
                standardOutputFailed: @escaping @Sendable () -> OutputFailure? = { nil }, executablePath: String? = nil,
                standardOutputIsPipe: Bool = false, answers: AnswerSource? = nil,
                fixHeapMappingThreshold: (@Sendable () -> Void)? = nil) {
        self.answers = answers
        self.fixHeapMappingThreshold = fixHeapMappingThreshold
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.inputReader = inputReader
        self.terminalWidth = terminalWidth
        self.standardErrorWidth = standardErrorWidth
        self.environment = environment
        self.processorCount = processorCount
        self.interrupts = interrupts
        self.standardOutputFailed = standardOutputFailed
        self.executablePath = executablePath
        self.standardOutputIsPipe = standardOutputIsPipe
    }

    /// The real process: standard streams, environment and core count.
    ///
    /// Called by `main` after `ProcessConfiguration.apply()`, before any thread starts: with
    /// SIGPIPE ignored there, a reader that stops early (`| head`) makes a write fail, and the
    /// run ends quietly; a full disk or an I/O error ends it with a message. OpenCV keeps its
    /// networks on the threads that run them (`NetworkThreads`): the run spreads its work over
    /// the cores itself.
    public static func process() -> CommandContext {
        NetworkThreads.useCallingThreadsOnly()
        let standardOutput = FileDescriptorSink(.standardOutput)
        let standardError = FileDescriptorSink(.standardError)
        return CommandContext(
            standardOutput: standardOutput,
            standardError: standardError,
            terminalWidth: Terminal.width(of: STDOUT_FILENO),
            environment: ProcessInfo.processInfo.environment,
            processorCount: ProcessInfo.processInfo.activeProcessorCount,
            standardErrorWidth: Terminal.width(of: STDERR_FILENO),
            interrupts: SignalInterruptSource(),
            standardOutputFailed: { standardOutput.failed },
            executablePath: Bundle.main.executablePath,
            standardOutputIsPipe: Terminal.isPipe(STDOUT_FILENO),
            answers: StandardInputAnswers(standardError: standardError),
            fixHeapMappingThreshold: { ProcessConfiguration.fixHeapMappingThreshold() })
    }
}
