import Foundation

/// Everything a run touches outside its arguments, so tests can run the command in-process.
public struct CommandContext: Sendable {
    public var standardOutput: TextSink
    public var standardError: TextSink
    public var inputReader: InputReader
    /// Width of the terminal standard output writes to, or nil when it is not a terminal.
    public var terminalWidth: Int?
    public var environment: [String: String]
    public var processorCount: Int

    public init(standardOutput: TextSink, standardError: TextSink, inputReader: InputReader = InputReader(),
                terminalWidth: Int? = nil, environment: [String: String] = [:], processorCount: Int = 1) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.inputReader = inputReader
        self.terminalWidth = terminalWidth
        self.environment = environment
        self.processorCount = processorCount
    }

    /// The real process: standard streams, environment and core count.
    public static func process() -> CommandContext {
        CommandContext(
            standardOutput: FileDescriptorSink(.standardOutput),
            standardError: FileDescriptorSink(.standardError),
            terminalWidth: Terminal.width(of: STDOUT_FILENO),
            environment: ProcessInfo.processInfo.environment,
            processorCount: ProcessInfo.processInfo.activeProcessorCount)
    }
}
