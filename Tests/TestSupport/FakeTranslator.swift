import Foundation
import Locking
import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline
import TranslateCLI

/// A translator that answers "[src→tgt] text" at once and records every call it gets.
package final class FakeTranslator: Translator {
    package let engine: String
    /// When set, the first call waits for it to be signalled before answering.
    package let holdFirstCall: DispatchSemaphore?
    /// Texts it fails on, as a service that times out part way through a call: the texts before
    /// the first of them are translated, it and the rest are not.
    package let failingTexts: Set<String>
    private let recorded = Locked<[[String]]>([])
    /// Signalled once as each call begins.
    private let callBegan = DispatchSemaphore(value: 0)

    /// Why a call failed part way.
    package struct Failure: ReportableError, Equatable {
        package var text: String
        package init(text: String) {
            self.text = text
        }

        package var code: String { "fake_failure" }
        package var description: String { "no translation for \(text)" }
    }

    package init(engine: String = "fake", holdFirstCall: DispatchSemaphore? = nil, failingTexts: Set<String> = []) {
        self.engine = engine
        self.holdFirstCall = holdFirstCall
        self.failingTexts = failingTexts
    }

    /// The texts of every call, in the order the calls began.
    package var calls: [[String]] { recorded.withLock { $0 } }

    /// Waits until `count` calls in all have begun, at most `timeout` seconds; false when they
    /// did not come in time.
    package func waitForCalls(_ count: Int, timeout: Double = 30) -> Bool {
        let deadline = DispatchTime.now() + timeout
        // Every call signals once it is recorded; a signal left from an earlier wait only makes
        // the count be checked again.
        while calls.count < count {
            guard callBegan.wait(timeout: deadline) == .success else { return calls.count >= count }
        }
        return true
    }

    package func translate(_ texts: [String], from source: Language?, to target: Language) throws -> [TranslatedText] {
        try translations(of: texts, from: source, to: target).get()
    }

    package func translations(of texts: [String], from source: Language?, to target: Language) -> TranslationOutcome {
        let first = recorded.withLock { calls in
            calls.append(texts)
            return calls.count == 1
        }
        callBegan.signal()
        if first, let holdFirstCall { holdFirstCall.wait() }
        var outcome = TranslationOutcome(translations: [])
        for text in texts {
            if outcome.failure == nil, failingTexts.contains(text) { outcome.failure = Failure(text: text) }
            outcome.translations.append(outcome.failure != nil ? nil
                : TranslatedText(text: "[\(source?.code ?? "auto")→\(target.code)] \(text)", source: source ?? .korean))
        }
        return outcome
    }
}

/// Collects warnings, for stores under test.
package final class WarningLog: Sendable {
    private let notices = Locked<[EngineNotice]>([])

    package init() {}

    /// Every warning, as the notices came.
    package var received: [EngineNotice] { notices.withLock { $0 } }

    /// Every warning, in English.
    package var all: [String] { received.map(\.description) }

    package var sink: @Sendable (EngineNotice) -> Void {
        { [self] notice in notices.withLock { $0.append(notice) } }
    }
}
