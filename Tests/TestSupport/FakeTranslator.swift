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
    private let recorded = Locked<[[String]]>([])
    /// Signalled once as each call begins.
    private let callBegan = DispatchSemaphore(value: 0)

    package init(engine: String = "fake", holdFirstCall: DispatchSemaphore? = nil) {
        self.engine = engine
        self.holdFirstCall = holdFirstCall
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
        let first = recorded.withLock { calls in
            calls.append(texts)
            return calls.count == 1
        }
        callBegan.signal()
        if first, let holdFirstCall { holdFirstCall.wait() }
        return texts.map { TranslatedText(text: "[\(source?.code ?? "auto")→\(target.code)] \($0)", source: source ?? .korean) }
    }
}

/// Collects warnings, for stores under test.
package final class WarningLog: Sendable {
    private let lines = Locked<[String]>([])

    package init() {}

    package var all: [String] { lines.withLock { $0 } }

    package var sink: @Sendable (String) -> Void {
        { [self] line in lines.withLock { $0.append(line) } }
    }
}
