import Foundation
import Locking

/// The outcome of running a command to completion.
struct ProcessOutput: Sendable {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs a command with text on its standard input and collects its output.
enum ProcessRunner {
    /// Runs `executable` with `arguments`, feeding `input`. Returns nil when it cannot be started.
    static func run(_ executable: String, _ arguments: [String], input: String = "") -> ProcessOutput? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            return nil
        }
        // Feed the input from another thread so that a large input cannot deadlock against
        // a child blocked on a full output pipe.
        let writer = stdin.fileHandleForWriting
        let data = Data(input.utf8)
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? writer.write(contentsOf: data)
            try? writer.close()
            written.signal()
        }
        let errorData = ErrorCollector(stderr.fileHandleForReading)
        let outputData = (try? stdout.fileHandleForReading.readToEnd()) ?? Data()
        process.waitUntilExit()
        written.wait()
        return ProcessOutput(status: process.terminationStatus,
                             standardOutput: String(decoding: outputData, as: UTF8.self),
                             standardError: String(decoding: errorData.wait(), as: UTF8.self))
    }
}

/// Drains a pipe on a background thread.
private final class ErrorCollector: Sendable {
    private let data = Locked(Data())
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DispatchQueue.global().async {
            // A failing read keeps what was read so far: `readDataToEndOfFile` would trap.
            let read = (try? handle.readToEnd()) ?? Data()
            self.data.withLock { $0 = read }
            self.done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data.current
    }
}
