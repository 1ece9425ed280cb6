/// An error that can be reported in a result: a stable code for scripts, a message for people,
/// and whether it must stop the whole run.
public protocol ReportableError: Error, CustomStringConvertible {
    var code: String { get }
    /// The exit status that ends the run at once (bad credentials, exhausted quota), or nil
    /// when only the input at hand failed.
    var stopsRun: ExitCode? { get }
}

public extension ReportableError {
    var stopsRun: ExitCode? { nil }
}

extension ImageError: ReportableError {}
extension OCRError: ReportableError {}
extension ApertiumError: ReportableError {}

extension ResultError {
    /// The reported form of any error; errors that do not describe themselves get a generic code.
    public init(any error: Error) {
        if let reportable = error as? ReportableError {
            self.init(code: reportable.code, message: reportable.description)
        } else {
            self.init(code: "internal_error", message: String(describing: error))
        }
    }
}

extension PapagoError: ReportableError {
    public var code: String {
        switch self {
        case .authenticationFailed: "authentication_failed"
        case .quotaExceeded: "quota_exceeded"
        case .throttled: "throttled"
        case .bodyTooLarge: "request_too_large"
        case .serverError: "service_error"
        case .rejected(let serviceCode, _): "rejected_\(serviceCode.rawValue)"
        case .unexpectedStatus: "unexpected_status"
        case .malformedReply: "malformed_reply"
        case .emptyReply: "empty_reply"
        case .transport: "network_error"
        case .unsupportedLanguage: "unsupported_language"
        }
    }

    public var stopsRun: ExitCode? {
        switch self {
        case .authenticationFailed: .authenticationFailed
        case .quotaExceeded: .quotaExhausted
        default: nil
        }
    }
}
