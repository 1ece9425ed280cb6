import Testing
@testable import TranslateModel
@testable import TranslateOutput

/// A document's pages rendered one at a time, as they are read, read as the document rendered
/// whole: the text format names each page of several by its number.
@Suite struct PageByPageRenderingTests {
    @Test(arguments: OutputFormat.allCases.filter { $0 != .png && $0 != .html })
    func pagesOneAtATimeReadAsTheWholeDocument(format: OutputFormat) {
        let document = (1...3).map { page in
            ImageResult(file: "scan.pdf", page: page, width: 100, height: 100,
                        boxes: [BoxResult(id: 0, rect: PixelRect(x: 1, y: 2, width: 30, height: 10), confidence: 90, text: "page \(page)")])
        }
        let single = ImageResult(file: "a.png", width: 50, height: 50,
                                 boxes: [BoxResult(id: 0, rect: PixelRect(x: 1, y: 2, width: 30, height: 10), confidence: 90, text: "alone")])
        func rendered(_ body: (ResultRenderer, BufferSink) -> Void) -> String {
            let renderer = format.makeRenderer(), sink = BufferSink()
            renderer.begin(into: sink)
            body(renderer, sink)
            renderer.finish(into: sink)
            return sink.text
        }
        let whole = rendered { renderer, sink in
            renderer.render(document, into: sink)
            renderer.render([single], into: sink)
        }
        let byPage = rendered { renderer, sink in
            for page in document { renderer.render(page: page, ofSeveral: true, into: sink) }
            renderer.render(page: single, ofSeveral: false, into: sink)
        }
        #expect(byPage == whole)
        if format == .text { #expect(whole.contains("scan.pdf  ·  page 3") && !whole.contains("a.png  ·  page")) }
    }
}
