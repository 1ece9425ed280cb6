import Foundation
import TranslateModel

/// Translates offline with the Apertium engine from Debian's packages.
///
/// One `apertium` process per group of texts, one text per line; Apertium keeps line breaks,
/// and the reply's line count is checked anyway: on a mismatch the texts are translated one
/// by one, so a translation never lands on the wrong box.
public struct ApertiumTranslator: Translator, RequestCounting {
    public let engine = "apertium"
    /// Engine runs so far (one `apertium` process each), for the run's summary.
    private let runs = RequestCounter()
    public let executable: String
    /// The directions installed, found once when the translator is made.
    public let pairs: [ApertiumPair]

    /// Finds `apertium` on `PATH` (or uses `executable`) and lists its installed pairs.
    public init(executable: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws(ApertiumError) {
        guard let path = executable ?? Self.find("apertium", in: environment["PATH"] ?? "/usr/bin:/bin"),
              FileManager.default.isExecutableFile(atPath: path) else { throw .engineNotInstalled }
        guard let listing = ProcessRunner.run(path, ["-l"]), listing.status == 0 else { throw .engineNotInstalled }
        self.executable = path
        self.pairs = listing.standardOutput
            .split(whereSeparator: \.isWhitespace)
            .compactMap { ApertiumPair(mode: String($0)) }
    }

    /// Whether Apertium can be run at all here.
    public static func isInstalled(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        find("apertium", in: environment["PATH"] ?? "/usr/bin:/bin") != nil
    }

    public func translate(_ texts: [String], from source: Language?, to target: Language) throws -> [TranslatedText] {
        guard let source else { throw ApertiumError.sourceLanguageUnknown }
        if source == target { return texts.map { TranslatedText(text: $0, source: source) } }
        guard let pair = pairs.first(where: { $0.source == source && $0.target == target }) else {
            throw ApertiumError.pairNotInstalled(source: source, target: target, installed: pairs.map(\.mode).sorted(),
                                                 package: ApertiumLanguages.debianPackage(source: source, target: target))
        }
        // A text's own line breaks would shift every line after it.
        let lines = texts.map { $0.replacingOccurrences(of: "\n", with: " ") }
        let translated = try run(pair, lines)
        if translated.count == lines.count {
            return translated.map { TranslatedText(text: $0, source: source) }
        }
        return try lines.map { line in TranslatedText(text: try run(pair, [line]).joined(separator: " "), source: source) }
    }

    private func run(_ pair: ApertiumPair, _ lines: [String]) throws -> [String] {
        runs.increment()
        // -u: leave unknown words as they are instead of marking them with '*'. Texts are
        // apart by a blank line: across a single line break Apertium's transfer still reorders
        // words, so a row's label and value ("Brillo", "Automático") came back swapped
        // ("Automatic", "Shine").
        guard let output = ProcessRunner.run(executable, ["-u", pair.mode], input: lines.joined(separator: "\n\n") + "\n") else {
            throw ApertiumError.engineNotInstalled
        }
        guard output.status == 0 else {
            let message = output.standardError.split(separator: "\n").first.map(String.init) ?? ""
            throw ApertiumError.engineFailed(status: output.status, message: message)
        }
        var text = output.standardOutput
        if text.hasSuffix("\n") { text.removeLast() }
        return text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    public var requestsSent: Int { runs.value }

    /// The targets of the installed pairs (and every pair's source, which needs no translating).
    public var targetLanguages: Set<Language>? { Set(pairs.map(\.target)) }

    private static func find(_ name: String, in path: String) -> String? {
        path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
