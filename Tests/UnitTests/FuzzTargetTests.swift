import Foundation
import ImageDecoding
import Testing
import FuzzTargets
import TestSupport
import TesseractReading
import TextRecognition
import TranslateCLI
import TranslationEngines

/// The fuzz targets on their seeds: what scripts/fuzz.sh starts from is read as it should be,
/// and the targets keep compiling and running with the code they check.
@Suite("Fuzz targets")
struct FuzzTargetTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    private static let replies = TestPaths.repository.appendingPathComponent("Fixtures/papago-replies")

    private func run<Outcome>(_ target: (UnsafeRawBufferPointer) -> Outcome, _ data: Data) -> Outcome {
        data.withUnsafeBytes { target($0) }
    }

    private func reply(_ name: String) throws -> PapagoReplyTarget.Outcome {
        run(PapagoReplyTarget.run, try Data(contentsOf: Self.replies.appendingPathComponent(name + ".http")))
    }

    @Test("fixture images decode through the decoding target, page by page, within its pixel limit")
    func fixtureImages() throws {
        let image = { (name: String) in try Data(contentsOf: TestPaths.fixtures.appendingPathComponent(name)) }
        #expect(run(ImageDecodingTarget.run, try image("korean-menu.png")) == .pages(["720x900"]))
        #expect(run(ImageDecodingTarget.run, try image("english-two-pages.tif")) == .pages(["1000x620", "1000x620"]))
        #expect(run(ImageDecodingTarget.run, try image("english-page.jpg"))
                == .refused(.tooLarge(width: 1000, height: 1100, limit: ImageDecodingTarget.pixelLimit)))
        // Cut in its second page: the first is kept, the second accounted for.
        #expect(run(ImageDecodingTarget.run, try image("english-two-pages.tif").prefix(75000)) == .pages(["1000x620", "truncated_image"]))
        #expect(run(ImageDecodingTarget.run, Data("GIF89a".utf8)) == .refused(.truncated))
    }

    @Test("recorded replies read as what they record")
    func recordedReplies() throws {
        let translation = try reply("ncp-translation")
        #expect(try translation.translation.get().text == "[ko→en] 안녕하세요\n[ko→en] 메뉴판을 보여 주세요")
        #expect(try reply("naver-translation").translation.get().sourceCode == "ja")
        #expect(try reply("ncp-detection").detection.get() == "fr")
        #expect(try reply("ncp-throttle").error == .throttled(code: "410", retryAfter: 7))
        #expect(try reply("naver-quota").translation == .failure(.quotaExceeded(code: "010", message: "Quota Exceeded")))
        #expect(try reply("ncp-text-too-long").error == .rejected(.textTooLong, message: "text parameter exceeds max length"))
        #expect(try reply("ncp-malformed").translation == .failure(.malformedReply("not valid json")))
        #expect(try reply("ncp-empty").translation == .failure(.emptyReply))
        #expect(try reply("ncp-gateway-html").error == .serverError(status: 502, code: nil, message: nil))
    }

    @Test("a reply's status and headers come from the lines before the body")
    func replyFormat() {
        let response = Data("429\r\nRetry-After: 3\r\n\r\n{}".utf8).withUnsafeBytes { PapagoReplyTarget.response(from: $0) }
        #expect(response == HTTPResponse(status: 429, headers: ["retry-after": "3"], body: Data("{}".utf8)))
        let bodyOnly = Data("{\"langCode\":\"ko\"}".utf8).withUnsafeBytes { PapagoReplyTarget.response(from: $0) }
        #expect(bodyOnly.status == 200 && bodyOnly.body.isEmpty)
    }

    @Test("the README's command lines are accepted by the command-line target")
    func readmeCommandLines() throws {
        let readme = try String(contentsOf: TestPaths.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let commands = readme.split(separator: "\n").filter { $0.hasPrefix("$ translate ") }
            .map { $0.dropFirst("$ translate ".count).split(separator: "#")[0].split(separator: " | ")[0]
                .split(separator: " ").map(String.init) }
        #expect(commands.count >= 4)
        // `translate config` is a command of its own, not options.
        for arguments in commands where arguments.first != "config" {
            let input = Data(arguments.joined(separator: "\0").utf8)
            // The target runs with no saved defaults: a line that leans on a default target
            // saved by `translate config` is refused for the want of it, and for nothing else.
            let leansOnSavedTarget = !arguments.contains { ["--to", "--ocr-only", "--list-languages"].contains($0) }
            if leansOnSavedTarget {
                #expect(throws: UsageError.nothingToDo, "\(arguments)") { try run(CommandLineTarget.run, input).get() }
            } else {
                #expect(throws: Never.self, "\(arguments)") { try run(CommandLineTarget.run, input).get() }
            }
        }
    }

    /// Each input a fuzzer once failed on (`Fixtures/fuzz-found/TARGET/`) goes through its
    /// target again: a broken invariant stops the test run as it stopped the fuzzer.
    @Test("the inputs the fuzzers found run through their targets cleanly")
    func foundInputs() throws {
        let found = TestPaths.repository.appendingPathComponent("Fixtures/fuzz-found")
        let targets: [(String, (UnsafeRawBufferPointer) -> Void)] = [
            ("image-decoding", { ImageDecodingTarget.run($0) }),
            ("header-dimensions", { HeaderDimensionsTarget.run($0) }),
            ("papago-reply", { PapagoReplyTarget.run($0) }),
            ("command-line", { CommandLineTarget.run($0) }),
        ]
        var count = 0
        for (name, target) in targets {
            let folder = found.appendingPathComponent(name)
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                run(target, try Data(contentsOf: folder.appendingPathComponent(file)))
                count += 1
            }
        }
        #expect(count >= 4)
    }

    @Test("arguments are the text between NUL bytes")
    func argumentFormat() {
        let split = { (text: String) in Data(text.utf8).withUnsafeBytes { CommandLineTarget.arguments(from: $0) } }
        #expect(split("") == [])
        #expect(split("a.png\0--to\0en\0") == ["a.png", "--to", "en"])
        #expect(split("a.png\0\0-") == ["a.png", "", "-"])
    }
}
