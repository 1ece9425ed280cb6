import Foundation

/// Claims in Redis: before a machine translates a text it lacks, it sets the text's claim key
/// (`translate:claim:1:` and the entry's six fields) to its own name, if nobody holds it, for
/// `claimLifetime`. The machine that set it translates; the others wait for the entry.
///
/// Both steps run as small Lua scripts, so that looking for the entry and taking the claim are
/// one step on the server (no machine can store the entry in between) and one round trip:
/// - claim: per text, the stored entry if there is one; else the claim, if it is free or
///   already ours; else word that another machine holds it.
/// - release: per text, delete the claim if it is still ours (it may have lapsed and passed to
///   another machine, whose claim stays).
extension RedisTranslationStore {
    static let claimPrefix = "translate:claim:1:"

    static func claimKey(_ key: TranslationCacheKey, _ scope: TranslationCacheScope) -> String {
        claimPrefix + fields(key, scope)
    }

    /// KEYS: entry and claim key of each text in turn; ARGV: owner, lifetime in milliseconds.
    /// Answers per text: the entry (a string), 1 (claimed by the caller) or 0 (held by another).
    static let claimScript = """
        local answers = {}
        for i = 1, #KEYS, 2 do
          local entry = redis.call('GET', KEYS[i])
          if entry then
            answers[#answers + 1] = entry
          elseif redis.call('SET', KEYS[i + 1], ARGV[1], 'NX', 'PX', ARGV[2])
              or redis.call('GET', KEYS[i + 1]) == ARGV[1] then
            answers[#answers + 1] = 1
          else
            answers[#answers + 1] = 0
          end
        end
        return answers
        """

    /// KEYS: claim keys; ARGV: owner.
    static let releaseScript = """
        for i = 1, #KEYS do
          if redis.call('GET', KEYS[i]) == ARGV[1] then redis.call('DEL', KEYS[i]) end
        end
        return 0
        """

    /// Claims `keys` for this process; with the cache or its claims off, every key is the caller's.
    public func claim(_ keys: [TranslationCacheKey], in scope: TranslationCacheScope) -> TranslationClaims {
        var claims = TranslationClaims()
        let lifetime = String(max(1, Int((claimLifetime * 1000).rounded())))
        for start in stride(from: 0, to: keys.count, by: Self.batchSize) {
            let chunk = Array(keys[start..<min(start + Self.batchSize, keys.count)])
            var words = ["EVAL", Self.claimScript, String(chunk.count * 2)]
            for key in chunk {
                words.append(Self.redisKey(key, scope))
                words.append(Self.claimKey(key, scope))
            }
            words += [owner, lifetime]
            guard let reply = run(words, forClaims: true) else {
                claims.won += keys[start...]
                return claims
            }
            guard case .array(let answers) = reply, answers.count == chunk.count else {
                turnOff(RedisError.unexpectedReply("EVAL"))
                claims.won += keys[start...]
                return claims
            }
            for (key, answer) in zip(chunk, answers) {
                switch answer {
                case .string(let bytes):
                    // An entry this code did not write is translated again, as a lookup would.
                    if let translation = Self.decode(bytes) { claims.found[key] = translation } else { claims.won.append(key) }
                case .integer(0): claims.heldElsewhere.append(key)
                default: claims.won.append(key)
                }
            }
        }
        return claims
    }

    public func release(_ keys: [TranslationCacheKey], in scope: TranslationCacheScope) {
        for start in stride(from: 0, to: keys.count, by: Self.batchSize) {
            let chunk = keys[start..<min(start + Self.batchSize, keys.count)]
            let words = ["EVAL", Self.releaseScript, String(chunk.count)] + chunk.map { Self.claimKey($0, scope) } + [owner]
            guard run(words, forClaims: true) != nil else { return }
        }
    }
}
