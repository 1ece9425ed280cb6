/// Where the shared cache's password comes from, first found wins:
/// 1. the URL given to `--cache-url` (`redis://:PASSWORD@host`), which anyone on the machine
///    can read in the process list while the run lasts;
/// 2. `REDIS_PASSWORD` in the environment;
/// 3. `redisPassword` in the secrets file (the one Papago's credentials come from).
public struct SharedCachePassword: Sendable {
    private let environment: [String: String]
    private let secrets: PapagoCredentialResolver
    private let secretsPath: String?

    public init(environment: [String: String], secretsPath: String?, files: any SecretsFileReading = LocalSecretsFileReader()) {
        self.environment = environment
        self.secrets = PapagoCredentialResolver(environment: environment, files: files)
        self.secretsPath = secretsPath
    }

    /// `address` with its password, when one is found; a secrets file that cannot be read is
    /// an error, as it is for Papago's credentials.
    public func filling(_ address: RedisAddress) throws(CredentialError) -> RedisAddress {
        guard address.password == nil else { return address }
        var filled = address
        if let password = environment["REDIS_PASSWORD"], !password.isEmpty {
            filled.password = password
        } else {
            filled.password = try secrets.secretsFileString("redisPassword", explicitPath: secretsPath)
        }
        return filled
    }
}
