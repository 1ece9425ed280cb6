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
    let path: String

    /// The pages it holds, in order, up to the first line that is not a whole record (the end
    /// of a run killed while writing it).
    func records() -> [PageRecord] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
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
        try AtomicFile.write(kept, to: path)
    }

    /// Adds a finished page at the end.
    func append(_ record: PageRecord) throws(OutputFileError) {
        let line = try line(record)
        let directory = (path as NSString).deletingLastPathComponent
        try AtomicFile.makeDirectory(directory.isEmpty ? "." : directory)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        // One write, so that a line is whole or, when the run is killed, the log's last and
        // unreadable one.
        let written = line.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else {
            throw .cannotWrite(path: path, reason: written < 0 ? String(cString: strerror(errno)) : "short write")
        }
    }

    func remove() {
        unlink(path)
    }

    private func line(_ record: PageRecord) throws(OutputFileError) -> Data {
        do {
            return try JSONEncoder().encode(record) + Data("\n".utf8)
        } catch {
            throw .cannotWrite(path: path, reason: "\(error)")
        }
    }
}
