import TranslateModel
import TranslationEngines

/// Papago's errors and the network's, as the command line says them. The service's codes and
/// messages stay as the service gave them.
enum PapagoErrorWording {
    static func text(_ error: PapagoError, _ language: MessageLanguage) -> String {
        func say(_ key: MessageKey, _ arguments: String...) -> String {
            MessageCatalogue.filled(MessageCatalogue.text(key, language), with: arguments)
        }
        switch error {
        case .authenticationFailed(let code, let message, let source):
            return say(.papagoAuthentication, detail(code, message, language), credentialSource(source, language))
        case .quotaExceeded(let code, let message):
            return say(.papagoQuota, detail(code, message, language))
        case .throttled(let code, let retryAfter):
            return say(.papagoThrottled, detail(code, nil, language)) + (retryAfter.map { say(.papagoRetryAfter, seconds($0)) } ?? "")
        case .bodyTooLarge:
            return say(.papagoBodyTooLarge)
        case .serverError(let status, let code, let message):
            return say(.papagoServerError, "\(status)", detail(code, message, language))
        case .rejected(let code, let message):
            return say(.papagoRejected, meaning(of: code, language), detail(code.rawValue, message, language))
        case .unexpectedStatus(let status, let code, let message):
            return say(.papagoUnexpectedStatus, "\(status)", detail(code, message, language))
        case .malformedReply(let reason):
            return say(.papagoMalformedReply, reason)
        case .emptyReply:
            return say(.papagoEmptyReply)
        case .transport(let error):
            return say(.papagoRequestFailed, network(error, language))
        case .serviceUnavailable(let failures, let last):
            return say(.papagoNotAnswering, "\(failures)", network(last, language))
        case .unsupportedLanguage(let unsupported):
            return say(.papagoUnsupportedLanguage, LanguageNames.name(of: unsupported, in: language), unsupported.code)
        }
    }

    static func network(_ error: TransportError, _ language: MessageLanguage) -> String {
        func say(_ key: MessageKey, _ arguments: String...) -> String {
            MessageCatalogue.filled(MessageCatalogue.text(key, language), with: arguments)
        }
        switch error {
        case .couldNotResolveHost(let detail): return say(.networkUnresolvedHost, detail)
        case .couldNotConnect(let detail): return say(.networkNoConnection, detail)
        case .timedOut: return say(.networkTimedOut)
        case .connectionDropped(let detail): return say(.networkDropped, detail)
        case .tls(let detail): return say(.networkTLS, detail)
        case .invalidURL(let url): return say(.networkInvalidURL, url)
        case .invalidHeader(let name): return say(.networkInvalidHeader, name)
        case .responseTooLarge(let limit): return say(.networkResponseTooLarge, "\(limit)")
        case .aborted: return say(.networkGivenUp)
        case .other(let code, let message): return say(.networkOther, "\(code)", message)
        }
    }

    private static func meaning(of code: PapagoServiceCode, _ language: MessageLanguage) -> String {
        let key: MessageKey = switch code {
        case .sourceMissing: .papagoSourceMissing
        case .sourceUnsupported: .papagoSourceUnsupported
        case .targetMissing: .papagoTargetMissing
        case .targetUnsupported: .papagoTargetUnsupported
        case .sameSourceAndTarget: .papagoSameLanguages
        case .pairUnsupported: .papagoPairUnsupported
        case .textMissing: .papagoTextMissing
        case .textTooLong: .papagoTextTooLong
        case .internalError: .papagoInternalError
        }
        return MessageCatalogue.text(key, language)
    }

    private static func credentialSource(_ source: PapagoCredentialSource, _ language: MessageLanguage) -> String {
        switch source {
        case .explicit: MessageCatalogue.text(.credentialsCaller, language)
        case .environment: MessageCatalogue.text(.credentialsEnvironment, language)
        case .file(let path): MessageCatalogue.text(.credentialsFile, language, path)
        }
    }

    /// The service's code, named as the kind of code it is, and its message, on one line
    /// whatever they hold, as the error's own description gives them.
    private static func detail(_ code: String?, _ message: String?, _ language: MessageLanguage) -> String {
        func named(_ code: String) -> String {
            let key: MessageKey = switch PapagoError.CodeKind(of: code) {
            case .gateway: .gatewayCode
            case .service: .serviceCode
            case .other: .errorCode
            }
            return MessageCatalogue.text(key, language, code)
        }
        switch (code.map(TerminalSafeText.oneLine), message.map(TerminalSafeText.oneLine)) {
        case (nil, nil): return ""
        case (let code?, nil): return " (\(named(code)))"
        case (nil, let message?): return ": \(message)"
        case (let code?, let message?): return " (\(named(code)): \(message))"
        }
    }

    private static func seconds(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? String(value)
    }
}
