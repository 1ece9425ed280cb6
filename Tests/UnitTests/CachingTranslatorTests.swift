import Testing
import Foundation
import Locking
@testable import TranslateModel
@testable import TranslationEngines
import TestSupport

/// The cache in front of a translator.
@Suite struct CachingTranslatorTests {
    @Test func asksOnlyForWhatItHasNotSeen() throws {
        let fake = FakeTranslator()
        let translator = CachingTranslator(fake, store: MemoryTranslationStore())
        let first = try translator.translate(["설정", "취소", "설정"], from: .korean, to: .english)
        #expect(first.map(\.text) == ["[ko→en] 설정", "[ko→en] 취소", "[ko→en] 설정"])
        #expect(first.map(\.cached) == [false, false, false])
        let second = try translator.translate(["확인", "설정"], from: .korean, to: .english)
        #expect(second.map(\.cached) == [false, true])
        // One call per miss list; a text repeated in one call is sent once.
        #expect(fake.calls == [["설정", "취소"], ["확인"]])
        #expect(translator.cacheHits == 1)
        #expect(translator.requestsSent == 2)
        // Another target is another key.
        _ = try translator.translate(["설정"], from: .korean, to: .japanese)
        #expect(fake.calls.last == ["설정"])
    }

    @Test func aTextInFlightIsNotSentTwice() throws {
        let release = DispatchSemaphore(value: 0)
        let fake = FakeTranslator(holdFirstCall: release)
        let translator = CachingTranslator(fake, store: MemoryTranslationStore())
        let results = Results()
        let done = DispatchGroup()
        func start(_ index: Int, _ texts: [String]) {
            done.enter()
            Thread.detachNewThread {
                let translated = try? translator.translate(texts, from: .korean, to: .english)
                results.value.withLock { $0[index] = translated }
                done.leave()
            }
        }
        start(0, ["설정", "알림"])
        try #require(fake.waitForCalls(1))
        // The second call sends only what the first is not already fetching, then waits for the rest.
        start(1, ["설정", "배터리"])
        try #require(fake.waitForCalls(2))
        release.signal()
        done.wait()
        #expect(results.value.withLock { $0[0] }?.map(\.cached) == [false, false])
        #expect(results.value.withLock { $0[1] }?.map(\.text) == ["[ko→en] 설정", "[ko→en] 배터리"])
        #expect(results.value.withLock { $0[1] }?.map(\.cached) == [true, false])
        #expect(fake.calls == [["설정", "알림"], ["배터리"]])
    }

    @Test("what a call received before failing is returned and kept: a second call asks only for the rest")
    func partialTranslationsAreKept() throws {
        let failing = FakeTranslator(failingTexts: ["배터리"])
        let store = MemoryTranslationStore()
        let translator = CachingTranslator(failing, store: store)
        let outcome = translator.translations(of: ["설정", "알림", "배터리", "화면"], from: .korean, to: .english)
        #expect(outcome.translations.map { $0?.text } == ["[ko→en] 설정", "[ko→en] 알림", nil, nil])
        #expect(outcome.failure as? FakeTranslator.Failure == FakeTranslator.Failure(text: "배터리"))
        #expect(throws: FakeTranslator.Failure(text: "배터리")) {
            try translator.translate(["설정", "배터리"], from: .korean, to: .english)
        }

        let healthy = FakeTranslator()
        let again = try CachingTranslator(healthy, store: store).translate(["설정", "알림", "배터리", "화면"], from: .korean, to: .english)
        #expect(again.map(\.cached) == [true, true, false, false])
        #expect(healthy.calls == [["배터리", "화면"]])
    }

    @Test func forwardsWhatTheEngineAccepts() throws {
        let papago = try PapagoTestServerless.translator()
        let translator = CachingTranslator(papago, store: MemoryTranslationStore())
        #expect(translator.sourceLanguages == papago.sourceLanguages)
        #expect(translator.engine == "papago")
    }

    @Test func papagoScopeHasTheURLButNoCredentials() throws {
        let papago = try PapagoTestServerless.translator(endpoint: "https://user:pw@papago.example/", honorific: true)
        #expect(papago.cacheScope == TranslationCacheScope(engine: "papago", endpoint: "https://papago.example/nmt/v1/translation",
                                                           options: "honorific=true"))
    }
}

/// What the threads of a test hand back.
private final class Results: Sendable {
    let value = Locked<[Int: [TranslatedText]]>([:])
}
