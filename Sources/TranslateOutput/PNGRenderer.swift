import ImageRendering
import TranslateModel

/// `--format png` on standard output: the first page read (of a TIFF or PDF), drawn on, as one PNG file.
///
/// A PNG file holds one picture, so later pages are not written (`--output-dir` writes one
/// file per page).
final class PNGRenderer: ResultRenderer {
    private let clock: RenderingClock
    private var written = false

    init(clock: RenderingClock) {
        self.clock = clock
    }

    func render(_ results: [ImageResult], into sink: TextSink) {
        guard !written, let page = results.first(where: { $0.pixels != nil }),
              let png = Self.png(of: page, clock: clock) else { return }
        written = true
        sink.write(bytes: png)
    }

    /// The picture of one page: its translations drawn over it, or, when nothing was
    /// translated (`--ocr-only`), its boxes outlined and labelled.
    static func png(of page: ImageResult, clock: RenderingClock) -> [UInt8]? {
        clock.measure {
            let drawn = page.target == nil ? PictureRenderer().recognized(page) : PictureRenderer().translated(page)
            return drawn.flatMap(PNGEncoder.encode)
        }
    }
}
