import Foundation

/// Where the shared translation cache lives: `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]`.
///
/// A password in the URL is sent to the server (`AUTH`) and nowhere else: `description` and
/// every message name the server without it.
public struct RedisAddress: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int
    /// The logical database (`SELECT`), 0 by default.
    public var database: Int
    public var user: String?
    public var password: String?

    public static let defaultPort = 6379

    public init(host: String, port: Int = RedisAddress.defaultPort, database: Int = 0, user: String? = nil, password: String? = nil) {
        self.host = host
        self.port = port
        self.database = database
        self.user = user
        self.password = password
    }

    /// Why a `--cache-url` is not one.
    public enum ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        case notRedis
        case noHost
        case badPort
        case badDatabase

        public var description: String {
            switch self {
            case .notRedis: "a URL like redis://host:port/db"
            case .noHost: "a host name in redis://host:port/db"
            case .badPort: "a port from 1 to 65535 in redis://host:port/db"
            case .badDatabase: "a database number from 0 to 65535 in redis://host:port/db"
            }
        }
    }

    /// Parses the URL; percent-escapes in the user and password are decoded.
    public init(parsing text: String) throws(ParseError) {
        let scheme = "redis://"
        guard text.lowercased().hasPrefix(scheme) else { throw .notRedis }
        var rest = Substring(text.dropFirst(scheme.count))
        var path = ""
        if let slash = rest.firstIndex(of: "/") {
            path = String(rest[rest.index(after: slash)...])
            rest = rest[..<slash]
        }
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                let user = Self.decoded(credentials[..<colon])
                self.user = user.isEmpty ? nil : user
                self.password = Self.decoded(credentials[credentials.index(after: colon)...])
            } else {
                // redis://secret@host: a lone name is the password, as redis-cli reads it.
                self.password = Self.decoded(credentials)
            }
        }
        var portText: Substring?
        if rest.hasPrefix("[") {
            // An IPv6 address: [::1]:6379.
            guard let close = rest.firstIndex(of: "]") else { throw .noHost }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .badPort }
                portText = after.dropFirst()
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = String(rest[..<colon])
            portText = rest[rest.index(after: colon)...]
        } else {
            host = String(rest)
        }
        guard !host.isEmpty else { throw .noHost }
        port = Self.defaultPort
        if let portText {
            guard let number = Self.number(portText), (1...65535).contains(number) else { throw .badPort }
            port = number
        }
        database = 0
        if !path.isEmpty {
            guard let number = Self.number(Substring(path)), (0...65535).contains(number) else { throw .badDatabase }
            database = number
        }
    }

    /// The URL without user or password.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "redis://\(shownHost):\(port)/\(database)"
    }

    /// `text` with any user and password taken out, for a message about a URL that did not parse.
    public static func redacted(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@"), let scheme = text.range(of: "://"), scheme.upperBound <= at else { return text }
        return String(text[..<scheme.upperBound]) + "…@" + String(text[text.index(after: at)...])
    }

    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    private static func decoded(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }
}
