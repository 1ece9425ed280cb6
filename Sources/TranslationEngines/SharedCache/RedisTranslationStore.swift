import Foundation
import Locking
import TranslateModel

/// The translation cache shared by several machines: entries in a Redis database, under the
/// same scope (engine, endpoint, options) and key (source, target, text) as the local cache.
///
/// - One key per entry, `translate:1:` followed by the six fields, each as its length in bytes,
///   a colon and itself, so that no text can be mistaken for another; the value is a small JSON
///   object (translation, detected source, pivot). Never a credential: the scope holds none.
/// - Lookups are one `MGET` and writes one `MSET` per call (in chunks of `batchSize`).
/// - Before translating, a machine claims each text it lacks (`RedisTranslationStore+Claims`),
///   so that machines meeting the same text at once send it once.
/// - Connected at first use, with short timeouts. The first failure (no server, a timeout, an
///   error reply) is reported once through `warn` and turns the shared cache off for the rest of
///   the run, which goes on with the local cache: a cache never fails a translation.
///
/// Safe to use from many threads: the one connection is used under a lock.
public final class RedisTranslationStore: TranslationStore {
    public let address: RedisAddress
    public let connectTimeout: Double
    public let commandTimeout: Double
    /// The most keys sent in one `MGET` or `MSET`.
    static let batchSize = 256
    static let keyPrefix = "translate:1:"
    /// How long a claim lasts unless released, in seconds: a machine that dies holding one
    /// delays the others by at most this much.
    public let claimLifetime: Double
    /// Who this process is in its claims: random, so that no two processes share it.
    let owner = "translate-\(getpid())-\(UUID().uuidString)"

    private let warn: @Sendable (EngineNotice) -> Void
    private let state = Locked(State())

    /// @unchecked Sendable: the connection (not thread-safe) is made, used and dropped only
    /// inside `state.withLock`; no reference to it is kept or handed out elsewhere.
    private struct State: @unchecked Sendable {
        var connection: RedisConnection?
        var off = false
        /// The server refused the claim scripts (scripting disabled): the cache goes on without them.
        var claimsOff = false
    }

    public init(address: RedisAddress, connectTimeout: Double = 0.5, commandTimeout: Double = 1,
                claimLifetime: Double = 30, warn: @escaping @Sendable (EngineNotice) -> Void) {
        self.address = address
        self.claimLifetime = claimLifetime
        self.connectTimeout = connectTimeout
        self.commandTimeout = commandTimeout
        self.warn = warn
    }

    /// False once a failure has turned the shared cache off.
    public var isOn: Bool { state.withLock { !$0.off } }

    public func lookup(_ keys: [TranslationCacheKey], in scope: TranslationCacheScope) -> [TranslationCacheKey: CachedTranslation] {
        guard !keys.isEmpty else { return [:] }
        var found: [TranslationCacheKey: CachedTranslation] = [:]
        for start in stride(from: 0, to: keys.count, by: Self.batchSize) {
            let chunk = Array(keys[start..<min(start + Self.batchSize, keys.count)])
            guard let reply = run(["MGET"] + chunk.map { Self.redisKey($0, scope) }) else { return found }
            guard case .array(let values) = reply, values.count == chunk.count else {
                turnOff(RedisError.unexpectedReply("MGET"))
                return found
            }
            for (key, value) in zip(chunk, values) {
                if case .string(let bytes) = value, let translation = Self.decode(bytes) { found[key] = translation }
            }
        }
        return found
    }

    public func store(_ entries: [(TranslationCacheKey, CachedTranslation)], in scope: TranslationCacheScope) {
        for start in stride(from: 0, to: entries.count, by: Self.batchSize) {
            var words = ["MSET"]
            for (key, value) in entries[start..<min(start + Self.batchSize, entries.count)] {
                words.append(Self.redisKey(key, scope))
                words.append(Self.encode(value))
            }
            guard let reply = run(words) else { return }
            guard case .status = reply else {
                turnOff(RedisError.unexpectedReply("MSET"))
                return
            }
        }
    }

    /// Runs one command, connecting first when needed; nil when the cache is (or just turned) off.
    /// With `forClaims`, an error reply turns off only the claims, not the cache.
    func run(_ words: [String], forClaims: Bool = false) -> RedisReply? {
        let outcome: Result<RedisReply, RedisError>? = state.withLock { state in
            if state.off || (forClaims && state.claimsOff) { return nil }
            do throws(RedisError) {
                if state.connection == nil {
                    state.connection = try RedisConnection(address, connectTimeout: connectTimeout, commandTimeout: commandTimeout)
                }
                let reply = try state.connection!.command(words)
                if case .error(let message) = reply { throw .server(message) }
                return .success(reply)
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let reply): return reply
        case .failure(.server(let message)) where forClaims: turnOffClaims(message); return nil
        case .failure(let error): turnOff(error); return nil
        case nil: return nil
        }
    }

    func turnOff(_ error: RedisError) {
        let first = state.withLock { state in
            defer { state.off = true; state.connection = nil }
            return !state.off
        }
        if first { warn(.sharedCacheOff(address: "\(address)", problem: "\(error)")) }
    }

    private func turnOffClaims(_ message: String) {
        let first = state.withLock { state in
            defer { state.claimsOff = true }
            return !state.claimsOff
        }
        if first { warn(.sharedCacheClaimsOff(address: "\(address)", message: message)) }
    }

    // MARK: Keys and values

    static func redisKey(_ key: TranslationCacheKey, _ scope: TranslationCacheScope) -> String {
        keyPrefix + fields(key, scope)
    }

    /// The six fields of an entry's key, each as its length in bytes, a colon and itself.
    static func fields(_ key: TranslationCacheKey, _ scope: TranslationCacheScope) -> String {
        [scope.engine, scope.endpoint, scope.options, key.source?.code ?? "auto", key.target.code, key.text]
            .map { "\($0.utf8.count):\($0)" }.joined()
    }

    static func encode(_ value: CachedTranslation) -> String {
        var object: [String: String] = ["text": value.text]
        if let source = value.source { object["source"] = source.code }
        if let pivot = value.pivot { object["pivot"] = pivot.code }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The entry, or nil for a value this code did not write (it is then asked for again).
    static func decode(_ bytes: [UInt8]) -> CachedTranslation? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              let text = object["text"] as? String else { return nil }
        return CachedTranslation(text: text, source: (object["source"] as? String).flatMap(Language.init(code:)),
                                 pivot: (object["pivot"] as? String).flatMap(Language.init(code:)))
    }
}
