import Foundation

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

    public init(standardOutput: TextSink, standardError: TextSink, inputReader: InputReader = InputReader(),
                terminalWidth: Int? = nil, environment: [String: String] = [:], processorCount: Int = 1,
                standardErrorWidth: Int? = nil, interrupts: InterruptSource? = nil) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.inputReader = inputReader
        self.terminalWidth = terminalWidth
        self.standardErrorWidth = standardErrorWidth
        self.environment = environment
        self.processorCount = processorCount
        self.interrupts = interrupts
    }

    /// The real process: standard streams, environment and core count.
    public static func process() -> CommandContext {
        CommandContext(
            standardOutput: FileDescriptorSink(.standardOutput),
            standardError: FileDescriptorSink(.standardError),
            terminalWidth: Terminal.width(of: STDOUT_FILENO),
            environment: ProcessInfo.processInfo.environment,
            processorCount: ProcessInfo.processInfo.activeProcessorCount,
            standardErrorWidth: Terminal.width(of: STDERR_FILENO),
            interrupts: SignalInterruptSource())
    }
}
