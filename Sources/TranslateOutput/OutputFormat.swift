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

    /// A renderer for this format; `terminalWidth` lets text output fit a terminal, and
    /// `severalFiles` makes `plain` name the file of each line.
    public func makeRenderer(terminalWidth: Int? = nil, severalFiles: Bool = false, colors: TerminalColors = .none) -> ResultRenderer {
        switch self {
        case .text: TextRenderer(terminalWidth: terminalWidth, colors: colors)
        case .plain: PlainRenderer(namesFiles: severalFiles)
        case .tsv: TSVRenderer()
        case .json: JSONRenderer()
        case .jsonl: JSONLinesRenderer()
        }
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
        }
    }

    /// Everything `results` renders to, from beginning to end, as one string.
    public func render(_ results: [ImageResult]) -> String {
        let renderer = makeRenderer()
        let buffer = BufferSink()
        renderer.begin(into: buffer)
        renderer.render(results, into: buffer)
        renderer.finish(into: buffer)
        return buffer.text
    }
}

/// Where rendered output goes: standard output in the tool, a buffer in tests.
public protocol TextSink: AnyObject, Sendable {
    func write(_ text: String)
}

/// Writes results in one output format, one input at a time, in input order.
public protocol ResultRenderer {
    /// Called once before any result.
    func begin(into sink: TextSink)
    /// Called with every page of one input, as soon as that input is done.
    func render(_ results: [ImageResult], into sink: TextSink)
    /// Called once after the last result.
    func finish(into sink: TextSink)
}

public extension ResultRenderer {
    func begin(into sink: TextSink) {}
    func finish(into sink: TextSink) {}
}
