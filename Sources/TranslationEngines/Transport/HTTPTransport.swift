import Foundation
import TranslateModel

/// The HTTP method of a request.
public enum HTTPMethod: String, Sendable, Equatable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
}

/// One HTTP request: everything a transport needs to send it.
///
/// Header values may hold secrets, so its description, debug description and mirror show the
/// method, the URL, header names and the body's size only.
public struct HTTPRequest: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    public var method: HTTPMethod
    /// The absolute URL, `http` or `https`.
    public var url: String
    /// Header fields in the order they are sent. Names are sent as given.
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// The limit for the whole exchange (connect, send, receive), in seconds. The transport
    /// may give up sooner: when connecting takes too long, or when the connection stays silent.
    public var timeout: Double
    /// Asked about once a second while the request waits; true gives it up at once
    /// (`TransportError.aborted`): another request found the service down. Not compared by `==`.
    public var shouldAbort: (@Sendable () -> Bool)?

    public init(
        method: HTTPMethod,
        url: String,
        headers: [(name: String, value: String)] = [],
        body: Data = Data(),
        timeout: Double = 30,
        shouldAbort: (@Sendable () -> Bool)? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.shouldAbort = shouldAbort
    }

    public var description: String {
        let names = headers.map(\.name).joined(separator: ", ")
        return "\(method.rawValue) \(url) (headers: \(names); body: \(body.count) bytes)"
    }

    public var debugDescription: String { "HTTPRequest(\(description))" }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "method": method, "url": url, "headerNames": headers.map(\.name), "bodyBytes": body.count,
                "timeout": timeout,
            ])
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body && lhs.timeout == rhs.timeout
            && lhs.headers.map(\.name) == rhs.headers.map(\.name)
            && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }
}

/// The answer to an `HTTPRequest`, whatever its status.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Header fields of the final response, names lowercased; a repeated field keeps its last value.
    public var headers: [String: String]
    /// The body, already decoded from any content encoding (gzip, deflate, …).
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    /// The value of a header field, looked up without regard to letter case.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}

/// Sends HTTP requests and returns their responses: the boundary under every HTTP-based repository.
///
/// Any status is a response, not an error: a transport throws only when no complete response
/// arrived. Calls block the calling thread. Implementations must be safe to call from several
/// threads at once.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and waits for the complete response.
    func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse
}

/// Why a request got no complete response.
public enum TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The host name could not be resolved (the name, or the proxy's).
    case couldNotResolveHost(String)
    /// Nothing accepted the connection (refused, unreachable).
    case couldNotConnect(String)
    /// The connect timeout or the request's total timeout ran out.
    case timedOut
    /// The connection closed before the whole response arrived.
    case connectionDropped(String)
    /// The TLS handshake or certificate verification failed.
    case tls(String)
    /// The URL is malformed or uses a scheme other than http and https.
    case invalidURL(String)
    /// A header name or value contains a line break or another control character.
    case invalidHeader(String)
    /// The response body exceeded the transport's limit (in bytes).
    case responseTooLarge(Int)
    /// Given up while waiting, because the request's `shouldAbort` said so.
    case aborted
    /// Any other failure, with the underlying library's code and message.
    case other(code: Int, message: String)

    public var description: String {
        switch self {
        case .couldNotResolveHost(let detail): "could not resolve host: \(detail)"
        case .couldNotConnect(let detail): "could not connect: \(detail)"
        case .timedOut: "the request timed out"
        case .connectionDropped(let detail): "the connection dropped before the reply was complete: \(detail)"
        case .tls(let detail): "secure connection failed: \(detail)"
        case .invalidURL(let url): "invalid url: \(url)"
        case .invalidHeader(let name): "invalid header field: \(name)"
        case .responseTooLarge(let limit): "the response is larger than \(limit) bytes"
        case .aborted: "the request was given up"
        case .other(let code, let message): "transfer failed (curl error \(code)): \(message)"
        }
    }

    /// What a resolver's message adds to "could not resolve host": libcurl's reads "Could not
    /// resolve host: NAME", which said after ours repeated itself; the name is what is left.
    static func resolverDetail(_ message: String) -> String {
        var detail = Substring(message)
        for prefix in ["could not resolve host", "could not resolve proxy", "couldn't resolve host name"]
        where detail.lowercased().hasPrefix(prefix) {
            detail = detail.dropFirst(prefix.count).drop { $0 == ":" || $0 == " " }
            break
        }
        return detail.isEmpty ? "no address for the name" : String(detail)
    }

    /// Whether the same request may succeed if sent again a little later.
    public var isTransient: Bool {
        switch self {
        case .couldNotConnect, .timedOut, .connectionDropped: true
        default: false
        }
    }

    /// Whether the service gave no sign of life: it could not be reached, did not accept the
    /// connection, or accepted it and never answered in full. Enough of these in a row mean
    /// the service is down.
    public var isNoReply: Bool {
        switch self {
        case .couldNotResolveHost, .couldNotConnect, .timedOut, .connectionDropped: true
        default: false
        }
    }
}
