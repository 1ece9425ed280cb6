import Foundation
import TranslateModel
import TranslateOutput

/// The defaults `translate config` saves: what a run uses when its options leave them out.
///
/// Kept as JSON beside the secrets file, `$XDG_CONFIG_HOME/translate/config.json`:
/// `{"to": "en", "engine": "papago", "format": "tsv"}`. Every field is optional; an option on
/// the command line always wins over the file.
public struct SavedDefaults: Sendable, Equatable {
    /// `--to`: with it, a run needs neither `--to` nor `--ocr-only`.
    public var target: Language?
    /// `--engine`: nil chooses as without the option (Papago when credentials are found).
    public var engine: EngineName?
    /// `--format`.
    public var format: OutputFormat?

    public init(target: Language? = nil, engine: EngineName? = nil, format: OutputFormat? = nil) {
        self.target = target
        self.engine = engine
        self.format = format
    }

    /// The file's name inside the configuration directory.
    public static let fileName = "config.json"

    /// `$XDG_CONFIG_HOME/translate` (an absolute path only, as the XDG rules say), else
    /// `~/.config/translate`; nil when neither is set.
    public static func directory(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return (config as NSString).appendingPathComponent("translate")
        }
        if let home = environment["HOME"], !home.isEmpty {
            return (home as NSString).appendingPathComponent(".config/translate")
        }
        return nil
    }

    /// Where the defaults are kept, or nil when there is no configuration directory.
    public static func path(environment: [String: String]) -> String? {
        directory(environment: environment).map { ($0 as NSString).appendingPathComponent(fileName) }
    }

    /// The saved defaults; none when the file does not exist.
    public static func load(environment: [String: String]) throws(SavedDefaultsError) -> SavedDefaults {
        guard let path = path(environment: environment), FileManager.default.fileExists(atPath: path) else {
            return SavedDefaults()
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        return try decode(data, path: path)
    }

    /// Reads the JSON object; a value that is not a language, an engine or a format is an error
    /// naming the file, so that a typo there is not silently ignored.
    static func decode(_ data: Data, path: String) throws(SavedDefaultsError) -> SavedDefaults {
        guard let object = try? JSONSerialization.jsonObject(with: data), let fields = object as? [String: Any] else {
            throw .invalid(path: path, reason: "not a JSON object")
        }
        func text(_ key: String) throws(SavedDefaultsError) -> String? {
            guard let value = fields[key], !(value is NSNull) else { return nil }
            guard let string = value as? String else { throw .invalid(path: path, reason: "\"\(key)\" is not a string") }
            return string.isEmpty ? nil : string
        }
        var defaults = SavedDefaults()
        if let code = try text("to") {
            guard let language = Language(code: code) else { throw .invalid(path: path, reason: "\"to\": no language '\(code)'") }
            defaults.target = language
        }
        if let name = try text("engine"), name.lowercased() != "auto" {
            guard let engine = EngineName(rawValue: name.lowercased()) else {
                throw .invalid(path: path, reason: "\"engine\": expected papago, apertium or auto, not '\(name)'")
            }
            defaults.engine = engine
        }
        if let name = try text("format") {
            guard let format = OutputFormat(rawValue: name.lowercased()) else {
                throw .invalid(path: path, reason: "\"format\": no format '\(name)'")
            }
            defaults.format = format
        }
        return defaults
    }

    /// The file's contents: only the fields that are set, keys sorted, one per line.
    public var json: Data {
        var fields: [String: String] = [:]
        if let target { fields["to"] = target.code }
        if let engine { fields["engine"] = engine.rawValue }
        if let format { fields["format"] = format.rawValue }
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return data + Data("\n".utf8)
    }

    /// The defaults as the options they stand for: `--to en --engine papago`.
    /// The defaults as the options they stand for, or nil when there are none.
    public var asOptions: String? {
        var parts: [String] = []
        if let target { parts.append("\(OptionName.to.spelling) \(target.code)") }
        if let engine { parts.append("\(OptionName.engine.spelling) \(engine.rawValue)") }
        if let format { parts.append("\(OptionName.format.spelling) \(format.rawValue)") }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

/// A defaults file that cannot be used; the run ends with `ExitCode.setup`.
public enum SavedDefaultsError: Error, Equatable, Sendable, CustomStringConvertible, WordedError {
    case unreadable(path: String)
    case invalid(path: String, reason: String)

    public var description: String { description(in: .english) }

    func description(in language: MessageLanguage) -> String {
        switch self {
        case .unreadable(let path): MessageCatalogue.text(.defaultsUnreadable, language, path)
        case .invalid(let path, let reason): MessageCatalogue.text(.defaultsInvalid, language, path, reason)
        }
    }
}
