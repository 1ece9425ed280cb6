import Foundation
import ImageDecoding
import Locking
import TesseractReading
import TranslateModel
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline
import TranslateCLI

/// Runs the command in-process with captured streams.
package struct InProcessRun {
    package let exitCode: Int32
    package let standardOutput: String
    package let standardError: String

    /// An environment with no Papago credentials anywhere: no variables, no home to find a secrets file in.
    package static let offlineEnvironment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent-home", "XDG_CONFIG_HOME": "/nonexistent-config"]

    /// Without `XDG_CACHE_HOME` in `environment`, the run gets a translation cache of its own
    /// that is removed afterwards, so that no test sees another's translations.
    package init(_ arguments: [String], standardInput: Data = Data(), terminalWidth: Int? = nil,
         environment: [String: String] = InProcessRun.offlineEnvironment,
         standardErrorWidth: Int? = nil, interrupts: InterruptSource? = nil,
         standardOutput out: BufferSink = BufferSink(), standardOutputIsPipe: Bool = false,
         fixHeapMappingThreshold: (@Sendable () -> Void)? = nil) {
        // The process as `main` sets it up before running the command.
        ProcessConfiguration.apply()
        let err = BufferSink()
        var environment = environment
        var privateCache: URL?
        if environment["XDG_CACHE_HOME"] == nil {
            privateCache = try? TestPaths.temporaryDirectory()
            environment["XDG_CACHE_HOME"] = privateCache?.path
        }
        defer { privateCache.map { try? FileManager.default.removeItem(at: $0) } }
        let context = CommandContext(standardOutput: out, standardError: err,
                                     inputReader: InputReader(readStandardInput: { standardInput }),
                                     terminalWidth: terminalWidth, environment: environment, processorCount: 2,
                                     standardErrorWidth: standardErrorWidth, interrupts: interrupts,
                                     standardOutputIsPipe: standardOutputIsPipe, fixHeapMappingThreshold: fixHeapMappingThreshold)
        exitCode = TranslateCommand.run(arguments, context: context)
        standardOutput = out.text
        standardError = err.text
    }
}

/// Runs the built `translate` binary (or another program) as a separate process, as a user would.
package struct ProcessRun {
    package let exitCode: Int32
    package let standardOutput: String
    package let standardError: String

    /// `environment` nil: the test process's own.
    package init(_ arguments: [String], standardInput: Data? = nil, executable: URL = TestPaths.executable,
                 environment: [String: String]? = nil) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let standardInput { try input.fileHandleForWriting.write(contentsOf: standardInput) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting, so a full pipe cannot block the child.
        let outData = try out.fileHandleForReading.readToEnd() ?? Data()
        let errData = try err.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        exitCode = process.terminationStatus
        standardOutput = String(decoding: outData, as: UTF8.self)
        standardError = String(decoding: errData, as: UTF8.self)
    }
}
