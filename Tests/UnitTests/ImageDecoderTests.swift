import Foundation
import Testing
@testable import TextRecognition
import TestSupport

@Suite struct ImageDecoderTests {
    let decoder = ImageDecoder()

    private func bytes(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.fixtures.appendingPathComponent(name))
    }

    @Test func decodesAPNG() throws {
        let pages = try decoder.decodePages(try bytes("korean-menu.png"))
        #expect(pages.count == 1)
        #expect(pages[0].page == 1)
        #expect(pages[0].width > 100 && pages[0].height > 100)
    }

    @Test func decodesEveryPageOfAMultiPageTIFF() throws {
        let pages = try decoder.decodePages(try bytes("english-two-pages.tif"))
        #expect(pages.map(\.page) == [1, 2])
    }

    @Test func refusesAHugeImageFromItsHeader() {
        #expect(throws: ImageError.tooLarge(width: 60000, height: 60000, limit: ImageDecoder.defaultPixelLimit)) {
            try decoder.decodePages(SyntheticImages.pngHeader(width: 60000, height: 60000))
        }
        #expect(throws: ImageError.tooLarge(width: 60000, height: 60000, limit: ImageDecoder.defaultPixelLimit)) {
            try decoder.decodePages(SyntheticImages.gifHeader(width: 60000, height: 60000))
        }
    }

    @Test func honoursALowerLimit() throws {
        let small = ImageDecoder(pixelLimit: 1000)
        #expect(throws: ImageError.self) { try small.decodePages(try bytes("korean-menu.png")) }
    }

    @Test func refusesNonImages() {
        #expect(throws: ImageError.notAnImage) { try decoder.decodePages(Data("hello, not a picture\n".utf8)) }
        #expect(throws: ImageError.empty) { try decoder.decodePages(Data()) }
        #expect(throws: ImageError.unsupportedFormat("PDF")) { try decoder.decodePages(Data("%PDF-1.4\n%âãÏÓ\n".utf8)) }
    }

    @Test func refusesTruncatedImages() throws {
        let png = try bytes("korean-menu.png")
        #expect(throws: ImageError.truncated) { try decoder.decodePages(png.prefix(png.count / 2)) }
        #expect(throws: ImageError.truncated) { try decoder.decodePages(png.prefix(20)) }
        let jpeg = try bytes("english-page.jpg")
        _ = try decoder.decodePages(jpeg)
        #expect(throws: ImageError.truncated) { try decoder.decodePages(jpeg.prefix(jpeg.count / 2)) }
    }
}

@Suite struct InputReaderTests {
    let reader = InputReader(readStandardInput: { Data("piped".utf8) })

    @Test func reportsFileSystemProblems() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let empty = directory.appendingPathComponent("empty.png")
        #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        #expect(throws: ImageError.notFound) { try reader.read(.file(directory.appendingPathComponent("missing.png").path)) }
        #expect(throws: ImageError.isDirectory) { try reader.read(.file(directory.path)) }
        #expect(throws: ImageError.empty) { try reader.read(.file(empty.path)) }
    }

    @Test(.enabled(if: getuid() != 0, "root can read any file"))
    func reportsUnreadableFiles() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let locked = directory.appendingPathComponent("locked.png")
        #expect(FileManager.default.createFile(atPath: locked.path, contents: Data("x".utf8), attributes: [.posixPermissions: 0]))
        #expect(throws: ImageError.permissionDenied) { try reader.read(.file(locked.path)) }
    }

    @Test func readsStandardInput() throws {
        #expect(try reader.read(.standardInput) == Data("piped".utf8))
        #expect(throws: ImageError.empty) { try InputReader(readStandardInput: { Data() }).read(.standardInput) }
    }
}
