import Foundation

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
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        written.wait()
        return ProcessOutput(status: process.terminationStatus,
                             standardOutput: String(decoding: outputData, as: UTF8.self),
                             standardError: String(decoding: errorData.wait(), as: UTF8.self))
    }
}

/// Drains a pipe on a background thread.
private final class ErrorCollector: @unchecked Sendable {
    // Safe: `data` is written once by the background reader before `done` is signalled,
    // and read only after waiting on `done`.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
