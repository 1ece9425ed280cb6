/// What the translation engines' parts tell the person running them, once, without failing:
/// a cache given up or replaced, credentials found with a risk. Said in English by
/// `description`; the command line says each in the language of its messages from its own key.
public enum EngineNotice: Hashable, Sendable, CustomStringConvertible {
    /// The translation cache file was damaged, moved aside to `movedTo` (or removed, when it
    /// could not be moved), and a new one started.
    case cacheReplaced(path: String, reason: String, movedTo: String?)
    /// The cache was busy; this run's new translations were not all saved.
    case cacheNotSaved(problem: String, path: String)
    /// The cache is off for the rest of the run (`path` when the problem does not name it).
    case cacheOff(problem: String, path: String?)
    /// The shared cache server is off for the rest of the run; the local cache goes on.
    case sharedCacheOff(address: String, problem: String)
    /// The shared cache server refused the claim script: two machines may translate one line.
    case sharedCacheClaimsOff(address: String, message: String)
    /// `--secrets PATH` was given, but the environment's credentials come first.
    case secretsIgnored(path: String)
    /// The Papago endpoint is plain HTTP off this machine.
    case plainHTTP(endpoint: String)
    /// The secrets file can be read by other users.
    case secretsReadable(path: String, mode: String)

    public var description: String {
        switch self {
        case .cacheReplaced(let path, let reason, let aside?):
            "the translation cache \(path) was damaged (\(reason)); moved it to \(aside) and started a new one"
        case .cacheReplaced(let path, let reason, nil):
            "the translation cache \(path) was damaged (\(reason)); removed it and started a new one"
        case .cacheNotSaved(let problem, let path):
            "\(problem) at \(path); some translations were not saved"
        case .cacheOff(let problem, let path?):
            "\(problem) (\(path)); going on without the cache"
        case .cacheOff(let problem, nil):
            "\(problem); going on without the cache"
        case .sharedCacheOff(let address, let problem):
            "shared translation cache \(address): \(problem); going on with the local cache"
        case .sharedCacheClaimsOff(let address, let message):
            "shared translation cache \(address): the server refused to run the claim script (\(message)); machines may translate the same line at the same time"
        case .secretsIgnored(let path):
            "--secrets \(path) is not used: PAPAGO_CLIENT_ID and PAPAGO_CLIENT_SECRET are set and take precedence"
        case .plainHTTP(let endpoint):
            "the papago endpoint \(endpoint) is plain http: the client secret travels unencrypted"
        case .secretsReadable(let path, let mode):
            "secrets file \(path) is readable by other users (mode \(mode)); run: chmod 600 \(path)"
        }
    }
}
