import Foundation

/// The secrets file as `translate config` edits it: the client id, the secret and the
/// endpoint change, every other field the file holds (a `dialect`, say) stays as it was.
struct SecretsDocument {
    private(set) var fields: [String: Any] = [:]
    /// Whether an answer changed anything.
    private(set) var changed = false

    /// The file's fields; none when it does not exist or holds no JSON object (it is then
    /// written anew).
    static func read(_ path: String) throws(PrivateFileError) -> SecretsDocument {
        guard FileManager.default.fileExists(atPath: path) else { return SecretsDocument() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .cannotWrite(path: path, reason: "it exists but cannot be read")
        }
        let object = try? JSONSerialization.jsonObject(with: data)
        return SecretsDocument(fields: object as? [String: Any] ?? [:])
    }

    var clientID: String? { text("clientId") ?? text("PapagoClientId") }
    var hasSecret: Bool { text("clientSecret") ?? text("PapagoClientSecret") != nil }
    var endpoint: String? { text("endpoint") }
    var hasCredentials: Bool { clientID != nil && hasSecret }

    mutating func setClientID(_ id: String) {
        // One spelling only: the mobile app's keys would otherwise shadow nothing and confuse.
        fields["PapagoClientId"] = nil
        fields["clientId"] = id
        changed = true
    }

    mutating func setSecret(_ secret: String) {
        fields["PapagoClientSecret"] = nil
        fields["clientSecret"] = secret
        changed = true
    }

    mutating func setEndpoint(_ endpoint: String) {
        fields["endpoint"] = endpoint
        changed = true
    }

    var json: Data {
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return data + Data("\n".utf8)
    }

    private func text(_ key: String) -> String? {
        guard let value = fields[key] as? String, !value.isEmpty else { return nil }
        return value
    }
}
