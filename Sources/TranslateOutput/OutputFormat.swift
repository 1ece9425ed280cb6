import TranslateModel
/// The formats `--format` accepts.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Aligned columns for people reading a terminal.
    case text
    /// Just the text (or the translation), one box per line, for scripts.
    case plain
    /// Tab-separated values with a header row.
    case tsv
    /// One JSON array holding every image result of the run.
    case json
    /// One JSON object per image result and line, written as each image finishes.
    case jsonl
    /// The picture with each translation drawn over its text (with `--ocr-only`, each box
    /// outlined and labelled with what was read); one page on standard output.
    case png
    /// One self-contained web page showing every picture with its translations laid over it.
    case html

    /// A renderer for this format; `terminalWidth` lets text output fit a terminal, and
    /// `severalFiles` makes `plain` name the file of each line.
    public func makeRenderer(terminalWidth: Int? = nil, severalFiles: Bool = false,
                             renderingClock: RenderingClock = RenderingClock(), colors: TerminalColors = .none) -> ResultRenderer {
        switch self {
        case .text: TextRenderer(terminalWidth: terminalWidth, colors: colors)
        case .plain: PlainRenderer(namesFiles: severalFiles)
        case .tsv: TSVRenderer()
        case .json: JSONRenderer()
        case .jsonl: JSONLinesRenderer()
        case .png: PNGRenderer(clock: renderingClock)
        case .html: HTMLRenderer(clock: renderingClock)
        }
    }

    /// Whether the format draws on the pages, which must then keep their pixels.
    public var drawsOnPages: Bool {
        self == .png || self == .html
    }

    /// The extension of a file holding output in this format.
    public var fileExtension: String {
        switch self {
        case .text: "txt"
        // Not `txt`, so that a folder of text results and one of plain ones never mix.
        case .plain: "plain.txt"
        case .tsv: "tsv"
        case .json: "json"
        case .jsonl: "jsonl"
        case .png: "png"
        case .html: "html"
        }
    }

    /// Everything `results` renders to, from beginning to end, as one string.
    public func render(_ results: [ImageResult], renderingClock: RenderingClock = RenderingClock()) -> String {
        String(decoding: renderedBytes(results, renderingClock: renderingClock), as: UTF8.self)
    }

    /// Everything `results` renders to, from beginning to end (a PNG file for `png`).
    public func renderedBytes(_ results: [ImageResult], renderingClock: RenderingClock = RenderingClock()) -> [UInt8] {
        let renderer = makeRenderer(renderingClock: renderingClock)
        let buffer = BufferSink()
        renderer.begin(into: buffer)
        renderer.render(results, into: buffer)
        renderer.finish(into: buffer)
        return buffer.bytes
    }
}

/// Where rendered output goes: standard output in the tool, a buffer in tests.
public protocol TextSink: AnyObject, Sendable {
    func write(_ text: String)
    /// Bytes that are not text: a PNG file.
    func write(bytes: [UInt8])
}

/// Writes results in one output format, in input order, one input or one page at a time.
public protocol ResultRenderer {
    /// Called once before any result.
    func begin(into sink: TextSink)
    /// Called with every page of one input.
    func render(_ results: [ImageResult], into sink: TextSink)
    /// Called with one page as soon as it is done; `ofSeveral`: its input has more than one
    /// page. Pages rendered one at a time read as their input rendered whole.
    func render(page: ImageResult, ofSeveral: Bool, into sink: TextSink)
    /// Called once after the last result.
    func finish(into sink: TextSink)
}

public extension ResultRenderer {
    func begin(into sink: TextSink) {}
    func finish(into sink: TextSink) {}
    /// Only the text format names a page of several by its number.
    func render(page: ImageResult, ofSeveral: Bool, into sink: TextSink) {
        render([page], into: sink)
    }
}
