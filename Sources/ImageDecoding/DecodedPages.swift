/// The pages of one input, each decoded (or, for a PDF, made ready to render) only when it is
/// asked for.
///
/// A long TIFF or PDF is read page by page: its first page is read before its last is
/// decoded, one page's pixels are held at a time, and a run that resumes a document at page
/// `k` decodes nothing before it. Not `Sendable`: like the pages it makes, it stays on the
/// thread that opened the input.
public final class DecodedPages {
    /// How many pages there are, failed ones included (a TIFF cut short has one more, failed).
    public let count: Int
    private let make: (Int) -> DecodedPage

    /// `count` pages, page `number` (1-based) made by `make` when it is asked for.
    init(count: Int, make: @escaping (_ number: Int) -> DecodedPage) {
        self.count = count
        self.make = make
    }

    /// The one page of a single-page image, already decoded.
    convenience init(_ page: DecodedPage) {
        self.init(count: 1) { _ in page }
    }

    /// Page `number`, from 1 to `count`.
    public func page(_ number: Int) -> DecodedPage {
        precondition((1...count).contains(number), "page \(number) of \(count)")
        return make(number)
    }

    /// Every page, in order: TIFF pages decoded now, PDF pages still to be rendered.
    public var all: [DecodedPage] {
        (0..<count).map { page($0 + 1) }
    }
}
