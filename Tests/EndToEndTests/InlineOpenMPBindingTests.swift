import Foundation
import Testing
import TestSupport

/// The `translate` program runs Tesseract's OpenMP regions on the calling thread: the dynamic
/// linker binds libtesseract's calls to libgomp's entry points to the program's own definitions
/// (CInlineOpenMP), which only happens when the program exports them.
@Suite struct InlineOpenMPBindingTests {
    @Test func libtesseractsParallelRegionsBindToTheProgram() throws {
        let executable = TestPaths.executable.path
        let process = Process()
        process.executableURL = TestPaths.executable
        process.arguments = ["--version"]
        // Every symbol bound at start-up, and each binding written to standard error.
        process.environment = ProcessInfo.processInfo.environment.merging(["LD_BIND_NOW": "1", "LD_DEBUG": "bindings"]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let tesseractsBindings = log.split(separator: "\n").filter { $0.contains("binding file") && $0.contains("libtesseract") }
        for symbol in ["GOMP_parallel", "GOMP_parallel_sections", "GOMP_sections_next", "GOMP_sections_end_nowait"] {
            let binding = tesseractsBindings.first { $0.contains("`\(symbol)'") }
            #expect(binding?.contains(" to \(executable) [") == true, "\(symbol): \(binding ?? "not bound")")
        }
    }
}
