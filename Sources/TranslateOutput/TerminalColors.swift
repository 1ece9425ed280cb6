/// ANSI colours for a terminal, or none: languages, low confidence, errors and warnings.
///
/// Colour codes take no cells on screen, so a cell is padded first and coloured after: columns
/// stay aligned.
public struct TerminalColors: Sendable, Equatable {
    public let enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    public static let none = TerminalColors(enabled: false)

    /// Below this confidence (0–100) a box's confidence is shown as doubtful.
    public static let lowConfidence = 60.0

    public func language(_ text: String) -> String { paint(text, "36") }
    public func doubtful(_ text: String) -> String { paint(text, "33") }
    public func error(_ text: String) -> String { paint(text, "1;31") }
    public func warning(_ text: String) -> String { paint(text, "33") }
    public func faint(_ text: String) -> String { paint(text, "2") }

    private func paint(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }

    /// Whether to colour a stream: `--color always` or `never` decide; with `auto`, only a
    /// terminal, and not when `NO_COLOR` is set to anything (https://no-color.org).
    public static func choose(_ choice: ColorChoice, isTerminal: Bool, environment: [String: String]) -> TerminalColors {
        switch choice {
        case .always: TerminalColors(enabled: true)
        case .never: .none
        case .auto: TerminalColors(enabled: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty)
        }
    }
}

/// `--color`: when to colour.
public enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never
}
