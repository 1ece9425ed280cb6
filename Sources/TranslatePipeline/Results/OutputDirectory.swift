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
    /// The way to the result file is a symbolic link (to `link`, when it can be read), or climbs
    /// out: results stay inside the output directory.
    case outsideDirectory(path: String, link: String?)

    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason): "cannot create directory \(path): \(reason)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .conflict(let path, let other): "its result file \(path) is already the result of \(other)"
        case .outsideDirectory(let path, let link):
            "not writing through \(path)" + (link.map { " (a symbolic link to \($0))" } ?? "") + ": results stay inside the output directory"
        }
    }
}

extension OutputFileError: ReportableError {
    public var code: String {
        switch self {
        case .cannotCreateDirectory, .cannotWrite: "output_failed"
        case .conflict: "output_conflict"
        case .outsideDirectory: "output_outside_directory"
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

    /// Where every file is written: below `root`, never through a symbolic link.
    var files: ConfinedDirectory { ConfinedDirectory(root: root) }

    /// The picture file of one page of an input (`--format png`), below the directory.
    func pictureFile(for relative: String, page: Int) -> String {
        page == 1 ? resultFile(for: relative) : relative + ".page-\(page)." + format.fileExtension
    }

    /// The result file of the input whose output path is `relative`, below the directory.
    func resultFile(for relative: String) -> String {
        relative + "." + format.fileExtension
    }

    /// The result file's whole path, for messages.
    func path(for relative: String) -> String {
        files.path(of: resultFile(for: relative))
    }

    /// Whether the input's result file is there: a regular file, not a link to one.
    func exists(_ relative: String) -> Bool {
        files.isFile(resultFile(for: relative))
    }

    /// Whether a symbolic link stands where the input's result file would be (it is replaced,
    /// not followed, when the result is written).
    func linkStandsAtResult(_ relative: String) -> Bool {
        files.isLink(resultFile(for: relative))
    }

    /// Creates the directory when it is missing.
    func prepare() throws(OutputFileError) {
        if FileStatus.of(root, followingLinks: true) == .directory { return }
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateDirectory(path: root, reason: FileStatus.reason(error))
        }
    }

    /// The file that keeps what was read of an input that failed (`DIR/a.png.json.partial`):
    /// it holds the text and the errors, and `--skip-existing` does not count it as done.
    func partialFile(for relative: String) -> String {
        resultFile(for: relative) + ".partial"
    }

    /// Renders `results` in the format and writes them, atomically, to their file when every
    /// page succeeded; otherwise to the partial file, when any text was read, so that the text
    /// is kept and a later `--skip-existing` run still tries the input again. A complete result
    /// replaces an older partial one.
    func write(_ results: [ImageResult], to relative: String) throws(OutputFileError) {
        let complete = results.allSatisfy { $0.error == nil }
        guard complete || results.contains(where: { !$0.boxes.isEmpty }) else { return }
        if format == .png { return try writePictures(results, to: relative, complete: complete) }
        try files.write(Data(format.renderedBytes(results, renderingClock: renderingClock)),
                        to: complete ? resultFile(for: relative) : partialFile(for: relative))
        if complete { files.remove(partialFile(for: relative)) }
    }

    /// One PNG file per page that was read; when a page failed, the others go to partial files.
    private func writePictures(_ results: [ImageResult], to relative: String, complete: Bool) throws(OutputFileError) {
        for result in results where result.pixels != nil {
            let file = pictureFile(for: relative, page: result.page)
            let png = format.renderedBytes([result], renderingClock: renderingClock)
            guard !png.isEmpty else { throw .cannotWrite(path: files.path(of: file), reason: "the picture could not be drawn") }
            try files.write(Data(png), to: complete ? file : file + ".partial")
            if complete { files.remove(file + ".partial") }
        }
    }
}
