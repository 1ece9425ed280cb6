internal import CCurl
import Locking
import Foundation
import TranslateModel

/// An `HTTPTransport` on libcurl: TLS verified, keep-alive, gzip, proxies from the environment.
///
/// A libcurl easy handle is not thread-safe, and it is what keeps connections alive between
/// requests. So the transport keeps a small pool of handles: each request takes an idle handle
/// (or makes a new one), uses it on the calling thread alone, and puts it back. One transport can
/// therefore be shared by every worker thread; two concurrent requests never share a handle, and
/// a worker that sends one request after another gets its connection reused.
///
/// Proxies come from the environment (`http_proxy`, `https_proxy`, `no_proxy`), libcurl's default.
public final class CurlTransport: HTTPTransport {
    // A handle taken from `idle` is used by one request until it is put back.

    /// Settings that apply to every request of one transport.
    ///
    /// Three limits bound a request: `connectTimeout` for the connection (TLS included),
    /// `stallTimeout` for silence once connected (a service that accepts connections and never
    /// answers), and the request's own `timeout` for the whole exchange.
    public struct Configuration: Sendable, Equatable {
        /// The limit for establishing a connection, in seconds.
        public var connectTimeout: Double
        /// How long a connection may go without a byte received before the request is given up,
        /// in whole seconds (at least 1).
        public var stallTimeout: Int
        /// The User-Agent header sent with every request.
        public var userAgent: String
        /// The largest response body accepted, in bytes.
        public var maxResponseBytes: Int
        /// How many idle handles (and so kept-alive connections) the pool holds at most.
        public var maxIdleHandles: Int

        public init(
            connectTimeout: Double = 10,
            stallTimeout: Int = 15,
            userAgent: String = ToolVersion.userAgent,
            maxResponseBytes: Int = 16 << 20,
            maxIdleHandles: Int = 8
        ) {
            self.connectTimeout = connectTimeout
            self.stallTimeout = max(1, stallTimeout)
            self.userAgent = userAgent
            self.maxResponseBytes = maxResponseBytes
            self.maxIdleHandles = maxIdleHandles
        }
    }

    public let configuration: Configuration
    private let idle = Locked<[CurlEasyHandle]>([])

    /// Makes a transport; initialises libcurl for the process on first use.
    public init(configuration: Configuration = Configuration()) throws(TransportError) {
        try CurlGlobal.initialize()
        self.configuration = configuration
    }

    public func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
        let handle = try checkOut()
        defer { checkIn(handle) }
        return try handle.perform(request)
    }

    private func checkOut() throws(TransportError) -> CurlEasyHandle {
        let reused: CurlEasyHandle? = idle.withLock { $0.popLast() }
        if let reused { return reused }
        return try CurlEasyHandle(configuration: configuration)
    }

    private func checkIn(_ handle: CurlEasyHandle) {
        idle.withLock { idle in
            if idle.count < configuration.maxIdleHandles { idle.append(handle) }
        }
    }
}

/// Process-wide libcurl initialisation, done once (a Swift `static let` runs exactly once, even
/// when several threads get there together; libcurl 7.84 and later also make `curl_global_init`
/// itself thread-safe).
enum CurlGlobal {
    static let result: CURLcode = curl_global_init(Int(CURL_GLOBAL_ALL))

    static func initialize() throws(TransportError) {
        try CurlCode.check(result, errorBuffer: nil)
    }
}

/// libcurl's process-wide initialisation, for callers that set up the process before any
/// thread starts; a transport also initialises on first use.
public enum TransportRuntime {
    public static func prepare() {
        _ = CurlGlobal.result
    }
}

/// The one place where a `CURLcode` becomes a `TransportError`.
enum CurlCode {
    static func check(_ code: CURLcode, errorBuffer: UnsafePointer<CChar>?) throws(TransportError) {
        guard code != CURLE_OK else { return }
        throw error(for: code, detail: detail(code, errorBuffer))
    }

    /// The most specific message available: libcurl's error buffer, else its generic text.
    private static func detail(_ code: CURLcode, _ errorBuffer: UnsafePointer<CChar>?) -> String {
        if let errorBuffer, errorBuffer.pointee != 0 {
            return String(cString: errorBuffer)
        }
        return String(cString: curl_easy_strerror(code))
    }

    static func error(for code: CURLcode, detail: String) -> TransportError {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .couldNotResolveHost(TransportError.resolverDetail(detail))
        case CURLE_COULDNT_CONNECT:
            return .couldNotConnect(detail)
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            return .connectionDropped(detail)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND,
            CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED,
            CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
            CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT:
            return .tls(detail)
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return .invalidURL(detail)
        case CURLE_ABORTED_BY_CALLBACK:
            return .aborted
        default:
            return .other(code: Int(code.rawValue), message: detail)
        }
    }
}

/// Where libcurl's callbacks deliver one response: status-line-delimited headers and the body;
/// and what the progress callback asks whether to give up.
private final class ResponseSink {
    var body = Data()
    var headers: [String: String] = [:]
    let limit: Int
    var exceededLimit = false
    let shouldAbort: (@Sendable () -> Bool)?

    init(limit: Int, shouldAbort: (@Sendable () -> Bool)?) {
        self.limit = limit
        self.shouldAbort = shouldAbort
    }

    func appendHeaderLine(_ line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("HTTP/") {
            // A new response begins (after a 100 Continue, say): keep only the final one's fields.
            headers = [:]
            return
        }
        guard let colon = trimmed.firstIndex(of: ":") else { return }
        let name = trimmed[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        headers[name] = value
    }
}

/// libcurl's write callback: appends body bytes to the `ResponseSink` passed as `CURLOPT_WRITEDATA`.
private let curlWriteBody: CCurl_write_callback = { data, size, count, userdata in
    guard let userdata else { return 0 }
    let sink = Unmanaged<ResponseSink>.fromOpaque(userdata).takeUnretainedValue()
    let length = size * count
    guard length > 0, let data else { return length }
    guard sink.body.count + length <= sink.limit else {
        sink.exceededLimit = true
        return 0  // makes libcurl stop with CURLE_WRITE_ERROR
    }
    data.withMemoryRebound(to: UInt8.self, capacity: length) { sink.body.append($0, count: length) }
    return length
}

/// libcurl's header callback: hands each header line to the `ResponseSink` passed as `CURLOPT_HEADERDATA`.
private let curlWriteHeader: CCurl_write_callback = { data, size, count, userdata in
    guard let userdata else { return 0 }
    let sink = Unmanaged<ResponseSink>.fromOpaque(userdata).takeUnretainedValue()
    let length = size * count
    guard length > 0, let data else { return length }
    let line = data.withMemoryRebound(to: UInt8.self, capacity: length) {
        String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
    sink.appendHeaderLine(line)
    return length
}

/// libcurl's progress callback: a non-zero answer (the request's `shouldAbort` said true) ends
/// the transfer with CURLE_ABORTED_BY_CALLBACK.
private let curlProgress: CCurl_xferinfo_callback = { userdata, _, _, _, _ in
    guard let userdata else { return 0 }
    let sink = Unmanaged<ResponseSink>.fromOpaque(userdata).takeUnretainedValue()
    return sink.shouldAbort?() == true ? 1 : 0
}

/// Owns one libcurl easy handle and the connections it keeps alive.
///
/// libcurl lets a handle move from thread to thread but never be used by two at once: a request
/// holds the handle's lock from start to end, so that `CurlTransport` can hand it from one
/// request to the next whatever thread each runs on.
final class CurlEasyHandle: @unchecked Sendable {
    // @unchecked Sendable: `handle` and `errorBuffer` are used by `init` and `deinit`, which no
    // other use can overlap, and otherwise only by `perform` while it holds `inUse`.

    /// Held for the whole of each request (the value itself is not used).
    private let inUse = Locked(false)
    private let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let configuration: CurlTransport.Configuration

    init(configuration: CurlTransport.Configuration) throws(TransportError) {
        guard let handle = curl_easy_init() else {
            throw .other(code: Int(CURLE_FAILED_INIT.rawValue), message: "curl_easy_init failed")
        }
        self.handle = handle
        self.configuration = configuration
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))

        try setLong(CURLOPT_NOSIGNAL, 1)
        try setPointer(CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
        try setLong(CURLOPT_SSL_VERIFYPEER, 1)
        try setLong(CURLOPT_SSL_VERIFYHOST, 2)
        try setString(CURLOPT_PROTOCOLS_STR, "http,https")
        try setString(CURLOPT_ACCEPT_ENCODING, "")  // every encoding libcurl can decode
        try setString(CURLOPT_USERAGENT, configuration.userAgent)
        try setLong(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(configuration.connectTimeout))
        // Less than a byte a second for this long ends the request: the read timeout.
        try setLong(CURLOPT_LOW_SPEED_LIMIT, 1)
        try setLong(CURLOPT_LOW_SPEED_TIME, configuration.stallTimeout)
        try setLong(CURLOPT_FOLLOWLOCATION, 0)
        try setLong(CURLOPT_TCP_KEEPALIVE, 1)
        try setWriteCallback(CURLOPT_WRITEFUNCTION, curlWriteBody)
        try setWriteCallback(CURLOPT_HEADERFUNCTION, curlWriteHeader)
        try check(CCurl_easy_setopt_xferinfo_callback(handle, CURLOPT_XFERINFOFUNCTION, curlProgress))
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// Sends `request` on this handle, reusing a kept-alive connection when there is one; a
    /// request on another thread waits for this one to end.
    func perform(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
        try inUse.withLock { _ in Result { () throws(TransportError) in try performHoldingLock(request) } }.get()
    }

    private func performHoldingLock(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer {
            _ = CCurl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, nil)
            curl_slist_free_all(headerList)
        }
        for (name, value) in request.headers {
            guard Self.isValidHeader(name: name, value: value) else { throw .invalidHeader(name) }
            headerList = curl_slist_append(headerList, "\(name): \(value)")
        }
        // No "Expect: 100-continue" round trip for larger bodies.
        headerList = curl_slist_append(headerList, "Expect:")

        errorBuffer[0] = 0
        try setString(CURLOPT_URL, request.url)
        try setSlist(CURLOPT_HTTPHEADER, headerList)
        try setLong(CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeout))
        switch request.method {
        case .get:
            try setString(CURLOPT_CUSTOMREQUEST, nil)
            try setLong(CURLOPT_HTTPGET, 1)
        case .post:
            try setString(CURLOPT_CUSTOMREQUEST, nil)
            try setBody(request.body)
        case .put, .delete:
            try setBody(request.body)
            try setString(CURLOPT_CUSTOMREQUEST, request.method.rawValue)
        }

        let sink = ResponseSink(limit: configuration.maxResponseBytes, shouldAbort: request.shouldAbort)
        let sinkPointer = Unmanaged.passRetained(sink)
        defer { sinkPointer.release() }
        try setPointer(CURLOPT_WRITEDATA, sinkPointer.toOpaque())
        try setPointer(CURLOPT_HEADERDATA, sinkPointer.toOpaque())
        try setPointer(CURLOPT_XFERINFODATA, sinkPointer.toOpaque())
        try setLong(CURLOPT_NOPROGRESS, request.shouldAbort == nil ? 1 : 0)
        defer {
            _ = CCurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, nil)
            _ = CCurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, nil)
            _ = CCurl_easy_setopt_pointer(handle, CURLOPT_XFERINFODATA, nil)
        }

        let code = curl_easy_perform(handle)
        if code == CURLE_WRITE_ERROR, sink.exceededLimit {
            throw .responseTooLarge(configuration.maxResponseBytes)
        }
        try check(code)

        var status = 0
        try check(CCurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status))
        return HTTPResponse(status: status, headers: sink.headers, body: sink.body)
    }

    /// Sets the POST body; libcurl copies it, so it need not outlive this call.
    private func setBody(_ body: Data) throws(TransportError) {
        try setLong(CURLOPT_POST, 1)
        try check(CCurl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
        let code = body.withUnsafeBytes { bytes in
            // An empty Data may have no base address; libcurl needs a valid pointer all the same.
            CCurl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(errorBuffer)))
        }
        try check(code)
    }

    private func check(_ code: CURLcode) throws(TransportError) {
        try CurlCode.check(code, errorBuffer: errorBuffer)
    }

    private func setLong(_ option: CURLoption, _ value: Int) throws(TransportError) {
        try check(CCurl_easy_setopt_long(handle, option, value))
    }

    private func setString(_ option: CURLoption, _ value: String?) throws(TransportError) {
        // libcurl copies string options (since 7.17), so a temporary C string is enough.
        let code: CURLcode
        if let value {
            code = value.withCString { CCurl_easy_setopt_string(handle, option, $0) }
        } else {
            code = CCurl_easy_setopt_string(handle, option, nil)
        }
        try check(code)
    }

    private func setPointer(_ option: CURLoption, _ value: UnsafeMutableRawPointer?) throws(TransportError) {
        try check(CCurl_easy_setopt_pointer(handle, option, value))
    }

    private func setSlist(_ option: CURLoption, _ value: UnsafeMutablePointer<curl_slist>?) throws(TransportError) {
        try check(CCurl_easy_setopt_slist(handle, option, value))
    }

    private func setWriteCallback(_ option: CURLoption, _ callback: CCurl_write_callback) throws(TransportError) {
        try check(CCurl_easy_setopt_write_callback(handle, option, callback))
    }

    private static func milliseconds(_ seconds: Double) -> Int {
        max(1, Int((seconds * 1000).rounded(.up)))
    }

    /// Rejects names and values that would let a caller inject header lines.
    static func isValidHeader(name: String, value: String) -> Bool {
        let nameIsToken = !name.isEmpty && name.unicodeScalars.allSatisfy {
            $0.isASCII && $0.value > 32 && $0.value < 127 && $0 != ":"
        }
        let valueIsClean = value.unicodeScalars.allSatisfy { $0 == "\t" || ($0.value >= 32 && $0.value != 127) }
        return nameIsToken && valueIsClean
    }
}
