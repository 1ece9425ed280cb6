import Foundation
import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput

/// Why a result file could not be written under `--output-dir`.
public enum OutputFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotCreateDirectory(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    /// Two inputs would write the same file: the later one is not read.
    case conflict(path: String, otherInput: String)

    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason): "cannot create directory \(path): \(reason)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .conflict(let path, let other): "its result file \(path) is already the result of \(other)"
        }
    }
}

extension OutputFileError: ReportableError {
    public var code: String {
        switch self {
        case .cannotCreateDirectory, .cannotWrite: "output_failed"
        case .conflict: "output_conflict"
        }
    }
}

/// `--output-dir`: one result file per input, at the input's path below the directory plus the
/// format's extension (`shots/a.png` → `DIR/shots/a.png.json`), holding exactly what the run
/// would print for that input alone. A PNG file holds one page: page 1 of an input goes to its
/// result file, every later page to one of its own (`DIR/scan.tif.png`, `DIR/scan.tif.page-2.png`).
public struct OutputDirectory: Sendable {
    public let root: String
    public let format: OutputFormat
    /// Counts the time spent drawing pictures (`png` and `html`).
    public let renderingClock: RenderingClock

    public init(root: String, format: OutputFormat, renderingClock: RenderingClock = RenderingClock()) {
        self.root = root
        self.format = format
        self.renderingClock = renderingClock
    }

    /// The picture file of one page of an input (`--format png`).
    func picturePath(for relative: String, page: Int) -> String {
        page == 1 ? path(for: relative) : InputCollector.join(root, relative) + ".page-\(page)." + format.fileExtension
    }

    /// The result file of the input whose output path is `relative`.
    func path(for relative: String) -> String {
        InputCollector.join(root, relative) + "." + format.fileExtension
    }

    func exists(_ relative: String) -> Bool {
        FileStatus.of(path(for: relative), followingLinks: true) == .file
    }

    /// Creates the directory when it is missing.
    func prepare() throws(OutputFileError) {
        try AtomicFile.makeDirectory(root)
    }

    /// The file that keeps what was read of an input that failed (`DIR/a.png.json.partial`):
    /// it holds the text and the errors, and `--skip-existing` does not count it as done.
    func partialPath(for relative: String) -> String {
        path(for: relative) + ".partial"
    }

    /// Renders `results` in the format and writes them, atomically, to their file when every
    /// page succeeded; otherwise to the partial file, when any text was read, so that the text
    /// is kept and a later `--skip-existing` run still tries the input again. A complete result
    /// replaces an older partial one.
    func write(_ results: [ImageResult], to relative: String) throws(OutputFileError) {
        let complete = results.allSatisfy { $0.error == nil }
        guard complete || results.contains(where: { !$0.boxes.isEmpty }) else { return }
        if format == .png { return try writePictures(results, to: relative, complete: complete) }
        try AtomicFile.write(Data(format.renderedBytes(results, renderingClock: renderingClock)),
                             to: complete ? path(for: relative) : partialPath(for: relative))
        if complete { unlink(partialPath(for: relative)) }
    }

    /// One PNG file per page that was read; when a page failed, the others go to partial files.
    private func writePictures(_ results: [ImageResult], to relative: String, complete: Bool) throws(OutputFileError) {
        for result in results where result.pixels != nil {
            let path = picturePath(for: relative, page: result.page)
            let png = format.renderedBytes([result], renderingClock: renderingClock)
            guard !png.isEmpty else { throw .cannotWrite(path: path, reason: "the picture could not be drawn") }
            try AtomicFile.write(Data(png), to: complete ? path : path + ".partial")
            if complete { unlink(path + ".partial") }
        }
    }
}

/// Writes whole files or nothing: a reader (or a later `--skip-existing` run) never sees half a
/// file, even when the run is killed while writing.
enum AtomicFile {
    /// Writes `data` to a new hidden file next to `path`, then renames it over `path`.
    /// The file gets the usual mode (0666 less the umask).
    static func write(_ data: Data, to path: String) throws(OutputFileError) {
        let directory = (path as NSString).deletingLastPathComponent
        try makeDirectory(directory.isEmpty ? "." : directory)
        let name = (path as NSString).lastPathComponent
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<16 {
            temporary = InputCollector.join(directory.isEmpty ? "." : directory,
                                            ".\(name).\(String(UInt32.random(in: .min ... .max), radix: 36)).tmp")
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: String(cString: strerror(failure)))
        }
    }

    static func makeDirectory(_ path: String) throws(OutputFileError) {
        if FileStatus.of(path, followingLinks: true) == .directory { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateDirectory(path: path, reason: FileStatus.reason(error))
        }
    }
}
