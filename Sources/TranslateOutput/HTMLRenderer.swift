import Foundation
import ImageRendering
import TranslateModel

/// `--format html`: one self-contained web page for the whole run.
///
/// Each page is shown at its own size (narrower on a narrow screen) with every translated box
/// laid over its text: the piece of the picture under the box with the letters painted out,
/// and the translation on it in the letters' colour. Hovering
/// over or tapping a box, or the "show originals" switch, shows the original text beneath;
/// each box's language and confidence are in its tooltip and in the table below the picture.
/// The pictures are embedded as `data:` URLs; there are no scripts and nothing is fetched.
final class HTMLRenderer: ResultRenderer {
    private let clock: RenderingClock

    init(clock: RenderingClock) {
        self.clock = clock
    }

    func begin(into sink: TextSink) {
        sink.write(HTMLPage.header)
    }

    func render(_ results: [ImageResult], into sink: TextSink) {
        for result in results {
            sink.write(clock.measure { HTMLPage.section(for: result) })
        }
    }

    func finish(into sink: TextSink) {
        sink.write(HTMLPage.footer)
    }
}

/// The parts of the HTML view.
enum HTMLPage {
    static let header = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>translate</title>
        <style>
        body { margin: 0; padding: 12px; font-family: "Noto Sans", sans-serif; background: #f4f4f4; color: #222; }
        h2 { font-size: 1rem; margin: 18px 0 8px; overflow-wrap: anywhere; }
        .switch { padding: 6px 0; }
        .picture { max-width: 100%; }
        .frame { position: relative; container-type: inline-size; }
        .frame img { display: block; width: 100%; height: auto; }
        .box { position: absolute; box-sizing: border-box; background-size: 100% 100%; cursor: pointer; }
        .label { position: absolute; box-sizing: border-box; transform-origin: 0 0; display: flex; align-items: center;
                 overflow: hidden; white-space: normal; overflow-wrap: anywhere; line-height: 1.2; color: var(--ink); }
        .label.centered { justify-content: center; text-align: center; }
        .label.turned { writing-mode: vertical-rl; }
        .box.read { outline: 2px solid var(--ink); }
        .box:hover, .box:focus { background-image: none !important; outline: 2px solid #d33; }
        .box:hover .label, .box:focus .label { color: transparent; }
        #originals:checked ~ main .box { background-image: none !important; outline: 1px dashed #d33; }
        #originals:checked ~ main .label { color: transparent; }
        table { border-collapse: collapse; margin: 8px 0 24px; font-size: 0.9rem; width: 100%; }
        td, th { border-bottom: 1px solid #ccc; padding: 4px 6px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
        .error { color: #b00; }
        </style>
        </head>
        <body>
        <input type="checkbox" id="originals"><label class="switch" for="originals">show originals</label>
        <main>

        """

    static let footer = "</main>\n</body>\n</html>\n"

    /// One page: its heading, its picture with the boxes over it, and the table of its boxes.
    static func section(for result: ImageResult) -> String {
        var html = "<section class=\"page\" data-file=\"\(escaped(result.file))\" data-page=\"\(result.page)\">\n"
        html += "<h2>\(escaped(result.file))\(result.page > 1 ? " (page \(result.page))" : "")"
        if let source = result.source, let target = result.target { html += " · \(source.code) → \(target.code)" }
        html += "</h2>\n"
        if let error = result.error { html += "<p class=\"error\">\(escaped(error.message))</p>\n" }
        if let pixels = result.pixels, let picture = embedded(pixels) {
            html += "<div class=\"picture\" style=\"width: \(pixels.width)px\">\n<div class=\"frame\">\n"
            html += "<img alt=\"\(escaped(result.file))\" width=\"\(pixels.width)\" height=\"\(pixels.height)\" "
                + "src=\"data:\(picture.type);base64,\(Data(picture.bytes).base64EncodedString())\">\n"
            let fitter = TextFitter(measurer: PangoMeasurer())
            // Each translation lies on its box as the picture would show it with the text painted out.
            let covered = result.target == nil ? nil : PictureRenderer().covered(result)
            // A sentence wrapped over several lines lies across their block as one text.
            let shown = result.target == nil ? result.boxes
                : BoxSelection.redrawnUnits(of: result).map { $0.count == 1 ? $0[0] : PictureRenderer.block(of: $0) }
            for box in shown {
                if let overlay = overlay(for: box, of: result, pixels: pixels, covered: covered, fitter: fitter) { html += overlay }
            }
            html += "</div>\n</div>\n"
        }
        html += table(for: result)
        return html + "</section>\n"
    }

    /// The page's picture as the view embeds it: a photograph as JPEG, several times smaller
    /// than PNG and as sharp to the eye; a drawn page (a screenshot, a scan) as PNG, exact.
    static func embedded(_ pixels: PagePixels) -> (type: String, bytes: [UInt8])? {
        if PhotoLikeness.isPhotograph(pixels), let jpeg = JPEGEncoder.encode(pixels) { return ("image/jpeg", jpeg) }
        return PNGEncoder.encode(pixels).map { ("image/png", $0) }
    }

    /// A box laid over its text: the part of the picture it covers with the letters painted
    /// out, and the translation on it, turned with the box; or, with nothing translated, an
    /// outline whose tooltip holds what was read.
    static func overlay(for box: BoxResult, of result: ImageResult, pixels: PagePixels, covered: PagePixels?,
                        fitter: TextFitter<PangoMeasurer>) -> String? {
        let translating = result.target != nil
        guard !translating || BoxSelection.isRedrawn(box, target: result.target) else { return nil }
        let frame = BoxFrame(box)
        guard let area = frame.coverBounds(pageWidth: pixels.width, pageHeight: pixels.height) else { return nil }
        let (width, height) = (Double(pixels.width), Double(pixels.height))
        let (areaWidth, areaHeight) = (Double(area.width), Double(area.height))
        let colors = BoxColors.of(box.rect, in: pixels)
        let text = translating ? box.translation ?? "" : box.text
        let fit = fitter.fit(text, width: frame.width, height: frame.height, language: translating ? result.target : box.language,
                             lines: PictureRenderer.lineCount(of: box.text))
        var boxStyle = String(format: "left: %.3f%%; top: %.3f%%; width: %.3f%%; height: %.3f%%; ",
                              Double(area.x) / width * 100, Double(area.y) / height * 100, areaWidth / width * 100, areaHeight / height * 100)
        boxStyle += "--ink: \(colors.ink.hex)"
        if let covered, let patch = PNGEncoder.encode(covered.cropped(to: area)) {
            boxStyle += "; background-image: url(data:image/png;base64,\(Data(patch).base64EncodedString()))"
        }
        // The text's own frame (the box and its margin, turned as the box is), within the area.
        let margin = frame.coverMargin
        let corner = frame.grownCorners(by: margin)
        var labelStyle = String(format: "left: %.3f%%; top: %.3f%%; width: %.3f%%; height: %.3f%%; font-size: %.3fcqw; ",
                                (corner.x - Double(area.x)) / areaWidth * 100, (corner.y - Double(area.y)) / areaHeight * 100,
                                (frame.width + 2 * margin) / areaWidth * 100, (frame.height + 2 * margin) / areaHeight * 100,
                                fit.pixelSize / width * 100)
        labelStyle += String(format: "padding: 0 %.3fcqw", margin / width * 100)
        if abs(frame.angle) > 0.5 { labelStyle += String(format: "; transform: rotate(%.2fdeg)", frame.angle) }
        let confidence = Int(box.confidence.rounded())
        let language = box.language?.code ?? "unknown"
        var title = "\(language) · confidence \(confidence)% · \(box.text)"
        if translating, let pivot = box.pivot { title += " (through \(pivot.code))" }
        let labelClasses = ["label"] + (fit.turned ? ["turned"] : [])
            + (translating && !fit.turned && PictureRenderer.isCentered(box, pageWidth: pixels.width) ? ["centered"] : [])
        return "<div class=\"box\(translating ? "" : " read")\" tabindex=\"0\" data-id=\"\(box.id)\" data-language=\"\(language)\" "
            + "data-confidence=\"\(confidence)\" data-rect=\"\(box.rect.x),\(box.rect.y),\(box.rect.width),\(box.rect.height)\" "
            + "style=\"\(boxStyle)\" title=\"\(escaped(title))\"><div class=\"\(labelClasses.joined(separator: " "))\" style=\"\(labelStyle)\">"
            + "<span class=\"translation\">\(translating ? escaped(text) : "")</span></div></div>\n"
    }

    /// Every box of the page with its language, confidence, text and translation.
    static func table(for result: ImageResult) -> String {
        guard !result.boxes.isEmpty else { return "" }
        let translating = result.target != nil
        var html = "<details><summary>\(result.boxes.count) boxes</summary>\n<table>\n<tr><th>#</th><th>language</th><th>confidence</th><th>text</th>"
            + (translating ? "<th>translation</th>" : "") + "</tr>\n"
        for box in result.boxes {
            html += "<tr><td>\(box.id)</td><td>\(box.language?.code ?? "")</td><td>\(Int(box.confidence.rounded()))</td>"
                + "<td>\(escaped(box.text))</td>" + (translating ? "<td>\(escaped(box.translation ?? ""))</td>" : "") + "</tr>\n"
        }
        return html + "</table>\n</details>\n"
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
