import Foundation
import TranslateModel
/// `text`: for people. A header per page, then one aligned row per box.
///
/// Columns stay aligned for CJK text because widths are counted in terminal cells. On a
/// terminal the text and translation columns wrap to fit its width; elsewhere lines run long.
public final class TextRenderer: ResultRenderer {
    /// Terminal width in cells, or nil when output is not a terminal.
    private let terminalWidth: Int?
    private let colors: TerminalColors
    private var renderedAny = false

    /// Below this many columns the table does not fit: each box is a list of its fields.
    public static let narrowWidth = 60

    public init(terminalWidth: Int?, colors: TerminalColors = .none) {
        self.terminalWidth = terminalWidth
        self.colors = colors
    }

    public func render(_ results: [ImageResult], into sink: TextSink) {
        sink.write(results.map { rendered($0, showPage: results.count > 1) }.joined())
    }

    public func render(page: ImageResult, ofSeveral: Bool, into sink: TextSink) {
        sink.write(rendered(page, showPage: ofSeveral))
    }

    /// One page: its header and its table, after a blank line when a page came before.
    private func rendered(_ result: ImageResult, showPage: Bool) -> String {
        // A page that was read but not translated still shows what was read; only pages that
        // could not be read at all are left to their stderr line.
        guard result.error == nil || !result.boxes.isEmpty else { return "" }
        var out = renderedAny ? "\n" : ""
        renderedAny = true
        if let terminalWidth, terminalWidth < Self.narrowWidth {
            out += headerParts(for: result, showPage: showPage).joined(separator: "\n") + "\n"
            out += fieldList(for: result, width: terminalWidth)
        } else {
            out += header(for: result, showPage: showPage) + "\n"
            out += table(for: result)
        }
        return out
    }

    private func header(for result: ImageResult, showPage: Bool) -> String {
        headerParts(for: result, showPage: showPage).joined(separator: "  ·  ")
    }

    private func headerParts(for result: ImageResult, showPage: Bool) -> [String] {
        var parts = [TerminalSafeText.oneLine(result.file)]
        if showPage { parts.append("page \(result.page)") }
        if let width = result.width, let height = result.height { parts.append("\(width)×\(height)") }
        parts.append(result.boxes.count == 1 ? "1 box" : "\(result.boxes.count) boxes")
        if let target = result.target {
            // A page none of whose boxes was translated shows no translation column: say so.
            let shown = Self.showsTranslations(result)
            parts.append("\(Self.sourceCodes(of: result)) → \(target.code)" + (result.engine.map { " (\($0))" } ?? "")
                         + (shown ? "" : ": not translated"))
            // Boxes already in the target language are left as they are, not "not translated".
            let untranslated = result.boxes.filter {
                $0.translation == nil && $0.language != target && $0.text.contains(where: \.isLetter)
            }.count
            if shown, untranslated > 0 { parts.append("\(untranslated) not translated") }
        }
        return parts
    }

    /// The languages the page's boxes are in, the most boxes first ("ko, en"): a page's one
    /// dominant language would claim `en → en` for a sign whose Korean lines were left as they are.
    static func sourceCodes(of result: ImageResult) -> String {
        var counts: [Language: Int] = [:]
        var order: [Language] = []
        for box in result.boxes {
            guard let language = box.language else { continue }
            if counts[language] == nil { order.append(language) }
            counts[language, default: 0] += 1
        }
        guard !order.isEmpty else { return result.source?.code ?? "auto" }
        // A stable sort keeps first-seen order between languages with as many boxes.
        return order.enumerated().sorted { (counts[$0.element]!, -$0.offset) > (counts[$1.element]!, -$1.offset) }
            .map(\.element.code).joined(separator: ", ")
    }

    private func table(for result: ImageResult) -> String {
        guard !result.boxes.isEmpty else { return "  (no text found)\n" }
        let translating = Self.showsTranslations(result)
        let fixedColumns = result.boxes.map { box in
            [String(box.id), "\(box.rect.x),\(box.rect.y)", "\(box.rect.width)×\(box.rect.height)",
             String(Int(box.confidence.rounded())), box.language?.code ?? "-"]
        }
        let headings = ["#", "x,y", "size", "conf", "lang"]
        let rightAligned = [true, true, false, true, false]
        let fixedWidths = headings.indices.map { column in
            max(DisplayWidth.of(headings[column]), fixedColumns.map { DisplayWidth.of($0[column]) }.max() ?? 0)
        }
        let gap = "  "
        let prefixWidth = 2 + fixedWidths.reduce(0, +) + gap.count * fixedWidths.count
        // A paragraph's or a translation's line breaks would break the table's rows.
        let texts = result.boxes.map { Self.oneLine($0.text) }
        let translations = result.boxes.map { Self.oneLine($0.translation ?? "") }
        let (textWidth, translationWidth) = columnWidths(texts: texts, translations: translations,
                                                         translating: translating, prefixWidth: prefixWidth)
        var out = "  " + headings.indices.map { column in
            rightAligned[column] ? DisplayWidth.padLeft(headings[column], to: fixedWidths[column])
                                 : DisplayWidth.pad(headings[column], to: fixedWidths[column])
        }.joined(separator: gap) + gap
        out += translating ? DisplayWidth.pad("text", to: textWidth) + gap + "translation" : "text"
        out += "\n"
        for row in result.boxes.indices {
            let textLines = DisplayWidth.wrap(texts[row], width: textWidth)
            let translationLines = translating ? DisplayWidth.wrap(translations[row], width: translationWidth ?? 0) : []
            for index in 0..<max(textLines.count, translationLines.count) {
                let prefix = index == 0
                    ? fixedColumns[row].indices.map { column in
                        let cell = rightAligned[column] ? DisplayWidth.padLeft(fixedColumns[row][column], to: fixedWidths[column])
                                                        : DisplayWidth.pad(fixedColumns[row][column], to: fixedWidths[column])
                        return paint(cell, column: column, box: result.boxes[row])
                    }.joined(separator: gap)
                    : String(repeating: " ", count: prefixWidth - 2 - gap.count)
                var line = "  " + prefix + gap
                let text = index < textLines.count ? textLines[index] : ""
                if translating {
                    line += DisplayWidth.pad(text, to: textWidth) + gap + (index < translationLines.count ? translationLines[index] : "")
                } else {
                    line += text
                }
                out += line.trimmingTrailingWhitespace() + "\n"
            }
        }
        return out
    }

    /// Colour for a cell of the fixed columns: the language, and a doubtful confidence.
    private func paint(_ cell: String, column: Int, box: BoxResult) -> String {
        // The padding stays outside the colour.
        let content = cell.trimmingCharacters(in: .init(charactersIn: " "))
        guard let range = cell.range(of: content), !content.isEmpty else { return cell }
        let painted: String
        switch column {
        case 3 where box.confidence < TerminalColors.lowConfidence: painted = colors.doubtful(content)
        case 4 where box.language != nil: painted = colors.language(content)
        default: return cell
        }
        return cell.replacingCharacters(in: range, with: painted)
    }

    /// A narrow terminal: each box as a list, one field per line, text wrapped under its name.
    private func fieldList(for result: ImageResult, width: Int) -> String {
        guard !result.boxes.isEmpty else { return "  (no text found)\n" }
        let translating = Self.showsTranslations(result)
        var out = ""
        for box in result.boxes {
            var fields: [(String, String)] = [
                ("box", "#\(box.id)  \(box.rect.x),\(box.rect.y)  \(box.rect.width)×\(box.rect.height)"),
                ("conf", colors.enabled && box.confidence < TerminalColors.lowConfidence
                    ? colors.doubtful(String(Int(box.confidence.rounded()))) : String(Int(box.confidence.rounded()))),
                ("lang", box.language.map { colors.language($0.code) } ?? "-"),
                ("text", Self.oneLine(box.text)),
            ]
            if translating { fields.append(("translation", Self.oneLine(box.translation ?? ""))) }
            for (name, value) in fields {
                let indent = name == "text" || name == "translation" ? "    " : ""
                if indent.isEmpty {
                    out += "  \(name): \(value)\n"
                } else {
                    out += "  \(name):\n"
                    for line in DisplayWidth.wrap(value, width: max(10, width - 1 - indent.count)) { out += indent + line + "\n" }
                }
            }
        }
        return out
    }

    /// Whether the page has a translation column: not when translating failed for every box
    /// (its error says why on stderr), so that no header promises a column left empty.
    private static func showsTranslations(_ result: ImageResult) -> Bool {
        result.target != nil && !(result.error != nil && result.boxes.allSatisfy { $0.translation == nil })
    }

    /// A box's text on one row: line breaks become spaces, and controls a terminal would act on
    /// are shown escaped (`TerminalSafeText`).
    private static func oneLine(_ text: String) -> String {
        TerminalSafeText.shown(text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " "))
    }

    /// Splits what the terminal leaves after the fixed columns between text and translation.
    private func columnWidths(texts: [String], translations: [String], translating: Bool, prefixWidth: Int) -> (Int, Int?) {
        let longestText = max(4, texts.map(DisplayWidth.of).max() ?? 0)
        guard let terminalWidth else { return (longestText, nil) }
        let available = max(20, terminalWidth - prefixWidth)
        guard translating else { return (available, nil) }
        let longestTranslation = max(11, translations.map(DisplayWidth.of).max() ?? 0)
        if longestText + 2 + longestTranslation <= available { return (longestText, longestTranslation) }
        let textWidth = min(longestText, max(10, (available - 2) / 2))
        return (textWidth, max(10, available - 2 - textWidth))
    }
}

private extension String {
    func trimmingTrailingWhitespace() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
