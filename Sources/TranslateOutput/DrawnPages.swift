import TranslateModel

/// A document's result file written from its pages one at a time, when the pages' pixels are
/// gone by the time the file is: the HTML view draws each page into its section as the page
/// is done, and the file is put together from the sections.
extension OutputFormat {
    /// What of a page only its pixels can render, drawn now: its section of the HTML view;
    /// nil for the formats that render a page from its result alone (PNG pages are files of
    /// their own).
    public func drawnPart(of page: ImageResult, renderingClock: RenderingClock = RenderingClock()) -> String? {
        self == .html ? renderingClock.measure { HTMLPage.section(for: page) } : nil
    }

    /// Everything the pages `results` render to, as `renderedBytes(_:)` gives it, with each
    /// page's drawn part (`drawnPart(of:)`, for the formats that have one) given instead of
    /// its pixels.
    public func renderedBytes(_ results: [ImageResult], drawnParts: [String?],
                              renderingClock: RenderingClock = RenderingClock()) -> [UInt8] {
        guard self == .html else { return renderedBytes(results, renderingClock: renderingClock) }
        return Array((HTMLPage.header + drawnParts.map { $0 ?? "" }.joined() + HTMLPage.footer).utf8)
    }
}
