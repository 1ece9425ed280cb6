import ImageDecoding
import TesseractReading
import TranslateModel

/// Reads boxes again by rules (`BoxRereadRule`): for each rule in turn, every box it chooses is
/// read line by line with the rule's data, and the rule's decision applied.
enum BoxRereading {
    /// Pixels added around a line, since Tesseract reads a tight crop's edge letters poorly.
    static let margin = 4

    /// Runs `rules` in order over the boxes of `result`, each rule seeing what the ones before it
    /// made of them; the handles come from `engines`, one borrowed per box. Returns whether a
    /// box now reads otherwise (its language is then worth detecting again).
    static func run(_ rules: [any BoxRereadRule], on result: inout ImageResult, page: PageImage, engines: EngineCache) -> Bool {
        var changed = false
        for rule in rules {
            for index in result.boxes.indices {
                let box = result.boxes[index]
                guard let data = rule.data(for: box, wordLists: engines) else { continue }
                let lines = rule.lines(of: box)
                let read = try? engines.withEngine(data) { engine in
                    Self.read(lines, with: engine, page: page, needsEveryLine: rule.needsEveryLine)
                }
                guard let readings = read ?? nil,
                      case let .replace(reread, changes) = rule.decision(for: box, readings: readings) else { continue }
                result.boxes[index] = reread
                if changes { changed = true }
            }
        }
        return changed
    }

    /// Each of `lines` read as one line, with `margin` pixels around it (nil where it reads as
    /// nothing); nil as a whole when `needsEveryLine` and one does, the lines after it unread.
    private static func read(_ lines: [PixelRect], with engine: TesseractEngine, page: PageImage,
                             needsEveryLine: Bool) -> [RecognizedBox?]? {
        var readings: [RecognizedBox?] = []
        for rect in lines {
            let crop = rect.grown(by: margin).clipped(width: page.width, height: page.height)
            let reading = (try? engine.recognizeLine(in: page, rect: crop)).flatMap { $0.text.isEmpty ? nil : $0 }
            if reading == nil, needsEveryLine { return nil }
            readings.append(reading)
        }
        return readings
    }
}
