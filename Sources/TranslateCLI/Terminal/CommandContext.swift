import Foundation
import TranslateModel
import TextRecognition
import LanguageDetection
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
    public var environment: [String: String]
    public var processorCount: Int
    /// Where Ctrl-C comes from; nil: a run cannot be interrupted (other than by dying).
    public var interrupts: InterruptSource?
    /// Whether writing to standard output has failed (the reader closed the pipe): the run then
    /// ends at once, quietly.
    public var standardOutputFailed: @Sendable () -> Bool

    public init(standardOutput: TextSink, standardError: TextSink, inputReader: InputReader = InputReader(),
                terminalWidth: Int? = nil, environment: [String: String] = [:], processorCount: Int = 1,
                standardErrorWidth: Int? = nil, interrupts: InterruptSource? = nil,
                standardOutputFailed: @escaping @Sendable () -> Bool = { false }) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.inputReader = inputReader
        self.terminalWidth = terminalWidth
        self.standardErrorWidth = standardErrorWidth
        self.environment = environment
        self.processorCount = processorCount
        self.interrupts = interrupts
        self.standardOutputFailed = standardOutputFailed
    }

    /// The real process: standard streams, environment and core count.
    ///
    /// Ignores SIGPIPE for the whole process, before any thread starts: a closed pipe then
    /// fails the write instead of killing the process, so a reader that stops early (`| head`)
    /// ends the run quietly, and an Apertium child that dies early is an engine error.
    public static func process() -> CommandContext {
        signal(SIGPIPE, SIG_IGN)
        ProcessSetup.prepare()
        let standardOutput = FileDescriptorSink(.standardOutput)
        return CommandContext(
            standardOutput: standardOutput,
            standardError: FileDescriptorSink(.standardError),
            terminalWidth: Terminal.width(of: STDOUT_FILENO),
            environment: ProcessInfo.processInfo.environment,
            processorCount: ProcessInfo.processInfo.activeProcessorCount,
            standardErrorWidth: Terminal.width(of: STDERR_FILENO),
            interrupts: SignalInterruptSource(),
            standardOutputFailed: { standardOutput.hasFailed })
    }
}
