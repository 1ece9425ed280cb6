import Foundation
import Testing
import TextDetection

@Suite("Finding the text detector model")
struct TextDetectorModelTests {
    /// Creates `path` (and its directories) as an empty file.
    func touch(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    }

    @Test("the search order with default XDG directories")
    func defaultSearchPaths() {
        let paths = TextDetectorModel.searchPaths(environment: ["HOME": "/home/ana"], executablePath: nil)
        #expect(paths == [
            "/home/ana/.local/share/translate/text-detector.onnx",
            "/usr/local/share/translate/text-detector.onnx",
            "/usr/share/translate/text-detector.onnx",
        ])
    }

    @Test("relative XDG entries are ignored, as the specification says")
    func relativeEntries() {
        let paths = TextDetectorModel.searchPaths(
            environment: ["HOME": "/home/ana", "XDG_DATA_HOME": "data", "XDG_DATA_DIRS": "/opt/share/:share"],
            executablePath: nil
        )
        #expect(paths == [
            "/home/ana/.local/share/translate/text-detector.onnx",
            "/opt/share/translate/text-detector.onnx",
        ])
    }

    @Test("each place is found in turn")
    func eachPlace() throws {
        let root = try makeTemporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let executable = "\(root)/prefix/bin/translate"
        try touch(executable)
        let environment = ["HOME": "\(root)/home", "XDG_DATA_HOME": "\(root)/data", "XDG_DATA_DIRS": "\(root)/a:\(root)/b"]
        func locate() -> String? { TextDetectorModel.locate(environment: environment, executablePath: executable) }

        #expect(locate() == nil)
        let order = [
            "\(root)/prefix/share/translate/text-detector.onnx",
            "\(root)/prefix/bin/text-detector.onnx",
            "\(root)/b/translate/text-detector.onnx",
            "\(root)/a/translate/text-detector.onnx",
            "\(root)/data/translate/text-detector.onnx",
        ]
        // Adding files from the last place to the first, each new one wins.
        for path in order {
            try touch(path)
            #expect(locate() == path)
        }
    }

    @Test("a symlinked executable finds the model beside its target")
    func symlinkedExecutable() throws {
        let root = try makeTemporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try touch("\(root)/opt/translate/bin/translate")
        try touch("\(root)/opt/translate/share/translate/text-detector.onnx")
        try FileManager.default.createDirectory(atPath: "\(root)/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: "\(root)/bin/translate", withDestinationPath: "\(root)/opt/translate/bin/translate")
        let found = TextDetectorModel.locate(environment: ["HOME": "\(root)/home"], executablePath: "\(root)/bin/translate")
        #expect(found.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
            == URL(fileURLWithPath: "\(root)/opt/translate/share/translate/text-detector.onnx").resolvingSymlinksInPath().path)
    }

    @Test("the environment variable wins, even naming a missing file, so that a typo is reported")
    func environmentVariable() throws {
        let root = try makeTemporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try touch("\(root)/data/translate/text-detector.onnx")
        let environment = ["XDG_DATA_HOME": "\(root)/data", "TRANSLATE_TEXT_DETECTOR": "\(root)/missing.onnx"]
        #expect(TextDetectorModel.locate(environment: environment, executablePath: nil) == "\(root)/missing.onnx")
        let empty = ["XDG_DATA_HOME": "\(root)/data", "TRANSLATE_TEXT_DETECTOR": ""]
        #expect(TextDetectorModel.locate(environment: empty, executablePath: nil) == "\(root)/data/translate/text-detector.onnx")
    }

    @Test("a directory with the model's name is not a model")
    func directoryIsNotAModel() throws {
        let root = try makeTemporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: "\(root)/data/translate/text-detector.onnx", withIntermediateDirectories: true)
        #expect(TextDetectorModel.locate(environment: ["XDG_DATA_HOME": "\(root)/data"], executablePath: nil) == nil)
    }

    @Test("the installed model is the one scripts/fetch-text-detector.py makes")
    func installedModelDigest() throws {
        let path = try requireModelPath()
        let output = String(decoding: try runTool(["sha256sum", path]), as: UTF8.self)
        #expect(output.split(separator: " ").first.map(String.init) == TextDetectorModel.sha256,
                "\(path) differs from the model scripts/fetch-text-detector.py writes; run it again")
    }
}
