import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline
/// A GNU-style command-line parser: `--name value`, `--name=value`, `-n value`, `-nvalue`,
/// bundled short flags (`-qv`), `--` to end options, and `-` as an operand (standard input).
///
/// Options are named by the cases of `Name`, whose raw values are the long spellings: a name
/// is written once, and a misspelt one does not compile.
public struct CommandLineParser<Name: RawRepresentable & Hashable & Sendable>: Sendable where Name.RawValue == String {
    /// One option the command accepts.
    public struct Option: Sendable {
        public var name: Name
        public var short: Character?
        /// The placeholder shown in help (`LANG`), or nil for a flag that takes no value.
        public var valueName: String?
        public var help: String

        public init(_ name: Name, short: Character? = nil, value valueName: String? = nil, help: String) {
            self.name = name
            self.short = short
            self.valueName = valueName
            self.help = help
        }

        /// The long spelling, without the dashes.
        public var long: String { name.rawValue }

        var takesValue: Bool { valueName != nil }
    }

    /// The parsed command line: options in the order given, and the operands.
    public struct Parsed: Sendable, Equatable {
        public var options: [(name: Name, value: String?)]
        public var operands: [String]

        public func has(_ name: Name) -> Bool {
            options.contains { $0.name == name }
        }

        /// The last value given for `name` (a later option overrides an earlier one).
        public func value(_ name: Name) -> String? {
            options.last { $0.name == name }?.value ?? nil
        }

        public static func == (lhs: Parsed, rhs: Parsed) -> Bool {
            lhs.operands == rhs.operands
                && lhs.options.map(\.name) == rhs.options.map(\.name)
                && lhs.options.map(\.value) == rhs.options.map(\.value)
        }
    }

    public let options: [Option]

    public init(options: [Option]) {
        self.options = options
    }

    public func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        var parsed = Parsed(options: [], operands: [])
        var index = 0
        func nextValue(for option: Option, spelled: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw .missingValue(spelled) }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                parsed.operands += arguments[(index + 1)...]
                break
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = String(body.split(separator: "=", maxSplits: 1).first ?? "")
                let inlineValue = body.contains("=") ? String(body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[1]) : nil
                guard let option = options.first(where: { $0.long == name }) else {
                    throw .unknownOption("--" + name, suggestion: suggestion(for: name))
                }
                if option.takesValue {
                    if let inlineValue {
                        parsed.options.append((option.name, inlineValue))
                    } else {
                        parsed.options.append((option.name, try nextValue(for: option, spelled: "--" + name)))
                    }
                } else {
                    guard inlineValue == nil else { throw .unexpectedValue("--" + name) }
                    parsed.options.append((option.name, nil))
                }
            } else if argument.hasPrefix("-"), argument.count > 1 {
                var characters = Substring(argument.dropFirst())
                while let short = characters.first {
                    characters = characters.dropFirst()
                    guard let option = options.first(where: { $0.short == short }) else {
                        throw .unknownOption("-" + String(short), suggestion: nil)
                    }
                    if option.takesValue {
                        let value = characters.isEmpty ? try nextValue(for: option, spelled: "-" + String(short)) : String(characters)
                        parsed.options.append((option.name, value))
                        break
                    }
                    parsed.options.append((option.name, nil))
                }
            } else {
                parsed.operands.append(argument)
            }
            index += 1
        }
        return parsed
    }

    /// The closest long option name, for "did you mean" hints on typos.
    private func suggestion(for name: String) -> String? {
        let scored = options.map { ($0.long, EditDistance.between(name, $0.long, countingTranspositionsAsOne: true)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, name.count / 3) else { return nil }
        return "--" + best.0
    }
}

/// Edit distance over characters: Levenshtein, optionally with swapped neighbours as one edit
/// (the typo "--fromat" is one edit from "--format", two from "--from").
package enum EditDistance {
    package static func between(_ a: String, _ b: String, countingTranspositionsAsOne: Bool = false) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var beforePrevious: [Int] = []
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if countingTranspositionsAsOne, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
