/// Where an image comes from: a path, or standard input (`-`).
public enum InputSource: Sendable, Equatable {
    case file(String)
    case standardInput

    /// The name used in results and messages (`-` for standard input).
    public var displayName: String {
        switch self {
        case .file(let path): path
        case .standardInput: "-"
        }
    }

    /// Parses a command-line operand.
    public init(operand: String) {
        self = operand == "-" ? .standardInput : .file(operand)
    }
}
