import Foundation

/// The language-detection benchmark's Swift side: detects every line of a file and reports
/// the answers and the time taken, for bench/langid/run.py to score against Lingua.
///
/// Usage: `langid-bench [--languages ko,en,…] [--repeat N] FILE…`. For each file it writes
/// one answer code per input line (`unknown` when there is none) to stdout, in order, and to
/// stderr one line `time FILE LINES SECONDS` with the median over N timed passes (default 3)
/// of detecting all lines in this process on one thread, after the model was loaded. It first
/// writes `load SECONDS`, the time to decode the built-in model.
public enum LanguageDetectionBenchmark {
    /// Runs the benchmark with command-line arguments (without the program name); returns the
    /// process exit code.
    public static func main(_ arguments: [String]) -> Int32 {
        var candidates = Set(Language.allCases)
        var repetitions = 3
        var files: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--languages" where index + 1 < arguments.count:
                index += 1
                let codes = arguments[index].split(separator: ",").map(String.init)
                let languages = codes.compactMap(Language.init(code:))
                guard languages.count == codes.count else {
                    FileHandle.standardError.write(Data("langid-bench: unknown language in \(arguments[index])\n".utf8))
                    return 2
                }
                candidates = Set(languages)
            case "--repeat" where index + 1 < arguments.count:
                index += 1
                repetitions = max(1, Int(arguments[index]) ?? 3)
            default:
                files.append(argument)
            }
            index += 1
        }
        let load = OfflineLanguageDetector.preload()
        FileHandle.standardError.write(Data("load \(load)\n".utf8))
        let detector = OfflineLanguageDetector(candidates: candidates)
        for file in files {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                FileHandle.standardError.write(Data("langid-bench: cannot read \(file)\n".utf8))
                return 1
            }
            var lines = text.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            let (answers, seconds) = run(detector, on: lines, repetitions: repetitions)
            let output = answers.map { $0?.code ?? "unknown" }.joined(separator: "\n") + "\n"
            FileHandle.standardOutput.write(Data(output.utf8))
            FileHandle.standardError.write(Data("time \(file) \(lines.count) \(seconds)\n".utf8))
        }
        return 0
    }

    /// Detects every line `repetitions` times; returns the answers and the median wall time
    /// of one pass over all lines, in seconds.
    public static func run(_ detector: some LanguageDetector, on lines: [String], repetitions: Int)
        -> (answers: [Language?], seconds: Double)
    {
        var answers: [Language?] = []
        var times: [Double] = []
        for _ in 0..<max(1, repetitions) {
            let clock = ContinuousClock()
            var pass: [Language?] = []
            pass.reserveCapacity(lines.count)
            let elapsed = clock.measure {
                for line in lines { pass.append(detector.detect(line).language) }
            }
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            answers = pass
        }
        times.sort()
        return (answers, times[times.count / 2])
    }
}
