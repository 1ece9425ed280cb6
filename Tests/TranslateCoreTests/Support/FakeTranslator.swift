import Foundation
import Synchronization
@testable import TranslateModel
@testable import TextRecognition
@testable import LanguageDetection
@testable import TranslationEngines
@testable import TranslateOutput
@testable import TranslatePipeline
@testable import TranslateCLI
import Locking

/// A translator that answers "[src→tgt] text" at once and records every call it gets.
final class FakeTranslator: Translator {
    let engine: String
    /// When set, the first call waits for it to be signalled before answering.
    let holdFirstCall: DispatchSemaphore?
    private let recorded = Mutex<[[String]]>([])

    init(engine: String = "fake", holdFirstCall: DispatchSemaphore? = nil) {
        self.engine = engine
        self.holdFirstCall = holdFirstCall
    }

    /// The texts of every call, in the order the calls began.
    var calls: [[String]] { recorded.withLock { $0 } }

    /// Waits until `count` calls have begun.
    func waitForCalls(_ count: Int) {
        while recorded.withLock({ $0.count }) < count { usleep(1000) }
    }

    func translate(_ texts: [String], from source: Language?, to target: Language) throws -> [TranslatedText] {
        let first = recorded.withLock { calls in
            calls.append(texts)
            return calls.count == 1
        }
        if first, let holdFirstCall { holdFirstCall.wait() }
        return texts.map { TranslatedText(text: "[\(source?.code ?? "auto")→\(target.code)] \($0)", source: source ?? .korean) }
    }
}

/// Collects warnings, for stores under test.
final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    var sink: @Sendable (String) -> Void {
        { [self] line in lines.withLock { $0.append(line) } }
    }
}
