import TranslateModel
import TranslatePipeline
/// The documented exit statuses of `translate`.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Every input was read (and translated, when asked).
    case success = 0
    /// Some inputs failed; the others were processed and reported.
    case someInputsFailed = 1
    /// The command line was wrong.
    case usage = 2
    /// No input could be read at all.
    case noInputReadable = 3
    /// The OCR or translation engine cannot run (missing language data, missing engine).
    case setup = 4
    /// The translation service refused the credentials; nothing more was sent.
    case authenticationFailed = 5
    /// The translation service's quota is used up; nothing more was sent.
    case quotaExhausted = 6
    /// The translation service did not answer (timeouts, nothing listening); nothing more was sent.
    case serviceUnavailable = 7
    /// Standard output could not be written (a full disk, an I/O error); the run ended there,
    /// and said why.
    case outputFailed = 8
    /// Interrupted (Ctrl-C).
    case interrupted = 130
    /// Standard output was closed by its reader (`| head`); the run ended there, quietly.
    case outputClosed = 141

    /// One line per code, for `--help` and the README.
    public static let documentation: [(ExitCode, String)] = [
        (.success, "every input was processed"),
        (.someInputsFailed, "some inputs failed; the rest were processed"),
        (.usage, "usage error"),
        (.noInputReadable, "no input could be read"),
        (.setup, "an engine is not installed or not configured"),
        (.authenticationFailed, "the translation service refused the credentials"),
        (.quotaExhausted, "the translation quota is used up; later images were not translated"),
        (.serviceUnavailable, "the translation service did not answer; later images were not translated"),
        (.outputFailed, "standard output could not be written (a full disk, an I/O error); the run stopped there"),
        (.interrupted, "interrupted (Ctrl-C or SIGTERM); everything written so far is complete"),
        (.outputClosed, "standard output was closed by its reader (as after SIGPIPE); the run stopped there"),
    ]
}

extension ExitCode {
    /// The status a run ends with when an error stops it.
    init(_ stop: RunStop) {
        switch stop {
        case .authenticationFailed: self = .authenticationFailed
        case .quotaExhausted: self = .quotaExhausted
        case .serviceUnavailable: self = .serviceUnavailable
        }
    }
}
