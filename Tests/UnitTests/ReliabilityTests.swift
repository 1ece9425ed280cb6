import Foundation
@testable import ImageDecoding
import Locking
import Testing
@testable import TesseractReading
@testable import TextRecognition
@testable import TranslateModel
@testable import TranslatePipeline
@testable import TranslationEngines
import TestSupport

/// The circuit breaker shared by every Papago request of a run.
@Suite struct RequestGateTests {
    @Test("attempts without a reply, and only those, in a row, close the gate")
    func consecutiveFailuresOpenTheBreaker() {
        let gate = PapagoRequestGate(failureLimit: 3)
        gate.recordNoReply(.timedOut)
        gate.recordNoReply(.couldNotConnect("refused"))
        gate.recordReply()  // any answer at all starts the count again
        gate.recordNoReply(.timedOut)
        gate.recordNoReply(.connectionDropped("reset"))
        #expect(gate.stopReason == nil)
        gate.recordNoReply(.couldNotConnect("refused"))
        let reason = PapagoError.serviceUnavailable(failuresInARow: 3, last: .couldNotConnect("refused"))
        #expect(gate.stopReason == reason)
        #expect(throws: reason) { try gate.check() }
        // The first reason stays.
        gate.close(because: .quotaExceeded(code: "400", message: nil))
        #expect(gate.stopReason == reason)
    }

    @Test func aDeadServiceEndsTheRun() {
        let error = PapagoError.serviceUnavailable(failuresInARow: 3, last: .timedOut)
        #expect(error.scope == .run)
        #expect(error.stopsRun == .serviceUnavailable)
        #expect(!error.isRetryable)
        #expect(error.code == "service_unavailable")
        #expect(error.description
            == "papago is not answering: 3 requests in a row got no reply (the last: the request timed out); no further requests are sent")
        #expect(ResultError(error).stopsRun == .serviceUnavailable)
    }

    @Test func whichTransportErrorsCountAsNoReply() {
        let noReply: [TransportError] = [.couldNotResolveHost("x"), .couldNotConnect("x"), .timedOut, .connectionDropped("x")]
        let replies: [TransportError] = [.tls("x"), .invalidURL("x"), .invalidHeader("x"), .responseTooLarge(1), .aborted,
                                         .other(code: 1, message: "x")]
        #expect(noReply.allSatisfy { $0.isNoReply })
        #expect(!replies.contains { $0.isNoReply })
    }
}

/// Translations that arrived before a failure stay on their boxes.
@Suite struct PageTranslatorTests {
    private func page() -> ImageResult {
        var result = ImageResult(file: "a.png", width: 100, height: 100)
        result.boxes = ["설정", "Wi-Fi", "배터리", "알림", "Bluetooth"].enumerated().map { index, text in
            BoxResult(id: index, rect: PixelRect(x: 0, y: index * 10, width: 50, height: 10), confidence: 90, text: text)
        }
        return result
    }

    @Test func aGroupThatFailsPartWayKeepsWhatArrivedAndTheOtherGroupsGoOn() {
        var result = page()
        let translator = FakeTranslator(failingTexts: ["배터리"])
        let plan = TranslationPlan(translator: translator, target: .japanese, languages: LanguagePlan(detector: ScriptLanguages()))
        let failure = PageTranslator.translate(&result, plan: plan)
        #expect(failure as? FakeTranslator.Failure == FakeTranslator.Failure(text: "배터리"))
        #expect(result.boxes.map(\.translation) == ["[ko→ja] 설정", "[en→ja] Wi-Fi", nil, nil, "[en→ja] Bluetooth"])
        #expect(result.error == ResultError(code: "fake_failure", message: "no translation for 배터리"))
        #expect(translator.calls == [["설정", "배터리", "알림"], ["Wi-Fi", "Bluetooth"]])
        // The boxes left untranslated say why; the others say nothing.
        #expect(result.boxes.map(\.untranslated) == [nil, nil, .translationFailed, .translationFailed, nil])
    }

    /// An error that stops the run: its group's boxes and those of the groups never sent say so;
    /// a pair the engine lacks says that instead.
    @Test func untranslatedBoxesSayWhy() {
        var stopped = page()
        let quota = RefusingTranslator(error: PapagoError.quotaExceeded(code: "400", message: nil))
        PageTranslator.translate(&stopped, plan: TranslationPlan(translator: quota, target: .japanese, languages: LanguagePlan(detector: ScriptLanguages())))
        #expect(quota.calls.current == 1)
        #expect(stopped.boxes.map(\.untranslated) == Array(repeating: .serviceStopped, count: 5))

        var lacking = page()
        let apertium = RefusingTranslator(error: ApertiumError.pairNotInstalled(source: .korean, target: .japanese, installed: [], package: nil))
        PageTranslator.translate(&lacking, plan: TranslationPlan(translator: apertium, target: .japanese, languages: LanguagePlan(detector: ScriptLanguages())))
        #expect(apertium.calls.current == 2)
        #expect(lacking.boxes.map(\.untranslated) == Array(repeating: .noEngineForPair, count: 5))
    }
}

/// Fails every call with one error, counting the calls.
private struct RefusingTranslator: Translator {
    let error: any ReportableError
    let calls = Locked(0)
    var engine: String { "refusing" }

    func translate(_ texts: [String], from source: Language?, to target: Language) throws -> [TranslatedText] {
        calls.withLock { $0 += 1 }
        throw error
    }
}

/// Hangul is Korean, anything else English, surely.
private struct ScriptLanguages: LanguageDetector {
    func detect(_ text: String) -> LanguageGuess {
        let korean = text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
        return LanguageGuess(language: korean ? .korean : .english, confidence: 1)
    }
}

/// Messages the image libraries print, kept by the thread that caused them.
@Suite struct LibraryMessageTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    @Test func onlyLinesThatMeanDamageAreKept() {
        #expect(LibraryMessages.damage(in: "libpng error: bad adaptive filter value\n") == "libpng: bad adaptive filter value")
        #expect(LibraryMessages.damage(in: "libpng warning: iCCP: known incorrect sRGB profile") == nil)
        #expect(LibraryMessages.damage(in: "Corrupt JPEG data: premature end of data segment")
            == "libjpeg: Corrupt JPEG data: premature end of data segment")
        #expect(LibraryMessages.damage(in: "Premature end of JPEG file") == "libjpeg: Premature end of JPEG file")
        #expect(LibraryMessages.damage(in: "Warning: unknown JFIF revision number 1.03") == nil)
        #expect(LibraryMessages.damage(in: "") == nil)
    }

    @Test("what C code prints to stderr during a capture goes to that capture, and to no other thread's")
    func capturesArePerThread() throws {
        // C's `stderr` as the libraries see it (Swift 6 does not let concurrent code read the global).
        let process = try #require(dlopen(nil, RTLD_NOW))
        let address = Int(bitPattern: try #require(dlsym(process, "stderr")).load(as: UnsafeMutablePointer<FILE>.self))
        let captured = Locked<[Int: [String]]>([:])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            guard let stream = UnsafeMutablePointer<FILE>(bitPattern: address) else { return }
            let (_, errors) = LibraryMessages.capturing {
                for _ in 0..<20 {
                    fputs("libpng error: page \(index) ", stream)
                    fputs("is damaged\n", stream)
                }
            }
            captured.withLock { $0[index] = errors }
        }
        for index in 0..<8 {
            #expect(captured.current[index] == Array(repeating: "libpng: page \(index) is damaged", count: 20))
        }
    }
}

/// `--files-from` lists, read in bounded pieces.
@Suite struct FileListTests {
    private func read(_ text: String, nul: Bool = false) -> ([String], InputListError?) {
        FileList.read(DataStream(Data(text.utf8)), nulSeparated: nul)
    }

    @Test func aLineLongerThanAnyPathEndsTheList() {
        let (paths, failure) = read("a.png\n" + String(repeating: "x", count: 5000) + "\nb.png\n")
        #expect(paths == ["a.png"])
        #expect(failure == .entryTooLong(entry: 2, limit: 4096, nulSeparated: false))
        #expect(failure?.description == "the list of inputs stops at line 2, which is longer than 4096 bytes")
        #expect(failure?.code == "invalid_list")
    }

    @Test func aNULByteInALineEndsTheList() {
        let (paths, failure) = read("a.png\nb.png\n\0\0\0")
        #expect(paths == ["a.png", "b.png"])
        #expect(failure?.description == "the list of inputs stops at line 3, which holds a NUL byte (for a NUL-separated list, add --null)")
    }

    @Test("/dev/zero as a list stops early, in either mode, having read little of it")
    func endlessZerosEndTheList() {
        let lines = EndlessStream()
        #expect(FileList.read(lines, nulSeparated: false).failure == .nulInLine(line: 1))
        #expect(lines.bytesRead <= 64 << 10)
        let entries = EndlessStream()
        let (paths, failure) = FileList.read(entries, nulSeparated: true)
        #expect(paths.isEmpty)
        #expect(failure == .emptyEntries(line: 4097, limit: 4096, nulSeparated: true))
        #expect(entries.bytesRead <= 64 << 10)
    }

    @Test func pathsAsBeforeWhenTheListIsFine() {
        #expect(read("a.png\r\n\nb c.png\nlast.png").0 == ["a.png", "b c.png", "last.png"])
        #expect(read("odd\nname.png\0second.png\0", nul: true).0 == ["odd\nname.png", "second.png"])
        #expect(read("").1 == nil)
    }
}
