import Foundation
import TextRecognition
import TranslateModel

/// How a batch run reads one input: page by page, each page handed on as soon as it is read,
/// from the first page or, with `--skip-existing`, from the first one an earlier run did not
/// finish; a cancellation stops it before the next page.
struct PageReading: Sendable {
    let outputDirectory: OutputDirectory?
    let skipExisting: Bool
    /// Gives boxes their languages when neither recognition nor translation does.
    let languages: LanguagePlan?
    let cancellation: PoolCancellation

    /// Reads `input`'s pages in order with `reader`, emitting each, until the last one or a
    /// cancellation; tells `opened` what it is reading before the first page.
    func read(_ input: BatchInput, with reader: PageReader, opened: (InputReading) -> Void, emit: (PageInFlight) -> Void) {
        let name = input.source.displayName
        if let failure = input.failure {
            opened(InputReading(file: name, pageCount: 1, firstPage: 1, inDocument: false))
            emit(PageInFlight(page: FinishedPage(result: .failed(file: name, error: failure))))
            return
        }
        let pages = reader.open(input.source)
        let pageCount = pages.pageCount
        var firstPage = 1
        // A document's pages are kept in its page log as each is done; a single page is
        // written with its input's result file.
        let document = pageCount > 1 ? outputDirectory.flatMap { directory in input.outputPath.map { (directory, $0) } } : nil
        if let (directory, relative) = document {
            let done = skipExisting ? directory.pagesDone(relative, pageCount: pageCount) : 0
            do {
                try directory.beginDocument(relative, keeping: done)
                firstPage = done + 1
            } catch {
                // Its pages could not be kept: it fails as a whole, unread.
                opened(InputReading(file: name, pageCount: 1, firstPage: 1, inDocument: false))
                emit(PageInFlight(page: FinishedPage(result: .failed(file: name, error: ResultError(any: error)))))
                return
            }
        }
        opened(InputReading(file: name, pageCount: pageCount, firstPage: firstPage, inDocument: document != nil))
        var number = firstPage
        // Pages not started when the run is cancelled are not read; the one being read is.
        while number <= pageCount, !cancellation.isCancelled {
            let clock = ContinuousClock.now
            var result = reader.read(page: number, of: pages)
            var stop: RunStop?
            if let languages, result.error == nil, let failure = languages.assign(&result) {
                result.error = ResultError(any: failure)
                stop = (failure as? ReportableError)?.stopsRun
            }
            emit(PageInFlight(page: FinishedPage(result: result, pageCount: pageCount, duration: ContinuousClock.now - clock, stop: stop),
                              inDocument: document != nil))
            number += 1
        }
    }
}

/// A page between being read and being delivered.
struct PageInFlight: Sendable {
    var page: FinishedPage
    /// It belongs to a document whose pages are kept in a page log (`--output-dir`).
    var inDocument = false
    /// What only its pixels could render, drawn before they go (`OutputFormat.drawnPart`).
    var drawn: String?
}

/// What one input is, as read, for its end.
struct InputReading: Sendable {
    var file: String
    var pageCount: Int
    /// The page this run started at: after those an earlier run finished.
    var firstPage: Int
    /// Its pages are kept in a page log, from which its result file is written at its end.
    var inDocument: Bool
}
