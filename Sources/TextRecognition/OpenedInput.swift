import ImageDecoding
/// One input opened to be read page by page (`PageReader.open`): its pages, or why it cannot
/// be read at all.
///
/// Not `Sendable`: its pages stay on the thread that opened it (a PDF document, TIFF bytes).
public struct OpenedInput {
    /// The input as given on the command line.
    public let name: String
    let pages: Result<DecodedPages, ImageError>

    /// How many results reading it gives: its pages, or one when it cannot be read at all.
    public var pageCount: Int {
        (try? pages.get())?.count ?? 1
    }
}
