import Foundation
import TranslateModel

/// The language-detection benchmark's Swift side: detects every line of a file and reports
/// the answers and the time taken, for bench/langid/run.py to score against Lingua.
///
/// Usage: `langid-bench [--languages ko,en,…] [--repeat N] FILE…`. For each file it writes
/// one answer code per input line (`unknown` when there is none) to stdout, in order, and to
/// stderr one line `time FILE LINES SECONDS` with the median over N timed passes (default 3)
/// of detecting all lines in this process on one thread, after the model was loaded. It first
/// writes `load SECONDS`, the time to decode the built-in model.
///
/// For tuning experiments (bench/langid/tune.py) the scoring weights can be overridden:
/// `--ngram-share P`, `--backoff-penalty P`, `--han-priors A,B,C`, `--han-outside-penalty X`,
/// `--han-frequency-weight X`, `--han-unknown-character X`, `--catalan-prior X` (see
/// `LanguageDetectionParameters`),
/// and `--model FILE` reads the model from a raw file written by
/// `scripts/langid/generate_model.py --blob FILE` instead of using the built-in one.
public enum LanguageDetectionBenchmark {
    /// Runs the benchmark with command-line arguments (without the program name); returns the
    /// process exit code.
    public static func main(_ arguments: [String]) -> Int32 {
        var candidates = Set(Language.allCases)
        var repetitions = 3
        var files: [String] = []
        var parameters = LanguageDetectionParameters.standard
        var modelPath: String?
        var index = 0
        func fail(_ message: String) -> Int32 {
            try? FileHandle.standardError.write(contentsOf: Data("langid-bench: \(message)\n".utf8))
            return 2
        }
        let numeric: [String: WritableKeyPath<LanguageDetectionParameters, Double>] = [
            "--ngram-share": \.ngramShare, "--backoff-penalty": \.backoffPenalty,
            "--han-outside-penalty": \.hanOutsidePenalty, "--han-frequency-weight": \.hanFrequencyWeight,
            "--han-unknown-character": \.hanUnknownCharacter, "--catalan-prior": \.catalanPrior,
        ]
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case _ where numeric[argument] != nil && index + 1 < arguments.count:
                index += 1
                guard let value = Double(arguments[index]), value.isFinite else {
                    return fail("\(argument) needs a number, not \(arguments[index])")
                }
                parameters[keyPath: numeric[argument]!] = value
            case "--han-priors" where index + 1 < arguments.count:
                index += 1
                let values = arguments[index].split(separator: ",").compactMap { Double($0) }
                guard values.count == 3, values.allSatisfy(\.isFinite) else {
                    return fail("--han-priors needs three numbers (zh-CN,zh-TW,ja), not \(arguments[index])")
                }
                parameters.hanPriors = values
            case "--model" where index + 1 < arguments.count:
                index += 1
                modelPath = arguments[index]
            case "--languages" where index + 1 < arguments.count:
                index += 1
                let codes = arguments[index].split(separator: ",").map(String.init)
                let languages = codes.compactMap(Language.init(code:))
                guard languages.count == codes.count else {
                    return fail("unknown language in \(arguments[index])")
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
        guard parameters.ngramShare > 0, parameters.backoffPenalty > 0 else {
            return fail("--ngram-share and --backoff-penalty must be above 0")
        }
        let model: LanguageModel
        if let modelPath {
            do {
                model = try LanguageModel(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: modelPath))))
            } catch {
                try? FileHandle.standardError.write(contentsOf: Data("langid-bench: cannot load model \(modelPath): \(error)\n".utf8))
                return 1
            }
            try? FileHandle.standardError.write(contentsOf: Data("load 0\n".utf8))
        } else {
            let load = OfflineLanguageDetector.preload()
            try? FileHandle.standardError.write(contentsOf: Data("load \(load)\n".utf8))
            model = .shared
        }
        let detector = OfflineLanguageDetector(candidates: candidates, model: model, parameters: parameters)
        for file in files {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                try? FileHandle.standardError.write(contentsOf: Data("langid-bench: cannot read \(file)\n".utf8))
                return 1
            }
            var lines = text.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            let (answers, seconds) = run(detector, on: lines, repetitions: repetitions)
            let output = answers.map { $0?.code ?? "unknown" }.joined(separator: "\n") + "\n"
            try? FileHandle.standardOutput.write(contentsOf: Data(output.utf8))
            try? FileHandle.standardError.write(contentsOf: Data("time \(file) \(lines.count) \(seconds)\n".utf8))
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
