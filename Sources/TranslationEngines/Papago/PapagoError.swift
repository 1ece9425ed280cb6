import TranslateModel
/// A Papago service error code answered with HTTP 400 (or N2MT99 with 500).
public enum PapagoServiceCode: String, Sendable, Equatable, CaseIterable {
    case sourceMissing = "N2MT01"
    case sourceUnsupported = "N2MT02"
    case targetMissing = "N2MT03"
    case targetUnsupported = "N2MT04"
    case sameSourceAndTarget = "N2MT05"
    case pairUnsupported = "N2MT06"
    case textMissing = "N2MT07"
    case textTooLong = "N2MT08"
    case internalError = "N2MT99"

    /// What the code means, in lowercase.
    public var meaning: String {
        switch self {
        case .sourceMissing: "the source language is missing"
        case .sourceUnsupported: "the source language is not supported"
        case .targetMissing: "the target language is missing"
        case .targetUnsupported: "the target language is not supported"
        case .sameSourceAndTarget: "the source and target languages are the same"
        case .pairUnsupported: "the language pair is not supported"
        case .textMissing: "the text to translate is missing"
        case .textTooLong: "the text is longer than 5000 characters"
        case .internalError: "internal server error"
        }
    }
}

/// Why a Papago request or translation failed. Never contains the client secret.
///
/// What a caller should do with each is in `scope` (stop the run or fail this input) and
/// `isRetryable` (already retried by the client; informative for the caller).
public enum PapagoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The service rejected the credentials (HTTP 401/403; gateway 200/210, older API 024).
    /// Every later request of the same client is refused without being sent.
    case authenticationFailed(code: String?, message: String?, credentialSource: PapagoCredentialSource)
    /// The usage quota is used up (gateway 400, older API 010). Every later request of the same
    /// client is refused without being sent.
    case quotaExceeded(code: String?, message: String?)
    /// Too many requests for now (gateway 410/420, older API 012, any HTTP 429), still so after
    /// the retries; `retryAfter` is the server's Retry-After in seconds, when it gave one.
    case throttled(code: String?, retryAfter: Double?)
    /// The request body is larger than the gateway accepts (HTTP 413, gateway 430).
    case bodyTooLarge
    /// The service or its gateway failed (HTTP 5xx: gateway 500/510, N2MT99), still so after the retries.
    case serverError(status: Int, code: String?, message: String?)
    /// The service refused the request's parameters (HTTP 400, N2MT01–N2MT08).
    case rejected(PapagoServiceCode, message: String?)
    /// An HTTP status and error code this client does not know.
    case unexpectedStatus(status: Int, code: String?, message: String?)
    /// A reply that is not the documented JSON (unparseable, or a required field missing).
    case malformedReply(String)
    /// A reply with an empty body where a translation was expected.
    case emptyReply
    /// No complete reply arrived (refused, timed out, dropped), still so after the retries.
    case transport(TransportError)
    /// So many requests in a row got no reply at all (`TransportError.isNoReply`) that the
    /// service is taken to be down: every later request of the clients sharing the gate is
    /// refused without being sent.
    case serviceUnavailable(failuresInARow: Int, last: TransportError)
    /// Papago does not translate from or into this language (it only detects it).
    case unsupportedLanguage(Language)

    /// What the failure means for a run that translates many inputs.
    public enum Scope: Sendable, Equatable {
        /// No later request can succeed: stop the run (authentication, quota, a service that is down).
        case run
        /// This input's translation failed; other inputs may still succeed.
        case input
    }

    /// Whether to stop the whole run or only fail the input at hand.
    public var scope: Scope {
        switch self {
        case .authenticationFailed, .quotaExceeded, .serviceUnavailable: .run
        default: .input
        }
    }

    /// Whether sending the same request again later may succeed (the client already did, a bounded number of times).
    public var isRetryable: Bool {
        switch self {
        case .throttled, .serverError: true
        case .transport(let error): error.isTransient
        default: false
        }
    }

    public var description: String {
        switch self {
        case .authenticationFailed(let code, let message, let source):
            var text = "papago authentication failed" + Self.detail(code, message)
            text += "; check the client id and secret (\(source))"
            text += ", and that they belong to this api (ncp and naver developers keys are not interchangeable)"
            return text
        case .quotaExceeded(let code, let message):
            return "papago usage quota exceeded" + Self.detail(code, message)
                + "; no further requests are sent"
        case .throttled(let code, let retryAfter):
            var text = "papago is rate limiting requests" + Self.detail(code, nil)
            if let retryAfter { text += "; retry after \(Self.seconds(retryAfter)) s" }
            return text
        case .bodyTooLarge:
            return "the request body is too large for papago"
        case .serverError(let status, let code, let message):
            return "papago server error (http \(status))" + Self.detail(code, message)
        case .rejected(let code, let message):
            return "papago rejected the request: \(code.meaning)" + Self.detail(code.rawValue, message)
        case .unexpectedStatus(let status, let code, let message):
            return "unexpected papago reply (http \(status))" + Self.detail(code, message)
        case .malformedReply(let reason):
            return "malformed papago reply: \(reason)"
        case .emptyReply:
            return "empty papago reply"
        case .transport(let error):
            return "papago request failed: \(error)"
        case .serviceUnavailable(let failures, let last):
            return "papago is not answering: \(failures) requests in a row got no reply (the last: \(last)); no further requests are sent"
        case .unsupportedLanguage(let language):
            return "papago does not translate \(language.name) (\(language.code))"
        }
    }

    /// The service's code and message, on one line whatever they hold. The code is named as
    /// the kind of code it is, so that it is not taken for an HTTP status.
    private static func detail(_ code: String?, _ message: String?) -> String {
        switch (code.map(TerminalSafeText.oneLine), message.map(TerminalSafeText.oneLine)) {
        case (nil, nil): ""
        case (let code?, nil): " (\(CodeKind(of: code).name) \(code))"
        case (nil, let message?): ": \(message)"
        case (let code?, let message?): " (\(CodeKind(of: code).name) \(code): \(message))"
        }
    }

    /// What kind of code an error reply carries.
    public enum CodeKind: Sendable, Equatable {
        /// NAVER Cloud's API gateway: 200, 210, 400, 410, 420, 430, 500, 510.
        case gateway
        /// The translation service itself: N2MT01 to N2MT99.
        case service
        /// Any other: the older Naver Developers API's (024, 010, 012), or one not documented.
        case other

        public init(of code: String) {
            if code.uppercased().hasPrefix("N2MT") {
                self = .service
            } else if ["200", "210", "400", "410", "420", "430", "500", "510"].contains(code) {
                self = .gateway
            } else {
                self = .other
            }
        }

        public var name: String {
            switch self {
            case .gateway: "gateway code"
            case .service: "service code"
            case .other: "error code"
            }
        }
    }

    /// Whole seconds without a fraction; any other value as it is (a service may send 1e30).
    private static func seconds(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? String(value)
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
        case .serviceUnavailable: "service_unavailable"
        case .unsupportedLanguage: "unsupported_language"
        }
    }

    /// Refused credentials, an exhausted quota and a language the service does not translate
    /// fail every input alike.
    public var isRunWide: Bool {
        switch self {
        case .authenticationFailed, .quotaExceeded, .unsupportedLanguage: true
        default: false
        }
    }

    public var stopsRun: RunStop? {
        switch self {
        case .authenticationFailed: .authenticationFailed
        case .quotaExceeded: .quotaExhausted
        case .serviceUnavailable: .serviceUnavailable
        default: nil
        }
    }

    /// A language the service does not translate (or a pair it refuses) is not a failure that
    /// trying again would fix.
    public var untranslatedReason: UntranslatedReason {
        switch self {
        case .unsupportedLanguage, .rejected(.sourceUnsupported, _), .rejected(.targetUnsupported, _),
             .rejected(.pairUnsupported, _):
            .noEngineForPair
        default:
            stopsRun != nil ? .serviceStopped : .translationFailed
        }
    }
}
