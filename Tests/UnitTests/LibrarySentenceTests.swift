import Foundation
import ImageDecoding
import Testing
@testable import TranslateCLI
import TestSupport
import TextRecognition
import TranslatePipeline
import TranslationEngines
import Locking

/// The sentences the libraries make in English (warnings, notices, notes) come out of the
/// real code here and are said again in Korean, their paths and values kept.
@Suite struct LibrarySentenceTests {
    private func korean(_ sentence: String) -> String { MessageCatalogue.librarySentence(sentence, in: .korean) }

    @Test func everySentenceKeyHasAShapeThatFindsItsArguments() {
        for key in MessageCatalogue.librarySentences {
            let arguments = (1...4).map { "value\($0)" }
            let english = MessageCatalogue.text(key, .english, arguments[0], arguments[1], arguments[2], arguments[3])
            #expect(MessageCatalogue.librarySentence(english, in: .english) == english)
            #expect(korean(english) == MessageCatalogue.text(key, .korean, arguments[0], arguments[1], arguments[2], arguments[3]),
                    "\(key)")
        }
        #expect(korean("something no catalogue knows") == "something no catalogue knows")
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
                                            .recognizerUnusable, .onnxRuntimeUnusable(reason: "no AVX")]
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
        #expect(korean(note) == "\(directory.path): 이 디렉터리에 이미지가 없습니다(하위 디렉터리까지 읽으려면 --recursive)")
    }

    @Test func aDamagedCacheMovedAside() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(SQLiteTranslationCache.fileName).path
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
        let warnings = Locked<[String]>([])
        _ = try SQLiteTranslationCache(directory: directory.path, warn: { warning in warnings.withLock { $0.append(warning) } })
        let warning = try #require(warnings.current.first)
        let said = korean(warning)
        #expect(said.hasPrefix("번역 캐시 \(path)이 손상되어("), "\(warning) → \(said)")
        #expect(said.hasSuffix("\(path).damaged(으)로 옮기고 새로 시작했습니다"), "\(said)")
    }
}

