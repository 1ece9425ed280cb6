import Foundation
import TranslateModel
import TranslateOutput

/// `--output-dir` for documents (inputs of several pages), whose pages are kept as each is done
/// and whose result file is written once the last one is.
///
/// While a document is read its finished pages are in its page log (`PageLog`), and with
/// `--format png` each page's picture is in its `.partial` file. When every page is done the
/// result file is written from the log (the pictures take their own names) and the log goes;
/// when the run is interrupted within the document, or a page failed, what was read goes to
/// the `.partial` file and the log stays, for `--skip-existing` to resume from.
extension OutputDirectory {
    func pageLog(for relative: String) -> PageLog {
        let result = resultFile(for: relative) as NSString
        let directory = result.deletingLastPathComponent
        let name = "." + result.lastPathComponent + ".pages"
        return PageLog(files: files, file: directory.isEmpty ? name : directory + "/" + name)
    }

    /// How many pages of the document at `relative` an earlier run finished: where to resume it.
    func pagesDone(_ relative: String, pageCount: Int) -> Int {
        pageLog(for: relative).pagesDone(pageCount: pageCount)
    }

    /// Starts reading the document at `relative` after its first `keeping` pages, which an
    /// earlier run finished (none: from its first page, forgetting any earlier run).
    func beginDocument(_ relative: String, keeping: Int) throws(OutputFileError) {
        try pageLog(for: relative).start(keeping: keeping)
    }

    /// What of a finished page must be kept now, while it has its pixels: its picture, written
    /// to its `.partial` file (`png`), or its section of the HTML view, returned.
    func drawPage(_ page: ImageResult, of relative: String) throws(OutputFileError) -> String? {
        guard format == .png else { return format.drawnPart(of: page, renderingClock: renderingClock) }
        guard page.pixels != nil else { return nil }
        let file = pictureFile(for: relative, page: page.page)
        let png = format.renderedBytes([page], renderingClock: renderingClock)
        guard !png.isEmpty else { throw .cannotWrite(path: files.path(of: file), reason: "the picture could not be drawn") }
        try files.write(Data(png), to: file + ".partial")
        return nil
    }

    /// Keeps a finished page, after the pages before it.
    func keep(_ page: ImageResult, drawn: String?, pageCount: Int, of relative: String) throws(OutputFileError) {
        try pageLog(for: relative).append(PageRecord(page, pageCount: pageCount, drawn: drawn))
    }

    /// Writes the result file of the document at `relative` from its kept pages: the complete
    /// file when all `pageCount` pages are there and none failed, else the partial one (when
    /// any text was read), keeping the log.
    func finishDocument(_ relative: String, pageCount: Int) throws(OutputFileError) {
        let log = pageLog(for: relative)
        let records = log.records()
        let results = records.map(\.result)
        let complete = results.count == pageCount && results.allSatisfy { $0.error == nil }
        if format == .png {
            // The pictures are written; a complete document's take their own names.
            if complete {
                for page in 1...pageCount {
                    let file = pictureFile(for: relative, page: page)
                    _ = try files.rename(file + ".partial", to: (file as NSString).lastPathComponent)
                }
            }
        } else if complete || results.contains(where: { !$0.boxes.isEmpty }) {
            let bytes = format.renderedBytes(results, drawnParts: records.map(\.drawn), renderingClock: renderingClock)
            try files.write(Data(bytes), to: complete ? resultFile(for: relative) : partialFile(for: relative))
        }
        if complete {
            files.remove(partialFile(for: relative))
            log.remove()
        }
    }
}
