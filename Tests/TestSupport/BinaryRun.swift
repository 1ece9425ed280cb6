import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The binary running in the background, its standard output read as far as the test likes.
package final class BinaryRun {
    package let process = Process()
    package let output = Pipe()
    package let errors = Pipe()

    package init(_ arguments: [String]) throws {
        process.executableURL = TestPaths.executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Reads standard output until it holds `lines` line ends (or ends).
    package func read(lines: Int) -> Data {
        var data = Data()
        while data.filter({ $0 == UInt8(ascii: "\n") }).count < lines {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        return data
    }

    /// Ctrl-C.
    package func interrupt() {
        kill(process.processIdentifier, SIGINT)
    }

    /// Ctrl-C sent while the process is stopped, so that it does no more work between the
    /// moment the test decides to interrupt and the moment the signal lands, however late a
    /// busy machine lets the test get there.
    package func interruptAtOnce() {
        kill(process.processIdentifier, SIGSTOP)
        kill(process.processIdentifier, SIGINT)
        kill(process.processIdentifier, SIGCONT)
    }

    package func readRest() -> Data {
        (try? output.fileHandleForReading.readToEnd()) ?? Data()
    }

    /// Waits for the end; returns standard error.
    package func finish() -> String {
        _ = readRest()
        let text = String(decoding: (try? errors.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }
}
