import Foundation
import TranslateModel

/// A successful translation reply: the three fields Papago guarantees.
public struct PapagoTranslation: Sendable, Equatable {
    /// The source language code the service used (`srcLangType`), detected when the request said `auto`.
    public var sourceCode: String
    /// The target language code (`tarLangType`).
    public var targetCode: String
    /// The translation (`translatedText`); line breaks of the request are kept.
    public var text: String

    public init(sourceCode: String, targetCode: String, text: String) {
        self.sourceCode = sourceCode
        self.targetCode = targetCode
        self.text = text
    }
}

/// Turns Papago HTTP responses into values or `PapagoError`s, for both dialects and both error shapes.
/// Package-wide, so that the reply fuzz target (`Fuzz/`) reads replies exactly as the client does.
package enum PapagoReplyParser {
    /// Parses a translation reply; any non-2xx status, error body, empty or malformed body throws.
    package static func translation(from response: HTTPResponse, credentialSource: PapagoCredentialSource)
        throws(PapagoError) -> PapagoTranslation
    {
        let object = try successObject(from: response, credentialSource: credentialSource)
        guard let message = object["message"] as? [String: Any], let result = message["result"] as? [String: Any]
        else {
            throw .malformedReply("no message.result object")
        }
        guard let source = result["srcLangType"] as? String else { throw .malformedReply("no srcLangType") }
        guard let target = result["tarLangType"] as? String else { throw .malformedReply("no tarLangType") }
        guard let text = result["translatedText"] as? String else { throw .malformedReply("no translatedText") }
        guard !text.isEmpty else { throw .emptyReply }
        return PapagoTranslation(sourceCode: source, targetCode: target, text: text)
    }

    /// Parses a language-detection reply (`{"langCode": "ko"}`) into the code.
    package static func detection(from response: HTTPResponse, credentialSource: PapagoCredentialSource)
        throws(PapagoError) -> String
    {
        let object = try successObject(from: response, credentialSource: credentialSource)
        guard let code = object["langCode"] as? String, !code.isEmpty else { throw .malformedReply("no langCode") }
        return code
    }

    /// The JSON object of a 2xx reply without an error in it.
    private static func successObject(from response: HTTPResponse, credentialSource: PapagoCredentialSource)
        throws(PapagoError) -> [String: Any]
    {
        guard (200..<300).contains(response.status) else {
            throw error(from: response, credentialSource: credentialSource)
        }
        if response.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw .emptyReply
        }
        guard let parsed = try? JSONSerialization.jsonObject(with: response.body) else {
            throw .malformedReply("not valid json")
        }
        guard let object = parsed as? [String: Any] else { throw .malformedReply("not a json object") }
        if object["error"] != nil || object["errorCode"] != nil {
            throw error(from: response, credentialSource: credentialSource)
        }
        return object
    }

    /// The error a reply describes, from its code when it has one (either shape), else from its status.
    package static func error(from response: HTTPResponse, credentialSource: PapagoCredentialSource) -> PapagoError {
        var code: String?
        var message: String?
        if let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] {
            if let nested = object["error"] as? [String: Any] {
                // NCP: {"error": {"errorCode": "…", "message": "…", "details": "…"}}
                code = string(nested["errorCode"])
                message = string(nested["message"]) ?? string(nested["errorMessage"])
            } else {
                // Naver Developers and the service: {"errorCode": "…", "errorMessage": "…"}
                code = string(object["errorCode"])
                message = string(object["errorMessage"]) ?? string(object["message"])
            }
        }
        let status = response.status
        let retryAfter = retryAfterSeconds(response.header("Retry-After"))

        switch code {
        case "200", "210", "024":
            return .authenticationFailed(code: code, message: message, credentialSource: credentialSource)
        case "400" where status == 429, "010":
            return .quotaExceeded(code: code, message: message)
        case "410", "420", "012":
            return .throttled(code: code, retryAfter: retryAfter)
        case "430":
            return .bodyTooLarge
        case "500", "510", "N2MT99":
            return .serverError(status: status, code: code, message: message)
        default:
            if let code, let serviceCode = PapagoServiceCode(rawValue: code) {
                return .rejected(serviceCode, message: message)
            }
        }
        switch status {
        case 401, 403:
            return .authenticationFailed(code: code, message: message, credentialSource: credentialSource)
        case 429:
            return .throttled(code: code, retryAfter: retryAfter)
        case 413:
            return .bodyTooLarge
        case 500..<600:
            return .serverError(status: status, code: code, message: message)
        default:
            return .unexpectedStatus(status: status, code: code, message: message)
        }
    }

    /// Seconds to wait from a Retry-After value: a number of seconds or an HTTP date.
    package static func retryAfterSeconds(_ value: String?, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds.isFinite {
            return max(0, seconds)
        }
        // An HTTP date is printable ASCII; Foundation's DateFormatter stops the process on some
        // strings whose characters are not one UTF-16 unit each.
        guard value.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now).rounded(.up))
    }

    private static func string(_ value: Any?) -> String? {
        switch value {
        case let text as String: text
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }
}
