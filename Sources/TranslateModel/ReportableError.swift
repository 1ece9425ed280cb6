/// An error that can be reported in a result: a stable code for scripts, a message for people,
/// and whether it must stop the whole run.
public protocol ReportableError: Error, Sendable, CustomStringConvertible {
    var code: String { get }
    /// Why the run must end at once (bad credentials, exhausted quota), or nil when only the
    /// input at hand failed.
    var stopsRun: RunStop? { get }
    /// Whether every input would fail the same way (an engine that cannot translate the pair,
    /// refused credentials): said once for the run rather than once per input.
    var isRunWide: Bool { get }
    /// Why the boxes a translation error left untranslated have no translation.
    var untranslatedReason: UntranslatedReason { get }
}

public extension ReportableError {
    var stopsRun: RunStop? { nil }
    var isRunWide: Bool { stopsRun != nil }
    var untranslatedReason: UntranslatedReason { stopsRun != nil ? .serviceStopped : .translationFailed }
}

/// A failure that makes every later request pointless, so the whole run ends.
public enum RunStop: Sendable, Equatable {
    /// The translation service refused the credentials.
    case authenticationFailed
    /// The translation service's quota is used up.
    case quotaExhausted
    /// The translation service does not answer: requests in a row timed out or found nothing
    /// listening.
    case serviceUnavailable
}

extension ResultError {
    /// The reported form of any error; errors that do not describe themselves get a generic code.
    public init(any error: Error) {
        if let reportable = error as? ReportableError {
            self.init(reportable)
        } else {
            self.init(code: "internal_error", message: String(describing: error))
        }
    }
}
