import Foundation
import ImageDecoding
import Testing
@testable import TranslateCLI
import TestSupport
import TextRecognition
import TranslatePipeline
import TranslationEngines
import Locking

/// The notices the libraries give (warnings, notes) come out of the real code here and are said
/// in Korean from their own keys, their paths and values kept; in English, as their
/// `description` says them.
@Suite struct LibrarySentenceTests {
    private func korean(_ notice: EngineNotice) -> String { MessageCatalogue.text(of: notice, in: .korean) }

    @Test func everyNoticeIsSaidInEnglishAsItsDescription() {
        let engine: [EngineNotice] = [
            .cacheReplaced(path: "/c/t.sqlite", reason: "not a database", movedTo: "/c/t.sqlite.damaged"),
            .cacheReplaced(path: "/c/t.sqlite", reason: "not a database", movedTo: nil),
            .cacheNotSaved(problem: "the cache is busy", path: "/c/t.sqlite"),
            .cacheOff(problem: "disk full", path: "/c/t.sqlite"), .cacheOff(problem: "disk full", path: nil),
            .sharedCacheOff(address: "10.0.0.1:6379", problem: "no answer"),
            .sharedCacheClaimsOff(address: "10.0.0.1:6379", message: "NOSCRIPT"),
            .secretsIgnored(path: "/s.json"), .plainHTTP(endpoint: "http://papago.example"),
            .secretsReadable(path: "/s.json", mode: "644"),
        ]
        for notice in engine {
            #expect(MessageCatalogue.text(of: notice, in: .english) == notice.description)
            #expect(korean(notice) != notice.description, "\(notice)")
        }
        let inputs: [InputNotice] = [.noImagesInDirectory(path: "/d", recursive: true), .noImagesInDirectory(path: "/d", recursive: false),
                                     .linkReplacedByResult(path: "/out/a.json")]
        for notice in inputs {
            #expect(MessageCatalogue.text(of: notice, in: .english) == notice.description)
            #expect(MessageCatalogue.text(of: notice, in: .korean) != notice.description, "\(notice)")
        }
    }

    /// A path or address from outside cannot drive the terminal through a notice.
    @Test func noticesAreSafeForATerminal() {
        let hostile = "/d\u{1b}]52;c;cHduZWQ=\u{07}"
        let said = [MessageCatalogue.text(of: InputNotice.noImagesInDirectory(path: hostile, recursive: true), in: .korean),
                    MessageCatalogue.text(of: EngineNotice.secretsReadable(path: hostile, mode: "644"), in: .english),
                    MessageCatalogue.text(of: RecognitionNotice.detectorUnusable(model: hostile, reason: "bad"), in: .english)]
        for text in said {
            #expect(!text.unicodeScalars.contains { $0.value == 0x1b || $0.value == 0x07 }, "\(text)")
        }
    }

    @Test func aPlainHTTPEndpointWarning() throws {
        let resolved = try PapagoCredentialResolver(environment: ["PAPAGO_CLIENT_ID": "i", "PAPAGO_CLIENT_SECRET": "s",
                                                                  "PAPAGO_ENDPOINT": "http://papago.example"]).resolve()
        let warning = try #require(resolved.warnings.first)
        #expect(korean(warning) == "papago 엔드포인트 http://papago.example은(는) 암호화하지 않은 http입니다: 클라이언트 시크릿이 그대로 전송됩니다")
    }

    /// Reading's notices are said from their own keys, in English as `description` says them.
    @Test func readingsNoticesInEveryLanguage() {
        let notices: [RecognitionNotice] = [.detectorModelMissing, .detectorUnusable(model: "/m.onnx", reason: "bad file"),
                                            .recognizerUnusable, .onnxRuntimeUnusable(reason: "no AVX"),
                                            .orientationModelUnusable(model: "/o.onnx", reason: "bad file")]
        for notice in notices {
            #expect(MessageCatalogue.text(of: notice, in: .english) == notice.description)
        }
        let missing = MessageCatalogue.text(of: .detectorModelMissing, in: .korean)
        #expect(missing.hasPrefix("글줄 검출기 모델이 설치되어 있지 않아"))
        #expect(missing.contains("TRANSLATE_TEXT_DETECTOR"))
        #expect(MessageCatalogue.text(of: .onnxRuntimeUnusable(reason: "no AVX"), in: .korean)
            == "ONNX Runtime이 사진 모델을 실행할 수 없어 OpenCV로 더 느리게 실행합니다(no AVX)")
        #expect(MessageCatalogue.text(of: .detectorUnusable(model: "/m.onnx", reason: "bad file"), in: .korean)
            == "글줄 검출기를 쓸 수 없습니다: /m.onnx: bad file")
    }

    @Test func aDirectoryWithoutImages() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let collected = InputCollector(recursive: false, standardInput: { DataStream(Data()) }).collect(operands: [directory.path])
        let note = try #require(collected.notes.first)
        #expect(MessageCatalogue.text(of: note, in: .korean) == "\(directory.path): 이 디렉터리에 이미지가 없습니다(하위 디렉터리까지 읽으려면 --recursive)")
    }

    @Test func aDamagedCacheMovedAside() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(SQLiteTranslationCache.fileName).path
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
        let warnings = Locked<[EngineNotice]>([])
        _ = try SQLiteTranslationCache(directory: directory.path, warn: { warning in warnings.withLock { $0.append(warning) } })
        let warning = try #require(warnings.current.first)
        let said = korean(warning)
        #expect(said.hasPrefix("번역 캐시 \(path)이 손상되어("), "\(warning) → \(said)")
        #expect(said.hasSuffix("\(path).damaged(으)로 옮기고 새로 시작했습니다"), "\(said)")
    }
}

