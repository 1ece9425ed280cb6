import TranslateModel

/// A rule that reads the whole of each box it chooses, line by line, and keeps or drops the
/// reading of the box as a whole.
protocol WholeBoxRereadRule: BoxRereadRule {
    /// Whether `again`, the box's lines read again and joined, replaces `box`'s reading.
    func accepts(_ again: RecognizedBox, over box: BoxResult) -> Bool
}

extension WholeBoxRereadRule {
    func lines(of box: BoxResult) -> [PixelRect] { BoxLines.rects(of: box) }

    var needsEveryLine: Bool { true }

    /// `box` with the text, words and confidence of its lines read again, when `accepts` takes them.
    func decision(for box: BoxResult, readings: [RecognizedBox?]) -> BoxRereadDecision {
        let lines = readings.compactMap { $0 }
        guard !lines.isEmpty, lines.count == readings.count, case let again = BoxLines.joined(lines, box: box),
              accepts(again, over: box) else { return .keep }
        var reread = box
        reread.text = again.text
        reread.words = again.words
        reread.confidence = again.confidence
        return .replace(reread, changed: again.text != box.text)
    }
}
