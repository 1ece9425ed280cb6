import Foundation
import ImageDecoding
import Testing
@testable import TranslatePipeline
import TranslateModel
import TestSupport

/// Directories and lists into the images to read.
@Suite struct InputCollectorTests {
    /// shots/{b.png, a.JPG, notes.txt, .hidden.png, sub/{c.tif, readme.md, deeper/d.webp}}
    private func tree() throws -> URL {
        let root = try TestPaths.temporaryDirectory()
        let shots = root.appendingPathComponent("shots")
        for path in ["b.png", "a.JPG", "notes.txt", ".hidden.png", "sub/c.tif", "sub/readme.md", "sub/deeper/d.webp"] {
            let url = shots.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        return root
    }

    private func collect(_ operands: [String], recursive: Bool = false, list: String? = nil, nul: Bool = false,
                         stdin: String = "") throws -> CollectedInputs {
        InputCollector(recursive: recursive, standardInput: { DataStream(Data(stdin.utf8)) })
            .collect(operands: operands, listPath: list, nulSeparated: nul)
    }

    @Test func phonePhotosAndPDFsInADirectoryAreRead() {
        for name in ["IMG_0001.HEIC", "photo.heif", "scan.pdf", "Report.PDF"] { #expect(ImageFileNames.isImage(name), "\(name)") }
        #expect(!ImageFileNames.isImage("notes.txt"))
    }

    @Test func directoryGivesItsImagesSortedAndCountsTheRest() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let shots = root.appendingPathComponent("shots").path
        let flat = try collect([shots])
        #expect(flat.inputs.map(\.source) == [.file(shots + "/a.JPG"), .file(shots + "/b.png")])
        #expect(flat.inputs.map(\.outputPath) == ["a.JPG", "b.png"])
        #expect(flat.skippedFiles == 1)
        #expect(flat.expanded)

        let deep = try collect([shots + "/"], recursive: true)
        #expect(deep.inputs.map(\.outputPath) == ["a.JPG", "b.png", "sub/c.tif", "sub/deeper/d.webp"])
        #expect(deep.inputs.first?.source == .file(shots + "/a.JPG"))
        #expect(deep.skippedFiles == 2)
    }

    @Test func namedFilesAreReadWhateverTheirNameAndKeepTheirRelativePath() throws {
        let collected = try collect(["notes.txt", "./x/y.png", "/abs/z.png", "../up.png", "-"])
        #expect(collected.inputs.map(\.source) == [.file("notes.txt"), .file("./x/y.png"), .file("/abs/z.png"), .file("../up.png"), .standardInput])
        #expect(collected.inputs.map(\.outputPath) == ["notes.txt", "x/y.png", "z.png", "up.png", nil])
        #expect(!collected.expanded)
    }

    @Test func emptyDirectoryIsNoted() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let outer = root.appendingPathComponent("shots/sub/deeper/..").path
        try FileManager.default.removeItem(atPath: root.appendingPathComponent("shots/sub/c.tif").path)
        let collected = try collect([outer])
        #expect(collected.inputs.isEmpty)
        #expect(collected.skippedFiles == 1)
        #expect(collected.notes == [.noImagesInDirectory(path: outer, recursive: false)])
        #expect(try collect([outer], recursive: true).inputs.count == 1)
    }

    @Test func listsByLineOrByNul() throws {
        let byLine = try collect([], list: "-", stdin: "a.png\r\n\nb c.png\n")
        #expect(byLine.inputs.map(\.source) == [.file("a.png"), .file("b c.png")])
        let byNul = try collect(["first.png"], list: "-", nul: true, stdin: "odd\nname.png\0second.png\0")
        #expect(byNul.inputs.map(\.source) == [.file("first.png"), .file("odd\nname.png"), .file("second.png")])
    }

    @Test func listedDirectoriesAreExpandedToo() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let list = root.appendingPathComponent("list.txt")
        try Data((root.appendingPathComponent("shots/sub").path + "\n").utf8).write(to: list)
        let collected = try collect([], recursive: true, list: list.path)
        #expect(collected.inputs.map(\.outputPath) == ["c.tif", "deeper/d.webp"])
        let missing = try collect(["a.png"], list: "/nonexistent/list")
        #expect(missing.inputs.map(\.source) == [.file("a.png"), .file("/nonexistent/list")])
        #expect(missing.inputs.last?.failure == ResultError(code: "unreadable_list",
                                                             message: "cannot read the list of inputs: No such file or directory"))
    }
}
