import Foundation
import TranslateCLI

/// The command line: GNU-style parsing of the arguments (`CommandLineParser`) and the checks
/// of every option's value (`CommandOptions`), as `translate` runs them before anything else.
///
/// An input is the arguments after the command's name, each ended by a NUL byte, as in
/// `/proc/PID/cmdline`: a real argument cannot hold one.
public enum CommandLineTarget {
    /// Parses the arguments `bytes` stands for and checks what came out.
    @discardableResult
    public static func run(_ bytes: UnsafeRawBufferPointer) -> Result<CommandOptions, UsageError> {
        let arguments = arguments(from: bytes)
        let result = Result { () throws(UsageError) in try CommandOptions(parsing: arguments) }
        switch result {
        case .success(let options):
            // Parsing is a function of the arguments alone.
            Invariant.check((try? CommandOptions(parsing: arguments)) == options, "the same arguments parsed two ways")
            // Help, the version, the man page, a completion script and the language list need no input.
            if !options.showHelp, !options.showVersion, !options.showManPage, options.completionShell == nil, !options.listLanguages {
                Invariant.check(!options.inputs.isEmpty || options.filesFrom != nil, "a run accepted without inputs")
                Invariant.check(options.ocrOnly != (options.target != nil), "--ocr-only and --to both, or neither")
            }
        case .failure(let error):
            Invariant.isOneLine(error.description, "the usage error")
        }
        return result
    }

    /// The arguments of an input: the text between NUL bytes, a last argument without its NUL included.
    public static func arguments(from bytes: UnsafeRawBufferPointer) -> [String] {
        var arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if bytes.last == 0 || bytes.isEmpty { arguments.removeLast() }
        return arguments
    }
}
