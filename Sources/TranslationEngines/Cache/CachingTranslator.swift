import Foundation
import Locking
import TranslateModel

/// A `Translator` in front of another that asks it only for what is not known yet.
///
/// For one call:
/// - every distinct text is looked up in the store first; what is found comes back with
///   `cached` set and costs nothing;
/// - a text another call is already translating (the same label on two screenshots whose
///   requests overlap) is not sent twice: this call waits for that one's answer;
/// - the rest is claimed in the store (`TranslationStore.claim`): a text another machine is
///   translating is waited for as well, within `claimWait`;
/// - everything else goes to the inner translator in one call (which sends as few requests as it
///   can), and its translations are kept in the store, those it received before failing part
///   way too: a text already paid for is never paid for again.
///
/// Errors of the inner translator are thrown unchanged; the store never fails a call.
/// Safe to use from many threads at once.
public final class CachingTranslator: Translator, RequestCounting {
    public let inner: Translator
    public let scope: TranslationCacheScope
    public let store: TranslationStore
    private let inFlight = Locked<[TranslationCacheKey: PendingTranslation]>([:])
    private let innerCalls = RequestCounter()
    private let hits = Locked(0)
    private let awaited = Locked(0)
    private let awaitedHere = Locked(0)
    public let claimWait: ClaimWait
    private let sleeper: Sleeper

    public init(_ inner: Translator, store: TranslationStore, scope: TranslationCacheScope? = nil,
                claimWait: ClaimWait = ClaimWait(), sleeper: Sleeper = ThreadSleeper()) {
        self.inner = inner
        self.store = store
        self.claimWait = claimWait
        self.sleeper = sleeper
        self.scope = scope ?? (inner as? TranslationCacheScoping)?.cacheScope ?? TranslationCacheScope(engine: inner.engine, endpoint: "")
    }

    public var engine: String { inner.engine }
    public var sourceLanguages: Set<Language>? { inner.sourceLanguages }
    public var targetLanguages: Set<Language>? { inner.targetLanguages }

    /// Requests the inner translator sent: its own count when it keeps one (Papago), else the
    /// number of calls made to it (one Apertium process each).
    public var requestsSent: Int { (inner as? RequestCounting)?.requestsSent ?? innerCalls.value }

    /// Translations served without asking the inner translator, counted per text given.
    public var cacheHits: Int { hits.current }

    /// Texts found claimed by another process, whose translation this one waited for.
    public var textsAwaitedElsewhere: Int { awaited.current }

    /// Texts another call of this process was already translating, whose translation a call
    /// waited for.
    public var textsAwaitedHere: Int { awaitedHere.current }

    public func translate(_ texts: [String], from source: Language?, to target: Language) throws -> [TranslatedText] {
        try translations(of: texts, from: source, to: target).get()
    }

    public func translations(of texts: [String], from source: Language?, to target: Language) -> TranslationOutcome {
        let keys = texts.map { TranslationCacheKey(source: source, target: target, text: $0) }
        var distinct: [TranslationCacheKey] = []
        var seen = Set<TranslationCacheKey>()
        for key in keys where seen.insert(key).inserted { distinct.append(key) }

        var known = store.lookup(distinct, in: scope)
        var shared = Set(known.keys)
        // Claim what nobody is translating yet; wait for the rest.
        var toSend: [TranslationCacheKey] = []
        var toAwait: [(TranslationCacheKey, PendingTranslation)] = []
        var claimed: [TranslationCacheKey: PendingTranslation] = [:]
        inFlight.withLock { inFlight in
            for key in distinct where known[key] == nil {
                if let pending = inFlight[key] {
                    toAwait.append((key, pending))
                } else {
                    let pending = PendingTranslation()
                    inFlight[key] = pending
                    claimed[key] = pending
                    toSend.append(key)
                }
            }
        }

        var failure = sendUnclaimed(toSend, from: source, to: target, into: &known, fromElsewhere: &shared, settling: &claimed)
        release(claimed, with: known)

        var orphaned: [TranslationCacheKey] = []
        awaitedHere.withLock { $0 += toAwait.count }
        for (key, pending) in toAwait {
            if let translation = pending.wait() {
                known[key] = translation
                shared.insert(key)
            } else {
                orphaned.append(key)  // that call failed: ask for it ourselves
            }
        }
        if failure == nil {
            var none: [TranslationCacheKey: PendingTranslation] = [:]
            failure = sendUnclaimed(orphaned, from: source, to: target, into: &known, fromElsewhere: &shared, settling: &none)
        }

        let translations = keys.map { key -> TranslatedText? in
            guard let translation = known[key] else { return nil }
            let cached = shared.contains(key)
            if cached { hits.withLock { $0 += 1 } }
            return TranslatedText(text: translation.text, source: translation.source, pivot: translation.pivot, cached: cached)
        }
        return TranslationOutcome(translations: translations, failure: failure)
    }

    /// Sends the keys no other process is translating; waits for those another one is, and
    /// takes them over when their claims lapse or the wait is over. What another process
    /// translated is added to `known` and `fromElsewhere`. Calls of this process waiting for a
    /// text in `inFlight` get it as soon as it is settled, not after the whole wait.
    private func sendUnclaimed(_ keys: [TranslationCacheKey], from source: Language?, to target: Language,
                               into known: inout [TranslationCacheKey: CachedTranslation],
                               fromElsewhere: inout Set<TranslationCacheKey>,
                               settling inFlight: inout [TranslationCacheKey: PendingTranslation]) -> (any Error)? {
        var pending = keys
        var failure: (any Error)?
        var pause = claimWait.firstPause
        var waited = 0.0
        var counted = false
        while !pending.isEmpty {
            let claims = store.claim(pending, in: scope)
            for (key, translation) in claims.found {
                known[key] = translation
                fromElsewhere.insert(key)
            }
            if !claims.won.isEmpty {
                failure = send(claims.won, from: source, to: target, into: &known)
                store.release(claims.won, in: scope)
            }
            let settled = Set(claims.found.keys).union(claims.won)
            release(inFlight.filter { settled.contains($0.key) }, with: known)
            for key in settled { inFlight[key] = nil }
            pending = claims.heldElsewhere
            // A failed request stops the call: what is still held is left untranslated.
            guard !pending.isEmpty, failure == nil else { break }
            if !counted {
                awaited.withLock { $0 += pending.count }
                counted = true
            }
            if waited >= claimWait.longest {
                // Waited long enough for a machine that holds its claims and never answers.
                return send(pending, from: source, to: target, into: &known)
            }
            sleeper.sleep(seconds: pause)
            waited += pause
            pause = min(pause * 2, claimWait.longestPause)
        }
        return failure
    }

    /// Asks the inner translator for `keys` and keeps what it translated, in `known` and in the
    /// store, even when it failed part way; returns the failure.
    private func send(_ keys: [TranslationCacheKey], from source: Language?, to target: Language,
                      into known: inout [TranslationCacheKey: CachedTranslation]) -> (any Error)? {
        guard !keys.isEmpty else { return nil }
        innerCalls.increment()
        let outcome = inner.translations(of: keys.map(\.text), from: source, to: target)
        guard outcome.translations.count == keys.count else {
            return CachingTranslatorError.wrongCount(expected: keys.count, got: outcome.translations.count)
        }
        var entries: [(TranslationCacheKey, CachedTranslation)] = []
        for (key, translation) in zip(keys, outcome.translations) {
            guard let translation else { continue }
            let value = CachedTranslation(text: translation.text, source: translation.source, pivot: translation.pivot)
            known[key] = value
            entries.append((key, value))
        }
        if !entries.isEmpty { store.store(entries, in: scope) }
        return outcome.failure
    }

    /// Hands the results (nil for those that failed) to whoever waits, and forgets the claims.
    private func release(_ claimed: [TranslationCacheKey: PendingTranslation], with results: [TranslationCacheKey: CachedTranslation]) {
        guard !claimed.isEmpty else { return }
        inFlight.withLock { inFlight in
            for key in claimed.keys { inFlight[key] = nil }
        }
        for (key, pending) in claimed { pending.finish(results[key]) }
    }
}

/// The inner translator broke its contract of one translation per text.
public enum CachingTranslatorError: Error, Equatable, Sendable, CustomStringConvertible {
    case wrongCount(expected: Int, got: Int)

    public var description: String {
        switch self {
        case .wrongCount(let expected, let got): "the engine returned \(got) translations for \(expected) texts"
        }
    }
}

/// A translation one call is fetching and others wait for.
private final class PendingTranslation: Sendable {
    private let result = Locked<(done: Bool, value: CachedTranslation?)>((false, nil))
    private let finished = DispatchSemaphore(value: 0)
    private let waiters = Locked(0)

    /// Blocks until the owner finishes; nil when its request failed.
    func wait() -> CachedTranslation? {
        let done: Bool = result.withLock { state in
            if !state.done { waiters.withLock { $0 += 1 } }
            return state.done
        }
        if !done { finished.wait() }
        return result.withLock { $0.value }
    }

    func finish(_ value: CachedTranslation?) {
        let waiting: Int = result.withLock { state in
            state.done = true
            state.value = value
            return waiters.current
        }
        for _ in 0..<waiting { finished.signal() }
    }
}

extension CachingTranslatorError: ReportableError {
    public var code: String { "engine_error" }
}
