import Foundation
import Testing
@testable import TranslationEngines
import TestSupport

/// An in-memory file system for credential tests.
struct MemoryFiles: SecretsFileReading {
    var files: [String: SecretsFileContents] = [:]

    init(_ files: [String: (json: String, mode: Int)] = [:]) {
        for (path, file) in files {
            self.files[path] = SecretsFileContents(data: Data(file.json.utf8), permissions: file.mode)
        }
    }

    func readFile(atPath path: String) throws(CredentialError) -> SecretsFileContents? {
        files[path]
    }
}

@Suite("Papago credentials")
struct PapagoCredentialsTests {
    static let secret = "TOP-secret-value-42"
    let home = "/home/ada"
    var defaultPath: String { "/home/ada/.config/translate/secrets.json" }

    private func file(id: String = "file-id", extra: String = "") -> String {
        #"{"clientId":"\#(id)","clientSecret":"\#(Self.secret)"\#(extra)}"#
    }

    private func resolve(
        _ environment: [String: String], _ files: [String: (json: String, mode: Int)] = [:],
        _ options: PapagoCredentialOptions = PapagoCredentialOptions()
    ) throws(CredentialError) -> ResolvedPapagoCredentials {
        try PapagoCredentialResolver(environment: environment, files: MemoryFiles(files)).resolve(options)
    }

    @Test("the environment is used when set")
    func environment() throws {
        let resolved = try resolve(
            ["HOME": home, "PAPAGO_CLIENT_ID": "env-id", "PAPAGO_CLIENT_SECRET": Self.secret],
            [defaultPath: (file(), 0o600)])
        #expect(resolved.credentials.clientID == "env-id")
        #expect(resolved.credentials.clientSecret == RedactedSecret(Self.secret))
        #expect(resolved.credentials.source == .environment)
        #expect(resolved.credentials.dialect == .ncp)
        #expect(resolved.credentials.endpoint == "https://papago.apigw.ntruss.com")
        #expect(resolved.warnings.isEmpty)
    }

    @Test("the endpoint and dialect saved in the file count with credentials from the environment too")
    func savedEndpointWithEnvironmentCredentials() throws {
        let environment = ["HOME": home, "PAPAGO_CLIENT_ID": "env-id", "PAPAGO_CLIENT_SECRET": Self.secret]
        let saved = [defaultPath: (file(extra: #","endpoint":"https://papago.example.org/","dialect":"naver-developers""#), 0o600)]
        let resolved = try resolve(environment, saved)
        #expect(resolved.credentials.clientID == "env-id")
        #expect(resolved.credentials.endpoint == "https://papago.example.org")
        #expect(resolved.credentials.dialect == .naverDevelopers)
        // PAPAGO_ENDPOINT still overrides the saved one.
        let overridden = try resolve(environment.merging(["PAPAGO_ENDPOINT": "https://other.example.org"]) { $1 }, saved)
        #expect(overridden.credentials.endpoint == "https://other.example.org")
        // A file with the endpoint alone, or one that cannot be read, lends what it has.
        let endpointOnly = try resolve(environment, [defaultPath: (#"{"endpoint":"https://papago.example.org"}"#, 0o600)])
        #expect(endpointOnly.credentials.endpoint == "https://papago.example.org")
        let broken = try resolve(environment, [defaultPath: ("not json", 0o600)])
        #expect(broken.credentials.endpoint == "https://papago.apigw.ntruss.com")
    }

    @Test("the environment beats an explicit --secrets file, with a warning naming it")
    func environmentBeforeExplicitFile() throws {
        let files = ["/tmp/s.json": (file(id: "explicit"), 0o600)]
        let resolved = try resolve(
            ["HOME": home, "PAPAGO_CLIENT_ID": "env-id", "PAPAGO_CLIENT_SECRET": "env-secret"], files,
            PapagoCredentialOptions(secretsPath: "/tmp/s.json"))
        #expect(resolved.credentials.clientID == "env-id")
        #expect(resolved.credentials.source == .environment)
        #expect(resolved.warnings == [.secretsIgnored(path: "/tmp/s.json")])
        // Without the variables, the explicit file beats $TRANSLATE_SECRETS and the default file.
        let fromFile = try resolve(["HOME": home, "TRANSLATE_SECRETS": "/nope.json"], files, PapagoCredentialOptions(secretsPath: "/tmp/s.json"))
        #expect(fromFile.credentials.clientID == "explicit")
        #expect(fromFile.credentials.source == .file("/tmp/s.json"))
    }

    @Test("$TRANSLATE_SECRETS beats the default file; the environment beats both")
    func fileOrder() throws {
        let files = [defaultPath: (file(id: "default"), 0o600), "/etc/t.json": (file(id: "named"), 0o600)]
        #expect(try resolve(["HOME": home, "TRANSLATE_SECRETS": "/etc/t.json"], files).credentials.clientID == "named")
        #expect(try resolve(["HOME": home], files).credentials.clientID == "default")
        #expect(try resolve(["HOME": home], files).credentials.source == .file(defaultPath))
    }

    @Test("$XDG_CONFIG_HOME moves the default file")
    func xdg() throws {
        let resolved = try resolve(
            ["HOME": home, "XDG_CONFIG_HOME": "/cfg"], ["/cfg/translate/secrets.json": (file(id: "xdg"), 0o600)])
        #expect(resolved.credentials.clientID == "xdg")
    }

    @Test("the endpoint: option, then PAPAGO_ENDPOINT, then the file, then the dialect's host")
    func endpointPrecedence() throws {
        let files = [defaultPath: (file(extra: #","endpoint":"https://file.example/""#), 0o600)]
        var environment = ["HOME": home, "PAPAGO_ENDPOINT": "https://env.example"]
        #expect(
            try resolve(environment, files, PapagoCredentialOptions(endpoint: "http://127.0.0.1:9/")).credentials.endpoint
                == "http://127.0.0.1:9")
        #expect(try resolve(environment, files).credentials.endpoint == "https://env.example")
        environment["PAPAGO_ENDPOINT"] = nil
        #expect(try resolve(environment, files).credentials.endpoint == "https://file.example")
        #expect(try resolve(environment, [defaultPath: (file(), 0o600)]).credentials.endpoint == "https://papago.apigw.ntruss.com")
    }

    @Test("the dialect: from the file, from the endpoint's host, or NCP")
    func dialect() throws {
        let older = try resolve(["HOME": home], [defaultPath: (file(extra: #","dialect":"naver-developers""#), 0o600)])
        #expect(older.credentials.dialect == .naverDevelopers)
        #expect(older.credentials.endpoint == "https://openapi.naver.com")

        let byHost = try resolve(
            ["HOME": home, "PAPAGO_ENDPOINT": "https://openapi.naver.com"], [defaultPath: (file(), 0o600)])
        #expect(byHost.credentials.dialect == .naverDevelopers)

        let overridden = try resolve(
            ["HOME": home, "PAPAGO_DIALECT": "ncp"], [defaultPath: (file(extra: #","dialect":"naver-developers""#), 0o600)])
        #expect(overridden.credentials.dialect == .ncp)

        #expect(throws: CredentialError.invalidDialect("v3", origin: defaultPath)) {
            try resolve(["HOME": home], [defaultPath: (file(extra: #","dialect":"v3""#), 0o600)])
        }
    }

    @Test("the mobile app's key names are accepted")
    func mobileKeys() throws {
        let json = #"{"PapagoClientId":"app-id","PapagoClientSecret":"\#(Self.secret)"}"#
        let resolved = try resolve(["HOME": home], [defaultPath: (json, 0o600)])
        #expect(resolved.credentials.clientID == "app-id")
        #expect(resolved.credentials.clientSecret.revealed == Self.secret)
    }

    @Test("a file readable by group or others gives a warning, not an error", arguments: [0o644, 0o640, 0o604])
    func permissionWarning(mode: Int) throws {
        let resolved = try resolve(["HOME": home], [defaultPath: (file(), mode)])
        #expect(resolved.warnings == [.secretsReadable(path: defaultPath, mode: String(mode, radix: 8))])
    }

    @Test("an owner-only file gives no warning")
    func noPermissionWarning() throws {
        #expect(try resolve(["HOME": home], [defaultPath: (file(), 0o600)]).warnings.isEmpty)
        #expect(try resolve(["HOME": home], [defaultPath: (file(), 0o400)]).warnings.isEmpty)
    }

    @Test("a plain-http endpoint off this machine gives a warning")
    func plainHTTPWarning() throws {
        let remote = try resolve(["HOME": home, "PAPAGO_ENDPOINT": "http://proxy.example"], [defaultPath: (file(), 0o600)])
        #expect(remote.warnings == [.plainHTTP(endpoint: "http://proxy.example")])
        let local = try resolve(["HOME": home, "PAPAGO_ENDPOINT": "http://127.0.0.1:8080"], [defaultPath: (file(), 0o600)])
        #expect(local.warnings.isEmpty)
    }

    @Test("nothing found: the error lists where it looked and how to fix it")
    func notFound() {
        let error = #expect(throws: CredentialError.self) { try resolve(["HOME": home]) }
        #expect(error == .notFound(
            searched: [.environment, .namedFile, .defaultFile(defaultPath)],
            suggestedFile: defaultPath))
        #expect(error?.description == """
            no papago credentials found; looked in: PAPAGO_CLIENT_ID/PAPAGO_CLIENT_SECRET environment (not set), \
            $TRANSLATE_SECRETS (not set), \(defaultPath) (not found). to fix: run 'translate config', or export PAPAGO_CLIENT_ID and \
            PAPAGO_CLIENT_SECRET, or write {"clientId": "…", "clientSecret": "…"} to \(defaultPath) (chmod 600), \
            or pass --secrets PATH
            """)
    }

    @Test("files named explicitly must exist")
    func namedFileMissing() {
        #expect(throws: CredentialError.fileNotFound(path: "/nope.json", origin: "--secrets")) {
            try resolve(["HOME": home], [:], PapagoCredentialOptions(secretsPath: "/nope.json"))
        }
        #expect(throws: CredentialError.fileNotFound(path: "/nope.json", origin: "TRANSLATE_SECRETS")) {
            try resolve(["HOME": home, "TRANSLATE_SECRETS": "/nope.json"])
        }
    }

    @Test("half the environment is an error")
    func incompleteEnvironment() {
        #expect(throws: CredentialError.incompleteEnvironment(missing: "PAPAGO_CLIENT_SECRET")) {
            try resolve(["PAPAGO_CLIENT_ID": "id"])
        }
        #expect(throws: CredentialError.incompleteEnvironment(missing: "PAPAGO_CLIENT_ID")) {
            try resolve(["PAPAGO_CLIENT_SECRET": Self.secret])
        }
    }

    @Test("bad files and endpoints are errors that do not quote the secret", arguments: [
        ("{\"clientSecret\":\"\(PapagoCredentialsTests.secret)\"", CredentialError.invalidFile(path: "/s.json", reason: "not a json object")),
        ("{\"clientId\":\"x\",\"clientSecret\":\"\(PapagoCredentialsTests.secret)\",\"endpoint\":\"ftp://x\"}", .invalidEndpoint("ftp://x", origin: "/s.json")),
        ("{\"clientSecret\":\"\(PapagoCredentialsTests.secret)\"}", .invalidFile(path: "/s.json", reason: "no \"clientId\" (or \"PapagoClientId\")")),
        ("{\"clientId\":\"x\"}", .invalidFile(path: "/s.json", reason: "no \"clientSecret\" (or \"PapagoClientSecret\")")),
        ("{\"clientId\":5,\"clientSecret\":\"\(PapagoCredentialsTests.secret)\"}", .invalidFile(path: "/s.json", reason: "\"clientId\" is not a string")),
    ])
    func invalidFiles(json: String, expected: CredentialError) {
        let error = #expect(throws: CredentialError.self) {
            try resolve([:], ["/s.json": (json, 0o600)], PapagoCredentialOptions(secretsPath: "/s.json"))
        }
        #expect(error == expected)
        #expect(error.map { !$0.description.contains(Self.secret) } == true)
    }

    @Test("the secret never shows in descriptions, debug output, dumps or mirrors")
    func redaction() {
        let credentials = PapagoCredentials(
            clientID: "my-id", clientSecret: Self.secret, dialect: .naverDevelopers, source: .file("/s.json"))
        var dumped = ""
        dump(credentials, to: &dumped)
        var dumpedSecret = ""
        dump(credentials.clientSecret, to: &dumpedSecret)
        let renderings = [
            credentials.description, credentials.debugDescription, String(describing: credentials),
            String(reflecting: credentials), "\(credentials)", dumped, dumpedSecret,
            "\(credentials.clientSecret)", String(reflecting: credentials.clientSecret),
            Mirror(reflecting: credentials).children.map { "\($0.value)" }.joined(),
            String(describing: ResolvedPapagoCredentials(credentials: credentials, warnings: [])),
            String(describing: [credentials]),
        ]
        for rendering in renderings {
            #expect(!rendering.contains(Self.secret), "leaked in: \(rendering)")
        }
        #expect(credentials.description
            == "papago naver-developers at https://openapi.naver.com, client id my-id, secret <redacted>, credentials from /s.json")
    }

    @Test("the local file reader reports permissions and absence")
    func localReader() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papago-cred-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("secrets.json").path
        try Data(file().utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)

        let reader = LocalSecretsFileReader()
        #expect(try reader.readFile(atPath: path)?.permissions == 0o644)
        #expect(try reader.readFile(atPath: directory.appendingPathComponent("missing.json").path) == nil)
        #expect(throws: CredentialError.unreadableFile(path: directory.path, reason: "it is a directory")) {
            try reader.readFile(atPath: directory.path)
        }

        let resolved = try PapagoCredentialResolver(environment: ["TRANSLATE_SECRETS": path]).resolve()
        #expect(resolved.credentials.clientID == "file-id")
        #expect(resolved.warnings.count == 1)
    }

    @Test("a secrets file is read up to 64 KiB: a device or a huge file is refused at once, with that reason")
    func boundedRead() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tooLarge = "it is larger than 64 KiB, which no secrets file is"
        let reader = LocalSecretsFileReader()
        #expect(throws: CredentialError.unreadableFile(path: "/dev/zero", reason: tooLarge)) { try reader.readFile(atPath: "/dev/zero") }
        let huge = directory.appendingPathComponent("huge.json").path
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, 2 << 30) == 0)  // 2 GB, sparse
        #expect(throws: CredentialError.unreadableFile(path: huge, reason: tooLarge)) { try reader.readFile(atPath: huge) }
        let padded = directory.appendingPathComponent("padded.json").path
        try Data((file() + String(repeating: " ", count: (64 << 10) - file().utf8.count)).utf8).write(to: URL(fileURLWithPath: padded))
        #expect(try reader.readFile(atPath: padded)?.data.count == 64 << 10)
    }
}
