import Foundation
import TranslateModel
/// `tsv`: a header row, then one row per box; failed inputs produce no rows.
public final class TSVRenderer: ResultRenderer {
    public static let columns = ["file", "page", "box", "x", "y", "width", "height", "confidence", "language", "text", "translation"]

    public init() {}

    public func begin(into sink: TextSink) {
        sink.write(Self.columns.joined(separator: "\t") + "\n")
    }

    public func render(_ results: [ImageResult], into sink: TextSink) {
        var out = ""
        for result in results {
            for box in result.boxes {
                let fields = [
                    Self.escape(result.file), String(result.page), String(box.id),
                    String(box.rect.x), String(box.rect.y), String(box.rect.width), String(box.rect.height),
                    JSONText.number(box.confidence), box.language?.code ?? "",
                    Self.escape(box.text), Self.escape(box.translation ?? ""),
                ]
                out += fields.joined(separator: "\t") + "\n"
            }
        }
        sink.write(out)
    }

    /// Backslash escapes keep every row on one line with exactly the header's columns, and keep
    /// a terminal from acting on control characters in the text (`TerminalSafeText`).
    static func escape(_ field: String) -> String {
        TerminalSafeText.oneLine(field)
    }
}

/// `plain`: the text of each box (its translation when translating), one per line, nothing else;
/// with several images, each line starts with its file name and a colon, as `grep` does.
public final class PlainRenderer: ResultRenderer {
    private let namesFiles: Bool

    public init(namesFiles: Bool = false) {
        self.namesFiles = namesFiles
    }

    public func render(_ results: [ImageResult], into sink: TextSink) {
        var out = ""
        for result in results {
            for box in result.boxes {
                let text = box.translation ?? box.text
                if namesFiles { out += TerminalSafeText.oneLine(result.file) + ":" }
                out += TerminalSafeText.shown(text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")) + "\n"
            }
        }
        sink.write(out)
    }
}
