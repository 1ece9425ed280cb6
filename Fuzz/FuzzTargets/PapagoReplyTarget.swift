import Foundation
import TranslationEngines

/// Replies of a Papago-compatible service: translations, language detections and errors in
/// both shapes, with any status and any `Retry-After`, read as the client reads them.
///
/// An input is a reply as the recorded replies in `Fixtures/papago-replies` hold it: the status
/// code on the first line, then header lines (`Name: value`), an empty line, and the body.
public enum PapagoReplyTarget {
    private static let credentialSource = PapagoCredentialSource.environment

    /// What the client makes of one reply.
    public struct Outcome: Equatable, CustomStringConvertible {
        public var translation: Result<PapagoTranslation, PapagoError>
        public var detection: Result<String, PapagoError>
        /// The error the reply stands for, were its status not a success.
        public var error: PapagoError

        public var description: String {
            "translation: \(translation)\ndetection: \(detection)\nerror: \(error)"
        }
    }

    /// Parses `bytes` as a reply to a translation and to a detection request, and checks what
    /// came out.
    @discardableResult
    public static func run(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        let response = response(from: bytes)
        let translation = Result { () throws(PapagoError) in
            try PapagoReplyParser.translation(from: response, credentialSource: credentialSource)
        }
        let detection = Result { () throws(PapagoError) in
            try PapagoReplyParser.detection(from: response, credentialSource: credentialSource)
        }
        let error = PapagoReplyParser.error(from: response, credentialSource: credentialSource)
        for case .failure(let failure) in [translation.map { _ in () }, detection.map { _ in () }, .failure(error)] {
            Invariant.isOneLine(failure.description, "the reply's error")
        }
        if case .success(let translated) = translation {
            Invariant.check((200..<300).contains(response.status), "a translation accepted with status \(response.status)")
            Invariant.check(!translated.text.isEmpty, "an empty translation accepted")
        }
        if let wait = PapagoReplyParser.retryAfterSeconds(response.header("Retry-After")) {
            Invariant.check(wait.isFinite && wait >= 0, "Retry-After read as \(wait) seconds")
        }
        return Outcome(translation: translation, detection: detection, error: error)
    }

    /// The reply an input stands for; without a status line, status 200.
    public static func response(from bytes: UnsafeRawBufferPointer) -> HTTPResponse {
        let data = Data(bytes)
        let separator = [data.range(of: Data("\n\n".utf8)), data.range(of: Data("\r\n\r\n".utf8))]
            .compactMap { $0 }.min { $0.lowerBound < $1.lowerBound }
        let head = String(decoding: separator.map { data[..<$0.lowerBound] } ?? data, as: UTF8.self)
        let body = separator.map { data[$0.upperBound...] } ?? Data()
        var lines = head.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let status = lines.isEmpty ? nil : Int(lines.removeFirst())
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPResponse(status: status.map { min(max($0, 0), 999) } ?? 200, headers: headers, body: Data(body))
    }
}
