import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A `redis-server` of the test's own on 127.0.0.1, at a free port, keeping nothing on disk;
/// killed by `stop()` or when the value is released.
package final class RedisTestServer: @unchecked Sendable {
    // @unchecked Sendable: every stored property is immutable after init; Process is only
    // terminated, which is safe from any thread.

    package static let executable = "/usr/bin/redis-server"
    package static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    package let port: Int
    private let process: Process

    package var url: String { "redis://127.0.0.1:\(port)/0" }

    /// `options` are added to the command line (`--rename-command EVAL ""` to refuse scripts).
    package init(options: [String] = []) throws {
        var lastError: Error = TestServerError.didNotStart("redis-server")
        // The free port may be taken between choosing and binding it: try a few.
        for _ in 0..<3 {
            let port = unusedLocalPort()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.executable)
            process.arguments = ["--bind", "127.0.0.1", "--port", String(port), "--save", "", "--appendonly", "no",
                                 "--daemonize", "no", "--loglevel", "warning"] + options
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                lastError = error
                continue
            }
            if Self.waitUntilListening(port: port, process: process) {
                self.port = port
                self.process = process
                return
            }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            lastError = TestServerError.didNotStart("redis-server on port \(port)")
        }
        throw lastError
    }

    deinit { stop() }

    package func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// True once a connection to the port succeeds; false when the process ends first or
    /// after ten seconds.
    private static func waitUntilListening(port: Int, process: Process) -> Bool {
        for _ in 0..<1000 where process.isRunning {
            if canConnect(port: port) { return true }
            usleep(10_000)
        }
        return false
    }

    private static func canConnect(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

/// A TCP port on 127.0.0.1 that accepts connections (the kernel completes them from the
/// listen backlog) and never answers: a server that hangs.
package final class SilentListener: @unchecked Sendable {
    // @unchecked Sendable: the descriptor is set once and only closed in deinit.
    package let port: Int
    private let descriptor: Int32

    package init() {
        (descriptor, port) = boundLocalSocket()
        listen(descriptor, 16)
    }

    deinit { close(descriptor) }
}
