import Foundation
import Locking
import Testing
@testable import TranslationEngines
import TranslateModel
import TestSupport

/// Claims in the shared cache: machines that meet a text at the same moment send it once, and
/// a machine that holds a claim and never answers delays the others, never stops them.
@Suite(.enabled(if: RedisTestServer.isInstalled, "redis-server is not installed (apt-get install redis-server); shared cache tests skipped"))
struct SharedCacheClaimTests {
    let scope = CacheKeySeparation.scope

    private func shared(_ server: RedisTestServer, claimLifetime: Double = 30, warnings: WarningLog = WarningLog()) -> RedisTranslationStore {
        RedisTranslationStore(address: RedisAddress(host: "127.0.0.1", port: server.port), claimLifetime: claimLifetime, warn: warnings.sink)
    }

    /// One machine: its own local cache in memory in front of the shared one.
    private func machine(_ engine: FakeTranslator, _ server: RedisTestServer, warnings: WarningLog = WarningLog(),
                         claimWait: ClaimWait = ClaimWait(), sleeper: Sleeper = ThreadSleeper()) -> CachingTranslator {
        CachingTranslator(engine, store: TieredTranslationStore(local: MemoryTranslationStore(), shared: shared(server, warnings: warnings)),
                          scope: scope, claimWait: claimWait, sleeper: sleeper)
    }

    /// The claim keys left in the server.
    private func claimKeys(_ server: RedisTestServer) throws -> [RedisReply] {
        let connection = try RedisConnection(RedisAddress(host: "127.0.0.1", port: server.port), connectTimeout: 5, commandTimeout: 5)
        guard case .array(let keys) = try connection.command(["KEYS", RedisTranslationStore.claimPrefix + "*"]) else { return [.null] }
        return keys
    }

    private func key(_ text: String) -> TranslationCacheKey {
        TranslationCacheKey(source: .korean, target: .english, text: text)
    }

    /// True once `condition` holds; false if it still does not after 30 seconds.
    private func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<3000 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    @Test func twoMachinesMeetingOneTextAtOnceSendItOnce() throws {
        let server = try RedisTestServer()
        let hold = DispatchSemaphore(value: 0)
        let firstEngine = FakeTranslator(holdFirstCall: hold), secondEngine = FakeTranslator()
        let first = machine(firstEngine, server), second = machine(secondEngine, server)
        let results = Locked<[Int: [TranslatedText]]>([:])
        let done = DispatchGroup()
        func start(_ index: Int, _ translator: CachingTranslator, _ texts: [String]) {
            done.enter()
            Thread.detachNewThread {
                let translated = try? translator.translate(texts, from: .korean, to: .english)
                results.withLock { $0[index] = translated }
                done.leave()
            }
        }
        // The first machine claims both texts and its request is under way when the second
        // meets one of them, with a text of its own.
        start(0, first, ["설정", "취소"])
        #expect(firstEngine.waitForCalls(1))
        start(1, second, ["취소", "확인"])
        #expect(eventually { second.textsAwaitedElsewhere == 1 && secondEngine.calls.count == 1 })
        hold.signal()
        #expect(done.wait(timeout: .now() + 60) == .success)

        #expect(firstEngine.calls == [["설정", "취소"]])
        #expect(secondEngine.calls == [["확인"]])
        let translated = results.withLock { $0 }
        #expect(translated[0]?.map(\.text) == ["[ko→en] 설정", "[ko→en] 취소"])
        #expect(translated[1]?.map(\.text) == ["[ko→en] 취소", "[ko→en] 확인"])
        // The awaited translation came from elsewhere: the summary counts it as a cache hit.
        #expect(translated[1]?.map(\.cached) == [true, false])
        #expect(try claimKeys(server).isEmpty)
    }

    @Test func aCallWaitingInThisProcessIsNotHeldUpByAnotherMachine() throws {
        let server = try RedisTestServer()
        // Another machine holds "취소" and does not answer.
        #expect(shared(server, claimLifetime: 3600).claim([key("취소")], in: scope).won == [key("취소")])
        let holdRequest = DispatchSemaphore(value: 0)
        let waiting = DispatchGroup()
        waiting.enter()
        let engine = FakeTranslator(holdFirstCall: holdRequest)
        let translator = machine(engine, server, claimWait: ClaimWait(firstPause: 0.01, longestPause: 0.01, longest: 0.05),
                                 sleeper: RecordingSleeper { waiting.wait() })
        let firstDone = DispatchSemaphore(value: 0), secondDone = DispatchSemaphore(value: 0)
        let second = Locked<[TranslatedText]?>(nil)
        // The first call sends "설정"; while its request is under way a second call of the same
        // process waits for "설정" in memory.
        Thread.detachNewThread {
            _ = try? translator.translate(["설정", "취소"], from: .korean, to: .english)
            firstDone.signal()
        }
        #expect(engine.waitForCalls(1))
        Thread.detachNewThread {
            let translated = try? translator.translate(["설정"], from: .korean, to: .english)
            second.withLock { $0 = translated }
            secondDone.signal()
        }
        // The second call reaches its wait for "설정" while the request is still held.
        #expect(eventually { translator.textsAwaitedHere == 1 })
        holdRequest.signal()
        // The first call now waits for the other machine's "취소"; the second has its text.
        #expect(eventually { translator.textsAwaitedElsewhere == 1 })
        #expect(secondDone.wait(timeout: .now() + 30) == .success)
        #expect(firstDone.wait(timeout: .now()) == .timedOut)
        #expect(second.withLock { $0 }?.map(\.text) == ["[ko→en] 설정"])
        waiting.leave()
        #expect(firstDone.wait(timeout: .now() + 30) == .success)
        #expect(engine.calls == [["설정"], ["취소"]])
    }

    @Test func aClaimWhoseHolderDiedLapsesAndPassesOn() throws {
        let server = try RedisTestServer()
        // A machine claims a text and dies before translating it: nothing releases the claim.
        let dead = shared(server, claimLifetime: 0.3)
        #expect(dead.claim([key("설정")], in: scope) == TranslationClaims(won: [key("설정")]))

        let warnings = WarningLog()
        let engine = FakeTranslator()
        let survivor = machine(engine, server, warnings: warnings)
        let translated = try survivor.translate(["설정"], from: .korean, to: .english)
        #expect(translated.map(\.text) == ["[ko→en] 설정"])
        #expect(translated.map(\.cached) == [false])
        #expect(engine.calls == [["설정"]])
        #expect(survivor.textsAwaitedElsewhere == 1)
        #expect(warnings.all.isEmpty)
        #expect(try claimKeys(server).isEmpty)
        // The dead machine's store sees the entry the survivor stored.
        #expect(dead.claim([key("설정")], in: scope).found[key("설정")]?.text == "[ko→en] 설정")
    }

    @Test func aClaimThatNeverLapsesIsWaitedForOnlySoLong() throws {
        let server = try RedisTestServer()
        let stuck = shared(server, claimLifetime: 3600)
        #expect(stuck.claim([key("설정")], in: scope).won == [key("설정")])

        let sleeper = RecordingSleeper()
        let engine = FakeTranslator()
        let waitLimit = ClaimWait(firstPause: 0.01, longestPause: 0.04, longest: 0.2)
        let waiter = machine(engine, server, claimWait: waitLimit, sleeper: sleeper)
        #expect(try waiter.translate(["설정", "확인"], from: .korean, to: .english).map(\.text) == ["[ko→en] 설정", "[ko→en] 확인"])
        // What nobody held went out at once; the held text after the longest wait, in a request of its own.
        #expect(engine.calls == [["확인"], ["설정"]])
        #expect(sleeper.delays.first == 0.01)
        #expect(sleeper.delays.reduce(0, +) >= waitLimit.longest)
        #expect(sleeper.delays.reduce(0, +) < waitLimit.longest + waitLimit.longestPause)
        // The stuck machine's claim is its own: the waiter does not release it.
        #expect(try claimKeys(server).count == 1)
    }

    @Test func redisGoneWhileWaitingIsOneWarningAndTheWaiterTranslates() throws {
        let server = try RedisTestServer()
        #expect(shared(server).claim([key("설정")], in: scope).won == [key("설정")])
        let warnings = WarningLog()
        let engine = FakeTranslator()
        // The server dies during the first pause.
        let waiter = machine(engine, server, warnings: warnings, sleeper: RecordingSleeper { server.stop() })
        #expect(try waiter.translate(["설정"], from: .korean, to: .english).map(\.text) == ["[ko→en] 설정"])
        #expect(engine.calls == [["설정"]])
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.hasSuffix("; going on with the local cache") == true)
    }

    @Test func aServerThatRefusesScriptsKeepsTheCacheWithoutClaims() throws {
        let server = try RedisTestServer(options: ["--rename-command", "EVAL", ""])
        let warnings = WarningLog()
        let engine = FakeTranslator()
        let translator = machine(engine, server, warnings: warnings)
        #expect(try translator.translate(["설정"], from: .korean, to: .english).map(\.cached) == [false])
        #expect(try translator.translate(["설정", "확인"], from: .korean, to: .english).map(\.cached) == [true, false])
        #expect(engine.calls == [["설정"], ["확인"]])
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("refused to run the claim script") == true)
        // The entries still went to Redis: another machine finds them there.
        let other = FakeTranslator()
        #expect(try machine(other, server).translate(["확인"], from: .korean, to: .english).map(\.cached) == [true])
        #expect(other.calls.isEmpty)
    }

    @Test func aTextAnotherMachineStoredMeanwhileIsNotClaimed() throws {
        let server = try RedisTestServer()
        let other = shared(server)
        other.store([(key("설정"), CachedTranslation(text: "Settings", source: .korean))], in: scope)
        let mine = shared(server)
        let claims = mine.claim([key("설정"), key("확인")], in: scope)
        #expect(claims.found == [key("설정"): CachedTranslation(text: "Settings", source: .korean)])
        #expect(claims.won == [key("확인")])
        #expect(claims.heldElsewhere.isEmpty)
        // The same machine asking again still holds its claim; another machine does not get it.
        #expect(mine.claim([key("확인")], in: scope).won == [key("확인")])
        #expect(other.claim([key("확인")], in: scope).heldElsewhere == [key("확인")])
        // Releasing another machine's claim does nothing.
        other.release([key("확인")], in: scope)
        #expect(shared(server).claim([key("확인")], in: scope).heldElsewhere == [key("확인")])
        mine.release([key("확인")], in: scope)
        #expect(other.claim([key("확인")], in: scope).won == [key("확인")])
    }
}
