import Foundation
import Locking
import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline
import TranslateCLI

#if canImport(Glibc)
    import Glibc
#endif

/// A running `Tests/PapagoServer/papago_server.py` on a free port of 127.0.0.1.
///
/// Each test starts its own, so that request counts and queued failures never mix; the process
/// is terminated by `stop()` or when the value is released.
package final class PapagoTestServer: @unchecked Sendable {
    // @unchecked Sendable: every stored property is immutable after init; Process is only
    // terminated, which is safe from any thread.

    package static let clientID = "test-client-id"
    package static let clientSecret = "s3cr3t-VALUE-never-printed"

    package let port: Int
    private let process: Process
    /// The server's standard input: closing it makes the server exit at once.
    private let input = Pipe()
    private let control: CurlTransport

    package var baseURL: String { "http://127.0.0.1:\(port)" }

    package init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Self.scriptPath, "--port", "0", "--client-id", Self.clientID, "--client-secret",
            Self.clientSecret, "--exit-on-stdin-eof",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()

        var buffer = Data()
        while !buffer.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        let line = String(decoding: buffer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            process.terminate()
            throw TestServerError.didNotStart(line)
        }
        self.port = port
        control = try CurlTransport()
    }

    deinit { stop() }

    /// Stops the server (by closing its standard input); kills it if it is still there after two seconds.
    package func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        for _ in 0..<200 where process.isRunning {
            usleep(10_000)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }

    /// Where the script is, from this file's place in the repository.
    package static var scriptPath: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // TestSupport
            .deletingLastPathComponent()  // Tests
            .appendingPathComponent("PapagoServer/papago_server.py").path
    }

    // MARK: Clients

    package func credentials(
        dialect: PapagoDialect = .ncp, secret: String = PapagoTestServer.clientSecret,
        source: PapagoCredentialSource = .environment
    ) -> PapagoCredentials {
        PapagoCredentials(
            clientID: Self.clientID, clientSecret: secret, dialect: dialect, endpoint: baseURL, source: source)
    }

    package func client(
        dialect: PapagoDialect = .ncp,
        secret: String = PapagoTestServer.clientSecret,
        sleeper: RecordingSleeper = RecordingSleeper(),
        maxAttempts: Int = 4,
        requestTimeout: Double = 10,
        gate: PapagoRequestGate = PapagoRequestGate(),
        transport: CurlTransport.Configuration = CurlTransport.Configuration()
    ) throws -> PapagoClient {
        PapagoClient(
            credentials: credentials(dialect: dialect, secret: secret),
            transport: try CurlTransport(configuration: transport),
            gate: gate,
            retryPolicy: PapagoRetryPolicy(maxAttempts: maxAttempts),
            sleeper: sleeper,
            requestTimeout: requestTimeout
        )
    }

    package func translator(
        dialect: PapagoDialect = .ncp,
        secret: String = PapagoTestServer.clientSecret,
        sleeper: RecordingSleeper = RecordingSleeper(),
        maxAttempts: Int = 4,
        requestTimeout: Double = 10,
        options: PapagoOptions = PapagoOptions()
    ) throws -> PapagoTranslator {
        PapagoTranslator(
            client: try client(
                dialect: dialect, secret: secret, sleeper: sleeper, maxAttempts: maxAttempts,
                requestTimeout: requestTimeout),
            options: options)
    }

    /// An environment in which the command finds this server and its credentials, and no others.
    package func environment(secret: String = PapagoTestServer.clientSecret) -> [String: String] {
        InProcessRun.offlineEnvironment.merging([
            "PAPAGO_CLIENT_ID": Self.clientID, "PAPAGO_CLIENT_SECRET": secret, "PAPAGO_ENDPOINT": baseURL,
        ]) { $1 }
    }

    // MARK: Control API

    /// Queues a failure rule (see the script's documentation).
    package func fail(_ rule: [String: Any]) throws {
        _ = try controlRequest(.post, "/_control/fail", rule)
    }

    package func setLatency(milliseconds: Int) throws {
        _ = try controlRequest(.post, "/_control/latency", ["ms": milliseconds])
    }

    package func reset() throws {
        _ = try controlRequest(.post, "/_control/reset", [:])
    }

    /// The API requests the server received, in order.
    package func requests() throws -> [RecordedRequest] {
        let object = try controlRequest(.get, "/_control/requests", nil)
        guard let list = object["requests"] as? [[String: Any]] else { throw TestServerError.badControlReply }
        return list.map(RecordedRequest.init)
    }

    /// The translation requests only.
    package func translationRequests() throws -> [RecordedRequest] {
        try requests().filter { $0.path.hasSuffix("/translation") || $0.path.hasSuffix("/n2mt") }
    }

    private func controlRequest(_ method: HTTPMethod, _ path: String, _ payload: [String: Any]?) throws
        -> [String: Any]
    {
        let body = try payload.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let response = try control.send(
            HTTPRequest(
                method: method, url: baseURL + path, headers: [("Content-Type", "application/json")], body: body,
                timeout: 10))
        guard response.status == 200,
            let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        else {
            throw TestServerError.controlFailed(response.status, String(decoding: response.body, as: UTF8.self))
        }
        return object
    }
}

/// One API request as the test server recorded it.
package struct RecordedRequest {
    package var path: String
    package var dialect: String
    package var client: String
    package var headers: [String: String]
    package var fields: [String: String]
    /// The HTTP status answered, or nil when the connection was dropped.
    package var status: Int?

    package init(_ object: [String: Any]) {
        path = object["path"] as? String ?? ""
        dialect = object["dialect"] as? String ?? ""
        client = object["client"] as? String ?? ""
        headers = object["headers"] as? [String: String] ?? [:]
        fields = object["fields"] as? [String: String] ?? [:]
        status = object["status"] as? Int
    }
}

package enum TestServerError: Error {
    case didNotStart(String)
    case controlFailed(Int, String)
    case badControlReply
}

/// A `Sleeper` that records what it was asked to wait and returns at once.
package final class RecordingSleeper: Sleeper {
    private let recorded = Locked<[Double]>([])
    /// Runs at every pause: something that happens while the caller waits.
    private let onPause: @Sendable () -> Void

    package init(onPause: @escaping @Sendable () -> Void = {}) {
        self.onPause = onPause
    }

    package var delays: [Double] { recorded.current }

    package func sleep(seconds: Double) {
        recorded.withLock { $0.append(seconds) }
        onPause()
    }
}

/// A port on 127.0.0.1 that nothing listens on (bound, read, and released at once).
package func unusedLocalPort() -> Int {
    let (descriptor, port) = boundLocalSocket()
    close(descriptor)
    return port
}

/// A TCP socket bound to a port of the kernel's choosing on 127.0.0.1, and that port.
package func boundLocalSocket() -> (descriptor: Int32, port: Int) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(descriptor, pointer, length)
            return getsockname(descriptor, pointer, &length)
        }
    }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
}
