import Foundation

/// The finished pages of a document whose result file is not written yet: one JSON line per
/// page (`PageRecord`), appended as each page is done, in page order, in a hidden file next to
/// the result file (`DIR/.scan.pdf.json.pages`).
///
/// It is what an interrupted run leaves of a long document, and where `--skip-existing`
/// resumes it: the pages in it are not read again, and the result file is written from it once
/// the last page is done, then it is removed. Appending a line costs the same on page 9,000 as
/// on page 1, where rewriting the result file after every page would cost the whole file.
struct PageLog {
    /// The output directory, and the log's path below it.
    let files: ConfinedDirectory
    let file: String

    var path: String { files.path(of: file) }

    /// The pages it holds, in order, up to the first line that is not a whole record (the end
    /// of a run killed while writing it).
    func records() -> [PageRecord] {
        guard let data = files.contents(of: file) else { return [] }
        let decoder = JSONDecoder()
        var records: [PageRecord] = []
        var start = data.startIndex
        while let newline = data[start...].firstIndex(of: UInt8(ascii: "\n")) {
            guard let record = try? decoder.decode(PageRecord.self, from: data[start..<newline]) else { break }
            records.append(record)
            start = data.index(after: newline)
        }
        return records
    }

    /// How many pages of a document of `pageCount` pages an earlier run finished and kept:
    /// those before the first page that is missing, out of place or failed (a failed page is
    /// read again, and every one after it).
    func pagesDone(pageCount: Int) -> Int {
        var done = 0
        for record in records() {
            guard record.pageCount == pageCount, record.page == done + 1, record.error == nil else { break }
            done += 1
        }
        return done
    }

    /// Starts the log afresh, with the first `keeping` pages it holds (none: no log).
    func start(keeping: Int) throws(OutputFileError) {
        guard keeping > 0 else { return remove() }
        var kept = Data()
        for record in records().prefix(keeping) { kept += try line(record) }
        try files.write(kept, to: file)
    }

    /// Adds a finished page at the end.
    func append(_ record: PageRecord) throws(OutputFileError) {
        try files.append(try line(record), to: file)
    }

    func remove() {
        files.remove(file)
    }

    private func line(_ record: PageRecord) throws(OutputFileError) -> Data {
        do {
            return try JSONEncoder().encode(record) + Data("\n".utf8)
        } catch {
            throw .cannotWrite(path: path, reason: "\(error)")
        }
    }
}
