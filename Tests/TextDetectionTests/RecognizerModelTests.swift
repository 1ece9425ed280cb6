import Foundation
import Testing
import TextDetection

@Suite("Finding and loading the text recognizer model")
struct RecognizerModelTests {
    @Test("searched in the detector's places, with its own file name and variable")
    func searchPaths() throws {
        let paths = TextRecognizerModel.searchPaths(environment: ["HOME": "/home/ana"], executablePath: "/opt/t/bin/translate")
        #expect(paths == [
            "/home/ana/.local/share/translate/text-recognizer.onnx",
            "/usr/local/share/translate/text-recognizer.onnx",
            "/usr/share/translate/text-recognizer.onnx",
            "/opt/t/bin/text-recognizer.onnx",
            "/opt/t/share/translate/text-recognizer.onnx",
        ])
        let root = try makeTemporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let environment = ["XDG_DATA_HOME": "\(root)/data", "TRANSLATE_TEXT_RECOGNIZER": "\(root)/elsewhere/model.onnx"]
        #expect(TextRecognizerModel.locate(environment: environment, executablePath: nil) == "\(root)/elsewhere/model.onnx")
        #expect(TextRecognizerModel.locate(environment: ["XDG_DATA_HOME": "\(root)/data"], executablePath: nil) == nil)
        try FileManager.default.createDirectory(atPath: "\(root)/data/translate", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: "\(root)/data/translate/text-recognizer.onnx", contents: Data()))
        #expect(TextRecognizerModel.locate(environment: ["XDG_DATA_HOME": "\(root)/data"], executablePath: nil)
            == "\(root)/data/translate/text-recognizer.onnx")
    }

    @Test("the character list lies beside the model")
    func charactersPath() {
        #expect(TextRecognizerModel.charactersPath(forModel: "/a/b/text-recognizer.onnx") == "/a/b/text-recognizer.characters.txt")
        #expect(TextRecognizerModel.charactersPath(forModel: "/a/b/other.onnx") == "/a/b/text-recognizer.characters.txt")
    }

    @Test("the installed model and characters are the ones scripts/fetch-text-recognizer.py makes")
    func installedDigests() throws {
        let model = try #require(TextRecognizerModel.locate(), "no text recognizer model: run scripts/fetch-text-recognizer.py")
        func digest(_ path: String) throws -> String? {
            String(decoding: try runTool(["sha256sum", path]), as: UTF8.self).split(separator: " ").first.map(String.init)
        }
        #expect(try digest(model) == TextRecognizerModel.sha256, "\(model) differs; run scripts/fetch-text-recognizer.py again")
        #expect(try digest(TextRecognizerModel.charactersPath(forModel: model)) == TextRecognizerModel.charactersSHA256)
    }

    @Test("a missing model or character list is reported with the model's path")
    func missingFiles() throws {
        let model = try #require(TextRecognizerModel.locate())
        let characters = TextRecognizerModel.charactersPath(forModel: model)
        #expect(throws: TextDetectionError.recognizerUnreadable(path: "/nonexistent/model.onnx",
                                                                reason: "cannot open it: no such file or directory")) {
            try TextLineRecognizer(modelPath: "/nonexistent/model.onnx", dictionaryPath: characters)
        }
        #expect(throws: TextDetectionError.recognizerUnreadable(
            path: model, reason: "character list /nonexistent/characters.txt: cannot open it: no such file or directory")) {
            try TextLineRecognizer(modelPath: model, dictionaryPath: "/nonexistent/characters.txt")
        }
        let error = TextDetectionError.recognizerUnreadable(path: "/m.onnx", reason: "cannot open it: no such file or directory")
        #expect(error.description == "cannot load the text recognizer model /m.onnx: cannot open it: no such file or directory")
    }

    @Test("a model whose input width cannot be rewritten, or a character list that does not fit, is refused")
    func wrongFiles() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try #require(TextRecognizerModel.locate())
        let characters = TextRecognizerModel.charactersPath(forModel: model)
        // The detector's model is an ONNX file, but its input is 1x3xHxW with no fixed width.
        if let detector = TextDetectorModel.locate() {
            do {
                _ = try TextLineRecognizer(modelPath: detector, dictionaryPath: characters)
                Issue.record("loaded the detector as a recognizer")
            } catch {
                #expect(error == .recognizerUnreadable(path: detector, reason:
                    "its input is not 1x3xHxW with a fixed width between 128 and 16383 (run scripts/fetch-text-recognizer.py)"))
            }
        }
        let text = directory.appendingPathComponent("model.onnx").path
        try Data("not a model".utf8).write(to: URL(fileURLWithPath: text))
        #expect(throws: TextDetectionError.recognizerUnreadable(path: text, reason: "it is not an onnx model (no graph)")) {
            try TextLineRecognizer(modelPath: text, dictionaryPath: characters)
        }
        // Ten characters for a model of 6625 classes: found when the first line is read.
        let short = directory.appendingPathComponent("short.txt").path
        try Data("0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n".utf8).write(to: URL(fileURLWithPath: short))
        let recognizer = try TextLineRecognizer(modelPath: model, dictionaryPath: short)
        #expect(throws: TextDetectionError.recognitionFailed("the model has 6625 classes, the character list gives 12 (10 characters, the blank and a space)")) {
            try recognizer.recognize(pixels: [UInt8](repeating: 200, count: 100 * 30), width: 100, height: 30, bytesPerRow: 100, channels: 1)
        }
        let blankLine = directory.appendingPathComponent("blank.txt").path
        try Data("a\n\nb\n".utf8).write(to: URL(fileURLWithPath: blankLine))
        #expect(throws: TextDetectionError.recognizerUnreadable(path: model, reason: "line 2 of the character list is empty")) {
            try TextLineRecognizer(modelPath: model, dictionaryPath: blankLine)
        }
    }

    @Test("ONNX Runtime is used when its library and PP-OCRv6 small with its characters lie beside the model, or the library is named")
    func onnxRuntimeFound() throws {
        let root = try makeTemporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let model = "\(root)/text-recognizer.onnx"
        #expect(TextRecognizerModel.onnxRuntime(forModel: model, environment: [:]) == nil)
        #expect(FileManager.default.createFile(atPath: "\(root)/libonnxruntime.so.1.32.0", contents: Data()))
        #expect(TextRecognizerModel.onnxRuntime(forModel: model, environment: [:]) == nil, "no model for it yet")
        #expect(FileManager.default.createFile(atPath: "\(root)/text-recognizer.ppocrv6-small.onnx", contents: Data()))
        #expect(TextRecognizerModel.onnxRuntime(forModel: model, environment: [:]) == nil, "no characters yet")
        #expect(FileManager.default.createFile(atPath: "\(root)/text-recognizer.ppocrv6-small.characters.txt", contents: Data()))
        let found = TextRecognizerModel.onnxRuntime(forModel: model, environment: [:])
        #expect(found?.library == "\(root)/libonnxruntime.so.1.32.0" && found?.model == "\(root)/text-recognizer.ppocrv6-small.onnx"
                && found?.characters == "\(root)/text-recognizer.ppocrv6-small.characters.txt")
        let named = TextRecognizerModel.onnxRuntime(forModel: model, environment: ["TRANSLATE_ONNXRUNTIME": "/opt/ort/lib.so"])
        #expect(named?.library == "/opt/ort/lib.so")
        #expect(TextRecognizerModel.onnxRuntime(forModel: model, environment: ["TRANSLATE_ONNXRUNTIME": "none"]) == nil)
    }

    @Test("a missing ONNX Runtime library, a model it cannot run and characters that do not fit are reported")
    func onnxRuntimeFailures() throws {
        let model = try #require(TextRecognizerModel.locate())
        let characters = TextRecognizerModel.charactersPath(forModel: model)
        let runtime = try #require(TextRecognizerModel.onnxRuntime(forModel: model), "run scripts/fetch-onnxruntime.py")
        func reason(_ load: () throws(TextDetectionError) -> TextLineRecognizer) -> String {
            do {
                _ = try load()
                return "loaded"
            } catch {
                guard case .recognizerUnreadable(_, let reason) = error else { return "\(error)" }
                return reason
            }
        }
        let missing = reason { () throws(TextDetectionError) in
            try TextLineRecognizer(modelPath: runtime.model, dictionaryPath: characters, onnxRuntime: "/nonexistent/libonnxruntime.so")
        }
        // The library is loaded once per process: when another test has loaded it, the other path is refused.
        #expect(missing == "onnxruntime: cannot load /nonexistent/libonnxruntime.so: cannot open shared object file: No such file or directory"
            || missing == "onnxruntime: \(runtime.library) is loaded already, not /nonexistent/libonnxruntime.so", "\(missing)")
        // The model rewritten for OpenCV has Clip nodes in a form its opset does not allow.
        let rewritten = reason { () throws(TextDetectionError) in
            try TextLineRecognizer(modelPath: model, dictionaryPath: characters, onnxRuntime: runtime.library)
        }
        #expect(rewritten.hasPrefix("onnxruntime: loading the model: "), "\(rewritten)")
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let short = directory.appendingPathComponent("short.txt").path
        try Data("0\n1\n2\n".utf8).write(to: URL(fileURLWithPath: short))
        let wrongClasses = reason { () throws(TextDetectionError) in
            try TextLineRecognizer(modelPath: runtime.model, dictionaryPath: short, onnxRuntime: runtime.library)
        }
        #expect(wrongClasses == "its output is not 5 classes at 40 positions for a line 320 wide (the character list gives 3 characters, the blank and a space)")
    }

    @Test("letters the recognizer has no class for are counted")
    func unreadableLetters() throws {
        let recognizer = try makeRecognizer()
        #expect(recognizer.unreadableLetterCount(in: "北京 Beijing 2024年 ¥18.50") == 0)
        #expect(recognizer.unreadableLetterCount(in: "서울 Seoul") == 2)
        #expect(recognizer.unreadableLetterCount(in: "Théâtre du PALAIS-ROYAL") == 1)
        #expect(recognizer.unreadableLetterCount(in: "дата") == 4)
        #expect(recognizer.unreadableLetterCount(in: "ポイ禁止") == 2)
        #expect(recognizer.characters.contains(" ") && recognizer.characters.count == 6624)
    }

    @Test("bad options and pixel layouts are refused")
    func badArguments() throws {
        let recognizer = try makeRecognizer()
        let pixels = [UInt8](repeating: 0, count: 100 * 10)
        #expect(throws: TextDetectionError.invalidImage("999 bytes, too few for 100x10 at 100 bytes per row")) {
            try recognizer.recognize(pixels: pixels.dropLast(), width: 100, height: 10, bytesPerRow: 100, channels: 1)
        }
        #expect(throws: TextDetectionError.invalidArgument("width step must be a multiple of 8 up to 4096")) {
            try recognizer.recognize(pixels: pixels, width: 100, height: 10, bytesPerRow: 100, channels: 1,
                                     options: .init(widthStep: 100, minimumWidth: 320, maxWidth: 960, overlap: 96))
        }
        #expect(throws: TextDetectionError.invalidArgument("overlap must be a multiple of 8 up to half the maximum width")) {
            try recognizer.recognize(pixels: pixels, width: 100, height: 10, bytesPerRow: 100, channels: 1,
                                     options: .init(widthStep: 160, minimumWidth: 320, maxWidth: 960, overlap: 800))
        }
    }
}
