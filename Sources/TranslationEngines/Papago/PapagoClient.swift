import Foundation
import TranslateModel
import Locking

/// Optional request fields that change how Papago translates.
///
/// They go with every translation request, both steps of a pivot included.
public struct PapagoOptions: Sendable, Equatable {
    /// `honorific`: polite forms when translating into Korean (sent only when set).
    public var honorific: Bool?
    /// `glossaryKey`: an NCP glossary to apply (sent only when set).
    public var glossaryKey: String?

    public init(honorific: Bool? = nil, glossaryKey: String? = nil) {
        self.honorific = honorific
        self.glossaryKey = glossaryKey
    }
}

/// How often, and after how long, a failed request is sent again.
///
/// Retried: throttling (HTTP 429 with 410/420, older API 012), server errors (5xx), and requests
/// that got no complete reply (refused, timed out, dropped). The wait before retry `n` (1-based)
/// is the server's Retry-After when it sent one, else `initialDelay · 2^(n-1)` capped at
/// `maxDelay`, with equal jitter (between half and all of it).
public struct PapagoRetryPolicy: Sendable, Equatable {
    /// Tries per request, the first included; 1 means no retry.
    public var maxAttempts: Int
    public var initialDelay: Double
    public var maxDelay: Double
    /// A Retry-After longer than this (seconds) is not waited for: the error is thrown at once.
    public var maxRetryAfter: Double

    public init(maxAttempts: Int = 4, initialDelay: Double = 0.5, maxDelay: Double = 8, maxRetryAfter: Double = 60) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// The back-off before retry number `retry` (1-based), for a `jitter` in 0...1.
    public func backoff(beforeRetry retry: Int, jitter: Double) -> Double {
        let exponential = initialDelay * pow(2, Double(max(0, retry - 1)))
        let capped = min(maxDelay, exponential)
        return capped / 2 + capped / 2 * min(1, max(0, jitter))
    }
}

/// Stops every request of the clients that share it once no further request can succeed: the
/// service said so (authentication failed, quota exhausted), or it has stopped answering.
///
/// Shared by all threads: after the first such answer no thread sends anything, and every call
/// throws that same error. It is also the run's circuit breaker: every attempt that gets no reply
/// at all (nothing listening, a timeout, a dropped connection) is counted, any reply resets the
/// count, and `failureLimit` in a row, from any threads, close the gate with
/// `PapagoError.serviceUnavailable`: a dead service costs a few timeouts, not a few per image.
public final class PapagoRequestGate: Sendable {
    private struct State {
        var closedBy: PapagoError?
        var failuresInARow = 0
    }

    /// Attempts in a row without a reply after which the service is taken to be down.
    public let failureLimit: Int
    private let state = Locked(State())

    public init(failureLimit: Int = 3) {
        self.failureLimit = max(1, failureLimit)
    }

    /// The error that closed the gate, or nil while requests may be sent.
    public var stopReason: PapagoError? {
        state.withLock { $0.closedBy }
    }

    /// Throws the stop reason, if there is one.
    func check() throws(PapagoError) {
        if let reason = stopReason { throw reason }
    }

    /// Closes the gate; the first reason is kept.
    func close(because reason: PapagoError) {
        state.withLock { state in
            if state.closedBy == nil { state.closedBy = reason }
        }
    }

    /// The service answered (whatever it said).
    func recordReply() {
        state.withLock { $0.failuresInARow = 0 }
    }

    /// An attempt got no reply; the one that makes `failureLimit` in a row closes the gate.
    func recordNoReply(_ error: TransportError) {
        state.withLock { state in
            state.failuresInARow += 1
            if state.failuresInARow >= failureLimit, state.closedBy == nil {
                state.closedBy = .serviceUnavailable(failuresInARow: state.failuresInARow, last: error)
            }
        }
    }
}

/// One Papago service, either dialect: sends translation and detection requests, retries what is
/// worth retrying, and turns every reply into a value or a `PapagoError`.
///
/// Safe to share between threads (given a thread-safe transport, such as `CurlTransport`).
public struct PapagoClient: Sendable {
    public let credentials: PapagoCredentials
    public let retryPolicy: PapagoRetryPolicy
    /// Closed by an authentication or quota error, or when the service stops answering; share
    /// one between clients to stop them all.
    public let gate: PapagoRequestGate
    /// The limit for one request (one attempt), in seconds (`--timeout`).
    public let requestTimeout: Double
    /// The default `requestTimeout`.
    public static let defaultRequestTimeout: Double = 30
    /// Counts every request sent, each retry included.
    public let requestCounter = RequestCounter()
    private let transport: any HTTPTransport
    private let sleeper: any Sleeper

    public init(
        credentials: PapagoCredentials,
        transport: any HTTPTransport,
        gate: PapagoRequestGate = PapagoRequestGate(),
        retryPolicy: PapagoRetryPolicy = PapagoRetryPolicy(),
        sleeper: any Sleeper = ThreadSleeper(),
        requestTimeout: Double = PapagoClient.defaultRequestTimeout
    ) {
        self.credentials = credentials
        self.transport = transport
        self.gate = gate
        self.retryPolicy = retryPolicy
        self.sleeper = sleeper
        self.requestTimeout = requestTimeout
    }

    /// Translates `text` (at most 5000 characters; line breaks are kept) in one request.
    ///
    /// `source` nil sends `auto`: the reply's `sourceCode` is the detected language.
    public func translate(
        _ text: String, from source: Language?, to target: Language, options: PapagoOptions = PapagoOptions()
    ) throws(PapagoError) -> PapagoTranslation {
        var fields: [(name: String, value: String)] = [
            ("source", source?.code ?? "auto"), ("target", target.code), ("text", text),
        ]
        if let honorific = options.honorific { fields.append(("honorific", honorific ? "true" : "false")) }
        if let glossaryKey = options.glossaryKey { fields.append(("glossaryKey", glossaryKey)) }
        let response = try send(path: credentials.dialect.translationPath, fields: fields)
        return try PapagoReplyParser.translation(from: response, credentialSource: credentials.source)
    }

    /// Asks the detection endpoint which language `text` is in; answers Papago's code (`"ko"`, `"unk"`).
    public func detectLanguage(_ text: String) throws(PapagoError) -> String {
        let response = try send(path: credentials.dialect.detectionPath, fields: [("query", text)])
        return try PapagoReplyParser.detection(from: response, credentialSource: credentials.source)
    }

    /// Sends one form POST, retrying per the policy; any reply that is not an error is returned.
    private func send(path: String, fields: [(name: String, value: String)]) throws(PapagoError) -> HTTPResponse {
        let request = HTTPRequest(
            method: .post,
            url: credentials.endpoint + path,
            headers: [
                (credentials.dialect.clientIDHeader, credentials.clientID),
                (credentials.dialect.clientSecretHeader, credentials.clientSecret.revealed),
                ("Content-Type", "application/x-www-form-urlencoded; charset=UTF-8"),
                ("Accept", "application/json"),
            ],
            body: Data(FormURLEncoding.encode(fields).utf8),
            timeout: requestTimeout,
            // A request still waiting when the gate closes (the service was found down) ends then.
            shouldAbort: { [gate] in gate.stopReason != nil }
        )
        var attempt = 1
        while true {
            try gate.check()
            let failure: PapagoError
            var retryAfter: Double?
            do {
                requestCounter.increment()
                let response = try transport.send(request)
                gate.recordReply()
                if (200..<300).contains(response.status) { return response }
                failure = PapagoReplyParser.error(from: response, credentialSource: credentials.source)
                retryAfter = PapagoReplyParser.retryAfterSeconds(response.header("Retry-After"))
            } catch {
                failure = .transport(error)
                if error.isNoReply { gate.recordNoReply(error) }
                // This attempt, or another thread's, may have found the service down.
                try gate.check()
            }
            if failure.scope == .run {
                gate.close(because: failure)
                throw failure
            }
            guard failure.isRetryable, attempt < retryPolicy.maxAttempts else { throw failure }
            let delay: Double
            if let retryAfter {
                guard retryAfter <= retryPolicy.maxRetryAfter else { throw failure }
                delay = retryAfter
            } else {
                delay = retryPolicy.backoff(beforeRetry: attempt, jitter: Double.random(in: 0...1))
            }
            sleeper.sleep(seconds: delay)
            attempt += 1
        }
    }
}
