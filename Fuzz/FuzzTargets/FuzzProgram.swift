internal import CLibFuzzer
import Foundation
import TesseractReading

/// The main of a fuzz target's program.
///
/// Built with libFuzzer (`scripts/fuzz.sh`: `-sanitize=fuzzer`), it hands the arguments to
/// libFuzzer, which calls the target with each input it makes. Built as usual (`swift build`),
/// it replays the inputs it is given, files or directories of them, and prints what became of
/// each: a crash a fuzzer saved is then rerun in the debugger without libFuzzer.
public enum FuzzProgram {
    /// A target as libFuzzer calls it: the input's bytes; 0 keeps the input for the corpus.
    public typealias Test = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Sets the process up as `translate` does (`ProcessConfiguration`), so that the libraries'
    /// messages reach the decode that caused them, then fuzzes or replays.
    public static func main(fuzzing test: Test, replaying replay: (UnsafeRawBufferPointer) -> String) -> Never {
        ProcessConfiguration.apply()
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = CLibFuzzer_runDriver(&argc, &argv, test)
        exit(status >= 0 ? status : CorpusReplay.main(replay))
    }
}
