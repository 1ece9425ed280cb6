import TranslateOutput

/// The lines a run writes to standard error, in the language of the messages: errors in the
/// error colour, warnings in the warning colour (both only where colour is on), other lines
/// plain. Everything goes through the status line, so that no line lands in the progress bar.
struct StatusMessages: Sendable {
    let language: MessageLanguage
    let colors: TerminalColors
    let status: StatusLine

    /// `translate: …`, for what is neither an error nor a warning.
    func line(_ key: MessageKey, _ arguments: String...) {
        status.write("translate: " + MessageCatalogue.filled(MessageCatalogue.text(key, language), with: arguments) + "\n")
    }

    func error(_ message: String) {
        status.write(colors.error("translate: \(message)") + "\n")
    }

    func warning(_ message: String) {
        status.write(Self.warningLine(message, language: language, colors: colors))
    }

    /// A usage error: the message, the usage line and the hint to `--help`.
    func usageError(_ message: String) {
        status.write("translate: \(message)\n\(HelpText.usage(in: language))\n\(HelpText.hint(in: language))\n")
    }

    /// `translate: warning: …`, coloured as a warning.
    static func warningLine(_ message: String, language: MessageLanguage, colors: TerminalColors) -> String {
        colors.warning("translate: " + MessageCatalogue.text(.warning, language, message)) + "\n"
    }
}
