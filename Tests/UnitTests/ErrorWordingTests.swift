import Foundation
import ImageDecoding
import Testing
@testable import TranslateCLI
import TranslateModel
import TextDetection
import TesseractReading
import TextRecognition
import TranslatePipeline
@testable import TranslationEngines

/// Every kind of error the command reports, worded from the catalogue: in English exactly as
/// the error describes itself (which the output formats carry), in Korean with its file
/// names, codes and paths kept.
@Suite struct ErrorWordingTests {
    static let transport: [TransportError] = [
        .couldNotResolveHost("papago.example"), .couldNotConnect("Connection refused"), .timedOut,
        .connectionDropped("Recv failure"), .tls("certificate expired"), .invalidURL("ftp://x"), .invalidHeader("X-Key"),
        .responseTooLarge(1024), .aborted, .other(code: 3, message: "URL using bad/illegal format"),
    ]

    /// One error of every case.
    static let samples: [any Error] = [
        ImageError.notFound, ImageError.isDirectory, ImageError.isDevice(.character), ImageError.isDevice(.block),
        ImageError.isSocket, ImageError.symlinkLoop, ImageError.permissionDenied, ImageError.unreadable("Input/output error"),
        ImageError.empty, ImageError.notAnImage, ImageError.unsupportedFormat("JPEG 2000"),
        ImageError.decoderMissing(format: "HEIC", package: "libheif1"), ImageError.tooLarge(width: 9000, height: 9000, limit: 80_000_000),
        ImageError.pageTooLong(points: 3_000_000, largestSide: 32767, leastResolution: 1),
        ImageError.inputTooLarge(limit: 100), ImageError.streamTooLarge(limit: 8_428_608, width: 100, height: 100), ImageError.truncated, ImageError.decodeFailed,
        ImageError.pageTruncated(.init(3)), ImageError.pageTruncated(.init(1)), ImageError.pageTruncated(.init(2, isLowerBound: true)),
        ImageError.pageCorrupt(.init(4), detail: "bad strip"), ImageError.pageCorrupt(.init(1), detail: nil),
        OCRError.languagesNotInstalled(["jpn"]), OCRError.languagesNotInstalled(["jpn", "tha"]), OCRError.invalidLanguageList("kor++"),
        OCRError.initializationFailed("kor+eng"), OCRError.recognitionFailed,
        TextDetectionError.modelUnreadable(path: "/m.onnx", reason: "no such file"),
        TextDetectionError.recognizerUnreadable(path: "/r.onnx", reason: "no such file"),
        ApertiumError.engineNotInstalled, ApertiumError.sourceLanguageUnknown,
        ApertiumError.pairNotInstalled(source: .korean, target: .english, installed: ["eng-spa", "spa-eng"], package: nil),
        ApertiumError.pairNotInstalled(source: .catalan, target: .english, installed: [], package: "apertium-eng-cat"),
        ApertiumError.engineFailed(status: 1, message: ""), ApertiumError.engineFailed(status: 2, message: "mode not found"),
        CachingTranslatorError.wrongCount(expected: 3, got: 2),
        CacheError.cannotCreateDirectory(path: "/c", reason: "Permission denied"), CacheError.cannotOpen(path: "/c/t.db", reason: "x"),
        CacheError.damaged("file is not a database"), CacheError.busy, CacheError.sqlite(code: 10, message: "disk I/O error"),
        OutputFileError.cannotCreateDirectory(path: "out", reason: "File exists"), OutputFileError.cannotWrite(path: "out/a.txt", reason: "No space"),
        OutputFileError.conflict(path: "out/a.txt", otherInput: "a.png"),
        InputListError.unreadableList(reason: "No such file"), InputListError.entryTooLong(entry: 3, limit: 4096, nulSeparated: false),
        InputListError.entryTooLong(entry: 3, limit: 4096, nulSeparated: true), InputListError.nulInLine(line: 2),
        InputListError.emptyEntries(line: 9, limit: 8, nulSeparated: false), InputListError.emptyEntries(line: 9, limit: 8, nulSeparated: true),
        InputListError.noImages,
        BatchSetupError.ocr(.languagesNotInstalled(["kor"])), BatchSetupError.outputDirectory(.cannotCreateDirectory(path: "o", reason: "r")),
        CredentialError.notFound(searched: [.environment, .noHome], suggestedFile: "/h/.config/translate/secrets.json"),
        CredentialError.notFound(searched: [.environment], suggestedFile: nil),
        CredentialError.fileNotFound(path: "/s.json", origin: "--secrets"), CredentialError.unreadableFile(path: "/s.json", reason: "r"),
        CredentialError.invalidFile(path: "/s.json", reason: "not a json object"), CredentialError.incompleteEnvironment(missing: "PAPAGO_CLIENT_SECRET"),
        CredentialError.invalidEndpoint("ftp://x", origin: "--endpoint"), CredentialError.invalidDialect("x", origin: "PAPAGO_DIALECT"),
        EngineSetupError.noEngine(.notFound(searched: [.environment], suggestedFile: nil)), EngineSetupError.detectNeedsPapago,
        EngineSetupError.credentials(.incompleteEnvironment(missing: "PAPAGO_CLIENT_ID")), EngineSetupError.apertium(.engineNotInstalled),
        EngineSetupError.papago(.unsupportedLanguage(.portuguese)),
        SavedDefaultsError.unreadable(path: "/c.json"), SavedDefaultsError.invalid(path: "/c.json", reason: "not a json object"),
        PapagoError.authenticationFailed(code: "200", message: "Authentication Failed", credentialSource: .environment),
        PapagoError.authenticationFailed(code: nil, message: nil, credentialSource: .file("/s.json")),
        PapagoError.authenticationFailed(code: "024", message: nil, credentialSource: .explicit),
        PapagoError.quotaExceeded(code: "400", message: "Quota Exceeded"), PapagoError.quotaExceeded(code: nil, message: nil),
        PapagoError.throttled(code: "420", retryAfter: 2), PapagoError.throttled(code: nil, retryAfter: 1.5), PapagoError.throttled(code: nil, retryAfter: nil),
        PapagoError.bodyTooLarge, PapagoError.serverError(status: 503, code: "500", message: "Endpoint Error"),
        PapagoError.unexpectedStatus(status: 418, code: nil, message: "teapot"), PapagoError.malformedReply("not json"), PapagoError.emptyReply,
        PapagoError.serviceUnavailable(failuresInARow: 3, last: .timedOut), PapagoError.unsupportedLanguage(.hindi),
        PapagoError.unsupportedLanguage(.catalan),
    ] + PapagoServiceCode.allCases.map { PapagoError.rejected($0, message: "m") } + transport + transport.map { PapagoError.transport($0) }

    @Test func theEnglishIsTheErrorsOwnDescription() {
        for error in Self.samples {
            #expect(ErrorWording.text(of: error, in: .english) == String(describing: error))
        }
    }

    @Test func theKoreanIsKoreanAndKeepsNamesAndCodes() {
        for error in Self.samples {
            let korean = ErrorWording.text(of: error, in: .korean)
            #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "not Korean: \(korean)")
            #expect(korean != String(describing: error))
        }
        #expect(ErrorWording.text(of: PapagoError.quotaExceeded(code: "400", message: "Quota Exceeded"), in: .korean)
                == "papago 사용 한도를 넘었습니다 (게이트웨이 코드 400: Quota Exceeded); 더 이상 요청을 보내지 않습니다")
        #expect(ErrorWording.text(of: ImageError.decoderMissing(format: "HEIC", package: "libheif1"), in: .korean)
                == "HEIC을(를) 읽으려면 libheif1이 필요합니다(apt-get install libheif1)")
        #expect(ErrorWording.text(of: OutputFileError.conflict(path: "out/a.txt", otherInput: "a%1.png"), in: .korean)
                == "결과 파일 out/a.txt는 이미 a%1.png의 결과입니다")
    }

    /// A result's error is worded from its cause; one without a cause keeps its message.
    @Test func resultErrorsAreWordedFromTheirCause() {
        let error = ResultError(ImageError.notAnImage)
        #expect(ErrorWording.text(of: error, in: .korean) == "이미지가 아닙니다(알 수 없는 파일 형식)")
        #expect(ErrorWording.text(of: error, in: .english) == error.message)
        let directory = ResultError(InputListError.unreadableDirectory(reason: "Permission denied"))
        #expect(directory.code == "unreadable_directory" && directory.message == "cannot read directory: Permission denied")
        #expect(ErrorWording.text(of: directory, in: .korean) == "디렉터리를 읽을 수 없습니다: Permission denied")
        let unknown = ResultError(code: "x", message: "something else")
        #expect(ErrorWording.text(of: unknown, in: .korean) == "something else")
    }

    /// The places looked in for credentials, as the resolver lists them, are said in Korean too.
    @Test func thePlacesLookedInForCredentials() throws {
        let home = "/nonexistent-home-\(getpid())"
        #expect(throws: CredentialError.self) { try PapagoCredentialResolver(environment: ["HOME": home]).resolve() }
        do {
            _ = try PapagoCredentialResolver(environment: ["HOME": home]).resolve()
        } catch {
            let korean = ErrorWording.text(of: error, in: .korean)
            #expect(korean.hasPrefix("papago 인증 정보가 없습니다. 찾아본 곳: 환경 변수 PAPAGO_CLIENT_ID/PAPAGO_CLIENT_SECRET (설정 안 됨), "
                                     + "$TRANSLATE_SECRETS (설정 안 됨), \(home)/.config/translate/secrets.json (없음). 해결: "), "\(korean)")
            #expect(ErrorWording.text(of: error, in: .english) == error.description)
        }
    }
}

/// libcurl's resolver message names the host after words ours already says.
@Suite struct ResolverDetailTests {
    @Test("the host name is kept, the repeated words dropped", arguments: [
        ("Could not resolve host: papago.invalid", "papago.invalid"),
        ("Could not resolve proxy: proxy.lan", "proxy.lan"),
        ("Couldn't resolve host name", "no address for the name"),
        ("Could not resolve host", "no address for the name"),
        ("Name or service not known", "Name or service not known"),
    ])
    func detail(message: String, shown: String) {
        #expect(TransportError.resolverDetail(message) == shown)
        #expect(TransportError.couldNotResolveHost(TransportError.resolverDetail(message)).description == "could not resolve host: \(shown)")
    }
}
