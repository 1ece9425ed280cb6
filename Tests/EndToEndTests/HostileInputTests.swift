import Foundation
import ImageDecoding
import Testing
import TesseractReading
import TextRecognition
@testable import TranslateCLI
import TranslateModel
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Bad inputs of every kind, made by code in a temporary directory (nothing of it is committed):
/// empty, cut short at several points, wrong magic, decompression bombs in every format, corrupt
/// pages, devices, sockets, links that loop, huge sparse files. (A directory named as an input is
/// read for the images in it; `InputReaderTests` checks the message for one opened as a file.)
struct HostileCorpus: Sendable {
    struct Case: Sendable {
        var path: String
        /// What stderr says of it, after "translate: PATH": ": message", or " (page 2): message".
        var line: String
        var code: String
        /// Pages read well before the one that failed (a multi-page file cut short).
        var goodPages = 0
    }

    let directory: URL
    let cases: [String: Case]
    /// Good images with odd names, each a copy of a small screenshot.
    let goodFiles: [String]

    /// The case names, in the order they are given to the command.
    static let names = [
        "empty", "text", "wrong magic", "png cut at 20 bytes", "png cut in half", "jpeg cut in half", "jpeg cut after its marker",
        "tiff cut at 60000", "tiff cut at 75000", "tiff cut at 82000", "tiff page 2 scrambled", "tiff strip past the end",
        "png scrambled", "jpeg scrambled",
        "png bomb", "gif bomb", "jpeg bomb", "bmp bomb", "pgm bomb", "webp bomb", "jp2 bomb", "tiff bomb",
        "pdf cut in half", "pdf damaged", "pdf page 2 too large", "heic cut in half", "heic bomb", "heic declaring 2^32-1 a side",
        "character device", "socket", "symlink loop", "dangling link", "missing",
        "3 GB of zeros", "3 GB behind a png header",
    ]

    static let bomb = "image is 60000×60000 pixels, more than the limit of 64000000 pixels (see --max-pixels)"
    static let maximalSides = "image is 4294967295×4294967295 pixels, more than the limit of 64000000 pixels (see --max-pixels)"

    /// The HEIC fixture with its `ispe` box declaring 4294967295 × 4294967295, whose product
    /// passes `Int.max` (it once stopped the whole process).
    static func heicDeclaringMaximalSides(_ heic: Data) throws -> Data {
        guard let ispe = heic.range(of: Data("ispe".utf8))?.lowerBound else { throw CocoaError(.fileReadCorruptFile) }
        var data = heic
        data.replaceSubrange(ispe + 8 ..< ispe + 16, with: Data(repeating: 0xFF, count: 8))
        return data
    }

    /// Made once per test process.
    static let shared: Result<HostileCorpus, Error> = Result { try HostileCorpus() }

    private init() throws {
        let root = try TestPaths.temporaryDirectory()
        let menu = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("korean-menu.png")))
        let page = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("english-page.jpg")))
        let tiff = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("english-two-pages.tif")))
        var made: [String: Case] = [:]
        /// A file; `goodPages` pages read well before the failed one.
        func file(_ name: String, _ data: Data, _ message: String, _ code: String, goodPages: Int = 0) throws {
            let url = root.appendingPathComponent(name)
            try data.write(to: url)
            let line = (goodPages > 0 ? " (page \(goodPages + 1)): " : ": ") + message
            made[Self.caseName(name)] = Case(path: url.path, line: line, code: code, goodPages: goodPages)
        }
        let truncated = "image data is truncated"
        try file("empty.png", Data(), "file is empty", "empty_file")
        try file("text.png", Data("just some notes\n".utf8), "not an image (unrecognised file format)", "not_an_image")
        try file("wrong magic.png", Data([0]) + menu.dropFirst(), "not an image (unrecognised file format)", "not_an_image")
        try file("png cut at 20 bytes.png", menu.prefix(20), truncated, "truncated_image")
        try file("png cut in half.png", menu.prefix(menu.count / 2), truncated, "truncated_image")
        try file("jpeg cut in half.jpg", page.prefix(page.count / 2), truncated, "truncated_image")
        try file("jpeg cut after its marker.jpg", page.prefix(2), truncated, "truncated_image")
        let lost = "image data is truncated (the file declares at least 2 pages)"
        for length in [60000, 75000, 82000] {
            try file("tiff cut at \(length).tif", tiff.prefix(length), lost, "truncated_image", goodPages: 1)
        }
        try file("tiff page 2 scrambled.tif", Self.xor(tiff, stripOf: 1, in: 100..<4000),
                 "image data is corrupt: libtiff: Using code not yet in table (the file declares 2 pages)", "corrupt_image",
                 goodPages: 1)
        try file("tiff strip past the end.tif", Self.stripPastTheEnd(tiff),
                 "image data is truncated (the file declares 2 pages)", "truncated_image", goodPages: 1)
        try file("png scrambled.png", Self.xor(menu, 2000..<4000, with: 0x33), "image data is corrupt: libpng: bad adaptive filter value",
                 "corrupt_image")
        try file("jpeg scrambled.jpg", Self.xor(page, 5000..<5100, with: 0x5A),
                 "image data is corrupt: libjpeg: Corrupt JPEG data: 4 extraneous bytes before marker 0xd9", "corrupt_image")
        let bombs: [(String, Data)] = [
            ("png bomb.png", SyntheticImages.pngHeader(width: 60000, height: 60000)),
            ("gif bomb.gif", SyntheticImages.gifHeader(width: 60000, height: 60000)),
            ("jpeg bomb.jpg", SyntheticImages.jpegHeader(width: 60000, height: 60000)),
            ("bmp bomb.bmp", SyntheticImages.bmpHeader(width: 60000, height: 60000)),
            ("pgm bomb.pgm", SyntheticImages.pgmHeader(width: 60000, height: 60000)),
            ("webp bomb.webp", SyntheticImages.webpHeader(width: 60000, height: 60000)),
            ("jp2 bomb.jp2", SyntheticImages.jp2Header(width: 60000, height: 60000)),
            ("tiff bomb.tif", SyntheticImages.tiff(pages: 1, width: 60000, height: 60000, pixels: false)),
        ]
        for (name, data) in bombs { try file(name, data, Self.bomb, "image_too_large") }
        let pdf = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("english-spanish-pages.pdf")))
        let heic = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("english-page.heic")))
        try file("pdf cut in half.pdf", pdf.prefix(pdf.count / 2), truncated, "truncated_image")
        try file("pdf damaged.pdf", Data("%PDF-1.4\nnot a PDF body\n%%EOF\n".utf8), "image data is corrupt: poppler: PDF document is damaged",
                 "corrupt_image")
        guard let hugeSecondPage = SyntheticImages.pdfWithHugeSecondPage(pdf) else { throw CocoaError(.fileReadCorruptFile) }
        try file("pdf page 2 too large.pdf", hugeSecondPage,
                 "image is 99999×99999 pixels, more than the limit of 64000000 pixels (see --max-pixels)", "image_too_large",
                 goodPages: 1)
        try file("heic cut in half.heic", heic.prefix(heic.count / 2), truncated, "truncated_image")
        try file("heic bomb.heic", SyntheticImages.heifHeader(width: 60000, height: 60000), Self.bomb, "image_too_large")
        try file("heic declaring 2^32-1 a side.heic", try Self.heicDeclaringMaximalSides(heic), Self.maximalSides, "image_too_large")

        func special(_ name: String, _ path: String, _ message: String, _ code: String) {
            made[name] = Case(path: path, line: ": " + message, code: code)
        }
        special("character device", "/dev/null", "is a character device, not an image file", "is_device")
        let socketPath = root.appendingPathComponent("socket.png").path
        try Self.makeSocket(at: socketPath)
        special("socket", socketPath, "is a socket, not an image file", "is_socket")
        let loopA = root.appendingPathComponent("loop-a.png").path, loopB = root.appendingPathComponent("loop-b.png").path
        try FileManager.default.createSymbolicLink(atPath: loopA, withDestinationPath: loopB)
        try FileManager.default.createSymbolicLink(atPath: loopB, withDestinationPath: loopA)
        special("symlink loop", loopA, "too many levels of symbolic links (a link that leads back to itself)", "symlink_loop")
        let dangling = root.appendingPathComponent("dangling.png").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: root.appendingPathComponent("gone").path)
        special("dangling link", dangling, "no such file", "not_found")
        special("missing", root.appendingPathComponent("missing.png").path, "no such file", "not_found")

        // Sparse: three gigabytes that take no room on disk.
        let zeros = root.appendingPathComponent("3 GB of zeros.png").path
        try Self.sparse(Data(), at: zeros)
        special("3 GB of zeros", zeros, "not an image (unrecognised file format)", "not_an_image")
        let huge = root.appendingPathComponent("3 GB behind a png header.png").path
        try Self.sparse(SyntheticImages.pngHeader(width: 1000, height: 1000), at: huge)
        special("3 GB behind a png header", huge, "input is larger than the limit of 256000000 bytes (see --max-input-size)",
                "input_too_large")

        var good: [String] = []
        let screenshot = try Data(contentsOf: TestPaths.screenshots.appendingPathComponent("de-dialog@1x.png"))
        for name in ["good.png", "-dash.png", "odd name\nwith a newline.png", "ünïcødé 画像 ?*.png"] {
            let url = root.appendingPathComponent(name)
            try screenshot.write(to: url)
            good.append(url.path)
        }
        directory = root
        cases = made
        goodFiles = good
    }

    /// The line stderr gives for a case.
    func expectedLine(_ name: String) -> String {
        let item = cases[name]!
        return "translate: \(item.path)\(item.line)"
    }

    private static func caseName(_ file: String) -> String {
        (file as NSString).deletingPathExtension
    }

    private static func xor(_ data: Data, _ range: Range<Int>, with mask: UInt8) -> Data {
        var data = data
        for index in range { data[index] ^= mask }
        return data
    }

    /// `data`, a little-endian TIFF file, with bytes `range` of page `page`'s first strip scrambled.
    private static func xor(_ data: Data, stripOf page: Int, in range: Range<Int>) throws -> Data {
        let first = Int(uint32(data, at: try stripOffsetsField(ofPage: page, in: data)))
        return xor(data, (first + range.lowerBound)..<(first + range.upperBound), with: 0x5A)
    }

    /// `data` with the second page's first strip pointing far past the end of the file.
    private static func stripPastTheEnd(_ data: Data) throws -> Data {
        var data = data
        let field = try stripOffsetsField(ofPage: 1, in: data)
        data.replaceSubrange(field..<field + 4, with: [0x7F, 0x96, 0x98, 0x00])
        return data
    }

    private static func stripOffsetsField(ofPage index: Int, in data: Data) throws -> Int {
        var directory = Int(uint32(data, at: 4))
        for _ in 0..<index {
            directory = Int(uint32(data, at: directory + 2 + 12 * Int(uint16(data, at: directory))))
        }
        for entry in 0..<Int(uint16(data, at: directory)) where uint16(data, at: directory + 2 + 12 * entry) == 273 {
            return Int(uint32(data, at: directory + 2 + 12 * entry + 8))
        }
        throw CocoaError(.fileReadCorruptFile)
    }

    private static func uint16(_ data: Data, at offset: Int) -> UInt16 {
        UInt16(data[offset]) | UInt16(data[offset + 1]) << 8
    }

    private static func uint32(_ data: Data, at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(data[offset + $1]) << (8 * $1) }
    }

    private static func sparse(_ start: Data, at path: String) throws {
        try start.write(to: URL(fileURLWithPath: path))
        guard truncate(path, 3 << 30) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    private static func makeSocket(at path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw CocoaError(.fileWriteInvalidFileName) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}

/// Each hostile input fails alone with its own one-line message and exit status, and the good
/// inputs beside it are read.
@Suite struct HostileInputTests {
    private func corpus() throws -> HostileCorpus {
        try HostileCorpus.shared.get()
    }

    @Test("alone, each bad input has its exit status and its one line", arguments: HostileCorpus.names)
    func alone(name: String) throws {
        let corpus = try corpus()
        let item = try #require(corpus.cases[name])
        let run = InProcessRun([item.path, "--ocr-only", "-l", "eng", "--format", "jsonl"])
        #expect(run.standardError == corpus.expectedLine(name) + "\n")
        let results = try run.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(results.count == item.goodPages + 1)
        #expect((results.last?["error"] as? [String: Any])?["code"] as? String == item.code)
        if item.goodPages > 0 {
            #expect(run.exitCode == ExitCode.someInputsFailed.rawValue)
            #expect(results.dropLast().allSatisfy { $0["error"] is NSNull && (($0["boxes"] as? [Any])?.count ?? 0) > 0 })
        } else {
            #expect(run.exitCode == ExitCode.noInputReadable.rawValue)
        }
    }

    @Test("together with good files, as a separate process: nothing but our lines on stderr")
    func allTogether() throws {
        let corpus = try corpus()
        let bad = HostileCorpus.names.map { corpus.cases[$0]!.path }
        let inputs = [corpus.goodFiles[0]] + bad + corpus.goodFiles.dropFirst()
        let run = try ProcessRun(["--ocr-only", "-l", "eng", "--format", "jsonl", "-j", "2", "--"] + inputs)
        #expect(run.exitCode == ExitCode.someInputsFailed.rawValue)
        var lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "")
        lines.removeLast()
        let summary = lines.popLast() ?? ""
        #expect(lines == HostileCorpus.names.map(corpus.expectedLine))
        let results = try run.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        // Multi-page files among them: the summary counts pages, one result each.
        #expect(summary.hasPrefix("translate: \(results.count) pages of \(inputs.count) images in "))
        #expect(summary.hasSuffix(", \(HostileCorpus.names.count) failed"))

        for good in corpus.goodFiles {
            let result = try #require(results.first { $0["file"] as? String == good })
            #expect(result["error"] is NSNull, "\(good)")
            #expect(((result["boxes"] as? [Any])?.count ?? 0) >= 5, "\(good)")
        }
        for name in HostileCorpus.names {
            let item = corpus.cases[name]!
            let pages = results.filter { $0["file"] as? String == item.path }
            #expect(pages.count == item.goodPages + 1, "\(name)")
            #expect((pages.last?["error"] as? [String: Any])?["code"] as? String == item.code, "\(name)")
        }
    }
}

/// A crafted header in a folder of good images: the run goes on and the header fails alone.
@Suite struct CraftedHeaderInFolderTests {
    @Test("a folder with a HEIC declaring 2^32-1 × 2^32-1 and a good image: the image is read, the HEIC named on one line")
    func heicDeclaringMaximalSides() throws {
        let folder = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let heic = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("english-page.heic")))
        let crafted = folder.appendingPathComponent("b.heic")
        try HostileCorpus.heicDeclaringMaximalSides(heic).write(to: crafted)
        let good = folder.appendingPathComponent("good.png")
        try Data(contentsOf: TestPaths.screenshots.appendingPathComponent("de-dialog@1x.png")).write(to: good)

        // A separate process: a trap would end it, where an in-process run would end the tests.
        let run = try ProcessRun([folder.path, "--ocr-only", "-l", "eng", "--format", "plain"])
        #expect(run.exitCode == ExitCode.someInputsFailed.rawValue, "\(run.standardError)")
        #expect(run.standardOutput.contains("Datei konnte nicht gespeichert werden"))
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first == "translate: \(crafted.path): \(HostileCorpus.maximalSides)")
        #expect(lines.count == 2 && lines.last?.hasSuffix(", 1 failed") == true, "\(lines)")
    }
}

/// Pipes and devices as inputs: read like standard input, or refused with their own message.
@Suite struct StreamInputTests {
    let screenshot = TestPaths.screenshots.appendingPathComponent("de-dialog@1x.png").path

    @Test("a FIFO is read like standard input, also as root")
    func fifo() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: screenshot))
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
            try? handle.write(contentsOf: bytes)
            try? handle.close()
        }
        writer.start()
        let run = InProcessRun([fifo, "--ocr-only", "-l", "eng", "--format", "plain"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Datei konnte nicht gespeichert werden"))
    }

    /// Held until 256 MB (374 MB resident) before it was refused.
    @Test("a FIFO with a 100×100 PNG header and bytes without end is refused soon, in little memory",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
    func fifoBehindASmallHeader() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let header = directory.appendingPathComponent("header.png")
        try SyntheticImages.pngHeader(width: 100, height: 100).write(to: header)
        let fifo = directory.appendingPathComponent("pipe.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let started = ContinuousClock.now
        // The writer gets SIGPIPE once the command stops reading; GNU time prints the peak RSS in KiB.
        let script = #"(cat "$1" /dev/zero > "$2" 2>/dev/null &); /usr/bin/time -f "rss %M" "$0" --ocr-only -l eng "$2""#
        let run = try ProcessRun(["-c", script, TestPaths.executable.path, header.path, fifo], executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(run.exitCode == ExitCode.noInputReadable.rawValue)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        let limit = 100 * 100 * 10 + (8 << 20)
        #expect(lines.first == "translate: \(fifo): stream is larger than the limit of \(limit) bytes for an image of 100×100 pixels (see --max-input-size)")
        let peak = try #require(lines.last.flatMap { $0.hasPrefix("rss ") ? Int($0.dropFirst(4)) : nil }, "\(lines)")
        #expect(peak < 200_000, "peak resident memory \(peak) KiB")
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test("a process substitution is read like standard input")
    func processSubstitution() throws {
        let run = try ProcessRun(["-c", #""$0" --ocr-only -l eng --format plain <(cat "$1")"#, TestPaths.executable.path, screenshot],
                                 executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError == "")
        #expect(run.standardOutput.contains("Datei konnte nicht gespeichert werden"))
    }

    @Test("/dev/zero on standard input is refused from its first bytes")
    func zerosOnStandardInput() throws {
        let started = ContinuousClock.now
        let run = try ProcessRun(["-c", #""$0" --ocr-only - < /dev/zero"#, TestPaths.executable.path],
                                 executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(run.exitCode == ExitCode.noInputReadable.rawValue)
        #expect(run.standardError == "translate: -: not an image (unrecognised file format)\n")
        // Generous for a loaded machine; reading it whole would never end.
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test("--files-from /dev/zero ends the list, and the other inputs are read")
    func zerosAsAList() {
        let run = InProcessRun(["--files-from", "/dev/zero", screenshot, "--ocr-only", "-l", "eng", "--format", "plain"])
        #expect(run.exitCode == ExitCode.someInputsFailed.rawValue)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first == "translate: /dev/zero: the list of inputs stops at line 1, which holds a NUL byte (for a NUL-separated list, add --null)")
        #expect(run.standardOutput.contains("Datei konnte nicht gespeichert werden"))
    }

    @Test("a NUL-separated list of nothing but NULs ends, and with no other input nothing could be read")
    func nulsAsANulSeparatedList() {
        let run = InProcessRun(["--files-from", "-", "-0", "--ocr-only"], standardInput: Data(count: 100_000))
        #expect(run.exitCode == ExitCode.noInputReadable.rawValue)
        #expect(run.standardError.hasPrefix(
            "translate: -: the list of inputs stops at entry 4097, after more than 4096 empty entries in a row\n"))
    }

    @Test("paths listed before an over-long line are read")
    func overLongLine() {
        let list = screenshot + "\n" + String(repeating: "x", count: 5000) + "\n"
        let run = InProcessRun(["--files-from", "-", "--ocr-only", "-l", "eng", "--format", "plain"], standardInput: Data(list.utf8))
        #expect(run.exitCode == ExitCode.someInputsFailed.rawValue)
        #expect(run.standardError.hasPrefix("translate: -: the list of inputs stops at line 2, which is longer than 4096 bytes\n"))
        #expect(run.standardOutput.contains("Datei konnte nicht gespeichert werden"))
    }
}

/// What opening an input checks.
@Suite struct InputReaderTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    let reader = InputReader(readStandardInput: { Data("piped".utf8) })

    private func bytes(_ source: InputSource) throws -> Data {
        try reader.open(source).read(upTo: 1 << 20)
    }

    @Test func reportsFileSystemProblems() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let empty = directory.appendingPathComponent("empty.png")
        #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        #expect(throws: ImageError.notFound) { try reader.open(.file(directory.appendingPathComponent("missing.png").path)) }
        #expect(throws: ImageError.isDirectory) { try reader.open(.file(directory.path)) }
        #expect(throws: ImageError.isDevice(.character)) { try reader.open(.file("/dev/zero")) }
        #expect(try reader.open(.file(empty.path)).knownSize == 0)
        #expect(throws: ImageError.empty) { try ImageDecoder().decodePages(of: .file(empty.path), reader: reader) }
    }

    @Test(.enabled(if: getuid() != 0, "root can read any file"))
    func reportsUnreadableFiles() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let locked = directory.appendingPathComponent("locked.png")
        #expect(FileManager.default.createFile(atPath: locked.path, contents: Data("x".utf8), attributes: [.posixPermissions: 0]))
        #expect(throws: ImageError.permissionDenied) { try reader.open(.file(locked.path)) }
    }

    @Test func readsStandardInput() throws {
        #expect(try bytes(.standardInput) == Data("piped".utf8))
        #expect(throws: ImageError.empty) {
            try ImageDecoder().decodePages(of: .standardInput, reader: InputReader(readStandardInput: { Data() }))
        }
    }
}
