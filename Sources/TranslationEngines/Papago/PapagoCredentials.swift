import Foundation
import TranslateModel

/// A secret string that never shows itself: not in descriptions, debug output, `dump` or mirrors.
///
/// Only the Papago client reads the value, to put it in a request header.
public struct RedactedSecret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The secret itself; internal so that nothing outside the library can print it by accident.
    let revealed: String

    public init(_ value: String) {
        revealed = value
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// Where a set of credentials came from, so that an authentication error can say what to fix.
public enum PapagoCredentialSource: Sendable, Equatable, CustomStringConvertible {
    /// Given directly by the caller.
    case explicit
    /// The PAPAGO_CLIENT_ID and PAPAGO_CLIENT_SECRET environment variables.
    case environment
    /// A JSON secrets file at this path.
    case file(String)

    public var description: String {
        switch self {
        case .explicit: "credentials given by the caller"
        case .environment: "credentials from PAPAGO_CLIENT_ID/PAPAGO_CLIENT_SECRET environment"
        case .file(let path): "credentials from \(path)"
        }
    }
}

/// The client id and secret for a Papago service, with the service's address and dialect.
///
/// The secret is a `RedactedSecret`: printing, debug-printing or dumping credentials never shows it.
public struct PapagoCredentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    public var clientID: String
    public var clientSecret: RedactedSecret
    public var dialect: PapagoDialect
    /// The base URL (scheme, host, optional port and path prefix) without a trailing slash.
    public var endpoint: String
    public var source: PapagoCredentialSource

    /// Makes credentials; `endpoint` nil means the dialect's public host.
    public init(
        clientID: String,
        clientSecret: String,
        dialect: PapagoDialect = .ncp,
        endpoint: String? = nil,
        source: PapagoCredentialSource = .explicit
    ) {
        self.clientID = clientID
        self.clientSecret = RedactedSecret(clientSecret)
        self.dialect = dialect
        self.endpoint = Self.normalizedEndpoint(endpoint ?? dialect.defaultEndpoint)
        self.source = source
    }

    public var description: String {
        "papago \(dialect) at \(endpoint), client id \(clientID), secret <redacted>, \(source)"
    }

    public var debugDescription: String { "PapagoCredentials(\(description))" }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "clientID": clientID, "clientSecret": "<redacted>", "dialect": dialect,
                "endpoint": endpoint, "source": source,
            ]
        )
    }

    static func normalizedEndpoint(_ endpoint: String) -> String {
        var trimmed = endpoint.trimmingCharacters(in: .whitespaces)
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }
}

/// A place credentials were looked for in and not found.
public enum CredentialPlace: Equatable, Sendable, CustomStringConvertible {
    /// PAPAGO_CLIENT_ID and PAPAGO_CLIENT_SECRET, not set.
    case environment
    /// `$TRANSLATE_SECRETS`, not set.
    case namedFile
    /// The default secrets file, at this path, not there.
    case defaultFile(String)
    /// The default secrets file, which has no path: neither XDG_CONFIG_HOME nor HOME is set.
    case noHome

    public var description: String {
        switch self {
        case .environment: "PAPAGO_CLIENT_ID/PAPAGO_CLIENT_SECRET environment (not set)"
        case .namedFile: "$TRANSLATE_SECRETS (not set)"
        case .defaultFile(let path): "\(path) (not found)"
        case .noHome: "~/.config/translate/secrets.json (neither XDG_CONFIG_HOME nor HOME is set)"
        }
    }
}

/// Why no usable credentials were found. Never contains a secret.
public enum CredentialError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing in any of the places looked at; `searched` says which, in order.
    case notFound(searched: [CredentialPlace], suggestedFile: String?)
    /// A secrets file named explicitly (by `--secrets` or `$TRANSLATE_SECRETS`) does not exist.
    case fileNotFound(path: String, origin: String)
    /// A secrets file exists but could not be read.
    case unreadableFile(path: String, reason: String)
    /// A secrets file is not a JSON object with a client id and secret.
    case invalidFile(path: String, reason: String)
    /// Only one of PAPAGO_CLIENT_ID and PAPAGO_CLIENT_SECRET is set; this one is missing.
    case incompleteEnvironment(missing: String)
    /// The endpoint is not an http or https URL.
    case invalidEndpoint(String, origin: String)
    /// The dialect is neither "ncp" nor "naver-developers".
    case invalidDialect(String, origin: String)

    public var description: String {
        switch self {
        case .notFound(let searched, let suggestedFile):
            var text = "no papago credentials found; looked in: " + searched.map(\.description).joined(separator: ", ") + ". "
            text += "to fix: run 'translate config', or export PAPAGO_CLIENT_ID and PAPAGO_CLIENT_SECRET, "
            if let suggestedFile {
                text += "or write {\"clientId\": \"…\", \"clientSecret\": \"…\"} to \(suggestedFile) (chmod 600), "
            }
            text += "or pass --secrets PATH"
            return text
        case .fileNotFound(let path, let origin):
            return "secrets file not found: \(path) (named by \(origin))"
        case .unreadableFile(let path, let reason):
            return "cannot read secrets file \(path): \(reason)"
        case .invalidFile(let path, let reason):
            return "invalid secrets file \(path): \(reason)"
        case .incompleteEnvironment(let missing):
            return "\(missing) is not set (PAPAGO_CLIENT_ID and PAPAGO_CLIENT_SECRET go together)"
        case .invalidEndpoint(let endpoint, let origin):
            return "invalid papago endpoint \"\(endpoint)\" from \(origin): expected an http:// or https:// url"
        case .invalidDialect(let dialect, let origin):
            return "invalid papago dialect \"\(dialect)\" from \(origin): expected \"ncp\" or \"naver-developers\""
        }
    }
}

/// The contents of a file and its permission bits.
public struct SecretsFileContents: Sendable, Equatable {
    public var data: Data
    /// The POSIX permission bits (0o600, …), when known.
    public var permissions: Int?

    public init(data: Data, permissions: Int?) {
        self.data = data
        self.permissions = permissions
    }
}

/// Reads secrets files; a protocol so that tests need no real home directory.
public protocol SecretsFileReading: Sendable {
    /// The file at `path`, or nil when nothing exists there; throws `CredentialError.unreadableFile`.
    func readFile(atPath path: String) throws(CredentialError) -> SecretsFileContents?
}

/// Reads secrets files from the local file system, at most `byteLimit` bytes of one.
///
/// A secrets file holds a few short strings. Reading without a limit would let a wrong path
/// (`--secrets /dev/zero`, a huge log) take all the memory there is; a pipe is still read, so
/// that `--secrets <(pass show papago)` works.
public struct LocalSecretsFileReader: SecretsFileReading {
    public static let byteLimit = 64 << 10

    public init() {}

    public func readFile(atPath path: String) throws(CredentialError) -> SecretsFileContents? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .unreadableFile(path: path, reason: Self.reason(errno))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadableFile(path: path, reason: Self.reason(errno)) }
        if status.st_mode & S_IFMT == S_IFDIR { throw .unreadableFile(path: path, reason: "it is a directory") }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 8192)
        while data.count <= Self.byteLimit {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadableFile(path: path, reason: Self.reason(errno))
            }
            if count == 0 { return SecretsFileContents(data: data, permissions: Int(status.st_mode & 0o7777)) }
            data.append(contentsOf: chunk[..<count])
        }
        throw .unreadableFile(path: path, reason: "it is larger than \(Self.byteLimit >> 10) KiB, which no secrets file is")
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}

/// What the command line can override when resolving credentials.
public struct PapagoCredentialOptions: Sendable, Equatable {
    /// `--endpoint`: the base URL, overriding every other source.
    public var endpoint: String?
    /// `--secrets PATH`: the secrets file to use.
    public var secretsPath: String?
    /// The dialect, overriding every other source.
    public var dialect: PapagoDialect?

    public init(endpoint: String? = nil, secretsPath: String? = nil, dialect: PapagoDialect? = nil) {
        self.endpoint = endpoint
        self.secretsPath = secretsPath
        self.dialect = dialect
    }
}

/// Credentials together with the warnings found on the way (to be shown on stderr by the caller).
public struct ResolvedPapagoCredentials: Sendable, Equatable {
    public var credentials: PapagoCredentials
    /// Risks found on the way, such as a secrets file readable by other users.
    public var warnings: [EngineNotice]
}

/// Finds Papago credentials in the options, the environment and the secrets file.
///
/// Client id and secret, first found wins:
/// 1. `PAPAGO_CLIENT_ID` and `PAPAGO_CLIENT_SECRET` (both, or it is an error); a `--secrets`
///    option given as well is then ignored with a warning, so the choice is never silent;
/// 2. the file given with `--secrets PATH`;
/// 3. the file named by `$TRANSLATE_SECRETS`;
/// 4. `$XDG_CONFIG_HOME/translate/secrets.json`, else `~/.config/translate/secrets.json`.
///
/// The endpoint: `--endpoint`, else `PAPAGO_ENDPOINT`, else the file's `endpoint`, else the
/// dialect's public host. The dialect: the option, else `PAPAGO_DIALECT`, else the file's
/// `dialect`, else what the endpoint's host implies, else NCP. The file's endpoint and dialect
/// count with credentials from the environment too: what `translate config` saved is the
/// service a run talks to, whichever credentials it uses.
///
/// The file is a JSON object with `clientId`, `clientSecret` (or the mobile app's
/// `PapagoClientId`, `PapagoClientSecret`), and optional `endpoint` and `dialect`.
public struct PapagoCredentialResolver: Sendable {
    private let environment: [String: String]
    private let files: any SecretsFileReading

    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        files: any SecretsFileReading = LocalSecretsFileReader()
    ) {
        self.environment = environment
        self.files = files
    }

    /// Resolves credentials as described on the type.
    public func resolve(_ options: PapagoCredentialOptions = PapagoCredentialOptions()) throws(CredentialError)
        -> ResolvedPapagoCredentials
    {
        var warnings: [EngineNotice] = []
        let found: FoundSecrets
        if var fromEnvironment = try secretsFromEnvironment() {
            if let explicitPath = options.secretsPath {
                warnings.append(.secretsIgnored(path: explicitPath))
            } else {
                // The service saved by `translate config` stays the one talked to, whichever
                // credentials are used; a file that cannot be read only lends nothing.
                if let path = secretsFilePath(explicit: nil), let saved = try? loadFile(path, origin: path, required: false, warnings: &warnings,
                                                       settingsOnly: true) {
                    fromEnvironment.endpoint = saved.endpoint
                    fromEnvironment.dialect = saved.dialect
                    fromEnvironment.origin = path
                }
            }
            found = fromEnvironment
        } else if let explicitPath = options.secretsPath {
            found = try loadFile(explicitPath, origin: "--secrets", required: true, warnings: &warnings)!
        } else if let path = nonEmpty("TRANSLATE_SECRETS") {
            found = try loadFile(path, origin: "TRANSLATE_SECRETS", required: true, warnings: &warnings)!
        } else if let path = defaultSecretsPath() {
            guard let fromFile = try loadFile(path, origin: "default", required: false, warnings: &warnings) else {
                throw .notFound(searched: searchedPlaces(defaultPath: path), suggestedFile: path)
            }
            found = fromFile
        } else {
            throw .notFound(searched: searchedPlaces(defaultPath: nil), suggestedFile: nil)
        }

        let endpoint: (value: String, origin: String)? =
            options.endpoint.map { ($0, "--endpoint") }
            ?? nonEmpty("PAPAGO_ENDPOINT").map { ($0, "PAPAGO_ENDPOINT") }
            ?? found.endpoint.map { ($0, found.origin) }
        if let endpoint {
            let lowered = endpoint.value.lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
                throw .invalidEndpoint(endpoint.value, origin: endpoint.origin)
            }
            if lowered.hasPrefix("http://"), !Self.isLoopback(lowered) {
                warnings.append(.plainHTTP(endpoint: endpoint.value))
            }
        }

        let dialect: PapagoDialect
        if let option = options.dialect {
            dialect = option
        } else if let name = nonEmpty("PAPAGO_DIALECT") {
            guard let parsed = PapagoDialect(rawValue: name) else {
                throw .invalidDialect(name, origin: "PAPAGO_DIALECT")
            }
            dialect = parsed
        } else if let fileDialect = found.dialect {
            dialect = fileDialect
        } else {
            dialect = endpoint.flatMap { PapagoDialect.forEndpoint($0.value) } ?? .ncp
        }

        let credentials = PapagoCredentials(
            clientID: found.clientID,
            clientSecret: found.clientSecret,
            dialect: dialect,
            endpoint: endpoint?.value,
            source: found.source
        )
        return ResolvedPapagoCredentials(credentials: credentials, warnings: warnings)
    }

    /// The secrets file a run reads: `--secrets PATH`, else `$TRANSLATE_SECRETS`, else the default.
    public func secretsFilePath(explicit: String?) -> String? {
        explicit ?? nonEmpty("TRANSLATE_SECRETS") ?? defaultSecretsPath()
    }

    /// The string `key` of the secrets file, or nil when the file, or the key, is not there.
    public func secretsFileString(_ key: String, explicitPath: String?) throws(CredentialError) -> String? {
        guard let path = secretsFilePath(explicit: explicitPath), let contents = try files.readFile(atPath: path) else { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: contents.data), let fields = object as? [String: Any] else {
            throw .invalidFile(path: path, reason: "not a json object")
        }
        guard let value = fields[key] else { return nil }
        guard let text = value as? String else { throw .invalidFile(path: path, reason: "\"\(key)\" is not a string") }
        return text.isEmpty ? nil : text
    }

    /// Where the default secrets file is: `$XDG_CONFIG_HOME/translate/secrets.json`, else under `$HOME`.
    public func defaultSecretsPath() -> String? {
        if let config = nonEmpty("XDG_CONFIG_HOME"), config.hasPrefix("/") {
            return Self.join(config, "translate/secrets.json")
        }
        if let home = nonEmpty("HOME") {
            return Self.join(home, ".config/translate/secrets.json")
        }
        return nil
    }

    private struct FoundSecrets {
        var clientID: String
        var clientSecret: String
        var endpoint: String?
        var dialect: PapagoDialect?
        var source: PapagoCredentialSource
        var origin: String
    }

    private func nonEmpty(_ name: String) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }

    private func secretsFromEnvironment() throws(CredentialError) -> FoundSecrets? {
        let id = nonEmpty("PAPAGO_CLIENT_ID")
        let secret = nonEmpty("PAPAGO_CLIENT_SECRET")
        switch (id, secret) {
        case (nil, nil): return nil
        case (nil, _): throw .incompleteEnvironment(missing: "PAPAGO_CLIENT_ID")
        case (_, nil): throw .incompleteEnvironment(missing: "PAPAGO_CLIENT_SECRET")
        case (let id?, let secret?):
            return FoundSecrets(
                clientID: id, clientSecret: secret, endpoint: nil, dialect: nil, source: .environment,
                origin: "the environment")
        }
    }

    /// The secrets file at `path`; with `settingsOnly`, its endpoint and dialect alone (the
    /// credentials come from elsewhere, and the file need not hold any).
    private func loadFile(_ path: String, origin: String, required: Bool, warnings: inout [EngineNotice],
                          settingsOnly: Bool = false) throws(CredentialError) -> FoundSecrets?
    {
        guard let contents = try files.readFile(atPath: path) else {
            if required { throw .fileNotFound(path: path, origin: origin) }
            return nil
        }
        if let permissions = contents.permissions, permissions & 0o044 != 0 {
            let mode = String(permissions & 0o777, radix: 8)
            warnings.append(.secretsReadable(path: path, mode: mode))
        }
        // The parser's own messages are not passed on: they could quote the file's contents.
        guard let object = try? JSONSerialization.jsonObject(with: contents.data), let fields = object as? [String: Any]
        else {
            throw .invalidFile(path: path, reason: "not a json object")
        }
        func string(_ keys: String...) throws(CredentialError) -> String? {
            for key in keys {
                guard let value = fields[key] else { continue }
                guard let text = value as? String else {
                    throw .invalidFile(path: path, reason: "\"\(key)\" is not a string")
                }
                if !text.isEmpty { return text }
            }
            return nil
        }
        guard let id = try string("clientId", "PapagoClientId") ?? (settingsOnly ? "" : nil) else {
            throw .invalidFile(path: path, reason: "no \"clientId\" (or \"PapagoClientId\")")
        }
        guard let secret = try string("clientSecret", "PapagoClientSecret") ?? (settingsOnly ? "" : nil) else {
            throw .invalidFile(path: path, reason: "no \"clientSecret\" (or \"PapagoClientSecret\")")
        }
        var dialect: PapagoDialect?
        if let name = try string("dialect") {
            guard let parsed = PapagoDialect(rawValue: name) else { throw .invalidDialect(name, origin: path) }
            dialect = parsed
        }
        return FoundSecrets(
            clientID: id, clientSecret: secret, endpoint: try string("endpoint"), dialect: dialect,
            source: .file(path), origin: path)
    }

    private func searchedPlaces(defaultPath: String?) -> [CredentialPlace] {
        [.environment, .namedFile, defaultPath.map(CredentialPlace.defaultFile) ?? .noHome]
    }

    private static func join(_ directory: String, _ relative: String) -> String {
        directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }

    private static func isLoopback(_ url: String) -> Bool {
        let afterScheme = url.drop(while: { $0 != "/" }).drop(while: { $0 == "/" })
        let hostAndPort = afterScheme.prefix(while: { $0 != "/" })
        return hostAndPort.hasPrefix("127.") || hostAndPort.hasPrefix("localhost") || hostAndPort.hasPrefix("[::1]")
    }
}
