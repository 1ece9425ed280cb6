import Foundation
import Testing
@testable import TranslateCLI
import TestSupport

/// `--output-dir` writes inside the directory it is given, whatever links were planted in it.
@Suite struct OutputConfinementTests {
    /// A folder `in` with `d1/x.png` and `d2/x.png`, an output folder `out`, and `elsewhere`.
    struct Layout {
        let root: URL
        var input: String { root.path + "/in" }
        var output: String { root.path + "/out" }
        var elsewhere: String { root.path + "/elsewhere" }

        init() throws {
            root = try TestPaths.temporaryDirectory()
            let manager = FileManager.default
            for folder in ["in/d1", "in/d2", "out", "elsewhere"] {
                try manager.createDirectory(atPath: root.path + "/" + folder, withIntermediateDirectories: true)
            }
            for folder in ["d1", "d2"] {
                try manager.copyItem(atPath: TestPaths.fixture("spanish-screenshot.png"), toPath: "\(input)/\(folder)/x.png")
            }
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test("a directory link planted inside -o DIR is not followed: that input fails alone, nothing is written elsewhere")
    func plantedDirectoryLink() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try FileManager.default.createSymbolicLink(atPath: layout.output + "/d2", withDestinationPath: layout.elsewhere)
        let run = InProcessRun([layout.input, "-r", "--ocr-only", "--ocr-lang", "spa", "-o", layout.output])
        #expect(run.exitCode == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: layout.elsewhere).isEmpty)
        #expect(FileManager.default.fileExists(atPath: layout.output + "/d1/x.png.txt"))
        #expect(run.standardError.contains("translate: \(layout.input)/d2/x.png: not writing through \(layout.output)/d2 "
                                           + "(a symbolic link to \(layout.elsewhere)): results stay inside the output directory\n"))
    }

    @Test("a link where a result file would be is not counted as done, and is replaced rather than written through")
    func linkAtTheResultPath() throws {
        let layout = try Layout()
        defer { layout.remove() }
        let target = layout.elsewhere + "/precious.txt"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createDirectory(atPath: layout.output + "/d1", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: layout.output + "/d1/x.png.txt", withDestinationPath: target)
        let run = InProcessRun([layout.input, "-r", "--ocr-only", "--ocr-lang", "spa", "-o", layout.output, "--skip-existing"])
        #expect(run.exitCode == 0)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
        let written = try FileManager.default.attributesOfItem(atPath: layout.output + "/d1/x.png.txt")
        #expect(written[.type] as? FileAttributeType == .typeRegular)
        #expect(run.standardError.contains("translate: \(layout.output)/d1/x.png.txt is a symbolic link, not a result: "
                                           + "the input is read again and the link replaced by its result\n"))
        #expect(run.standardError.contains("translate: 2 images in "))
    }

    @Test("--verbose says which entries of a folder were passed over: hidden ones, links to folders")
    func passedOverEntries() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try FileManager.default.copyItem(atPath: TestPaths.fixture("spanish-screenshot.png"), toPath: layout.input + "/.hidden.png")
        try FileManager.default.createSymbolicLink(atPath: layout.input + "/linked", withDestinationPath: layout.input + "/d1")
        let quiet = InProcessRun([layout.input, "-r", "--ocr-only", "--ocr-lang", "spa", "--format", "plain"])
        #expect(!quiet.standardError.contains("hidden"))
        let verbose = InProcessRun([layout.input, "-r", "--ocr-only", "--ocr-lang", "spa", "--format", "plain", "-v"])
        #expect(verbose.exitCode == 0)
        #expect(verbose.standardError.contains("translate: \(layout.input): 1 hidden entry (names starting with \".\") skipped\n"))
        #expect(verbose.standardError.contains("translate: \(layout.input)/linked: a symbolic link to a directory, not followed\n"))
    }
}
