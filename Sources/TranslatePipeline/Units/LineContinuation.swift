/// Whether a line goes on in the line after it, as one sentence wrapped over both, decided in
/// two steps: the lines lie together as one block would (close, the same size and language,
/// aligned), then the text says they are one sentence (the first line is full, as a line
/// that wrapped is, and ends no sentence; the second starts no item).
enum LineContinuation {
    /// Why two lines are, or are not, one unit.
    enum Verdict: Equatable {
        case continues
        // Not one block.
        case differentLanguage, notBelow, tooFarApart, differentSize, notAligned
        // One block, two units.
        case sentenceEnds, startsItem, figureRows, lineNotFull, lineTooShort
    }

    /// The tuned constants, each with what it rests on.
    struct Parameters: Equatable {
        /// The widest gap between two lines of a paragraph, in line heights. Lines of running
        /// text sit 0.2–0.7 line heights apart; the rows of a settings list or a menu, and the
        /// bubbles of a chat, further.
        var maximumGap = 0.8
        /// How much taller one line may be than the other: ascenders and descenders alone make
        /// a line of the same type up to a third taller ("ocho" against "de retraso"); a
        /// heading is half as tall again as its text.
        var maximumSizeRatio = 1.4
        /// How far two lines' left ends, right ends or centres may differ and still be aligned,
        /// in line heights.
        var alignmentTolerance = 1.0
        /// How far short of the block's widest line a line may end and still be full, in line
        /// heights, beyond the word that did not fit: justified and ragged text both.
        var fullnessTolerance = 1.0
        /// A line shorter than this many line heights (about ten Latin letters or six Han
        /// characters at body size) is a label, not running text that wrapped: a settings
        /// list's "Bluetooth" above "Notifications" would otherwise look wrapped.
        var minimumLength = 6.0

        static let measured = Parameters()
    }

    /// Why `line` and `next` are not one block of text, or nil when they are.
    static func separation(_ line: UnitLine, _ next: UnitLine, parameters: Parameters = .measured) -> Verdict? {
        guard line.language == next.language, line.language != nil else { return .differentLanguage }
        let height = Double(max(line.thickness, next.thickness))
        guard Double(next.top) >= Double(line.top) + 0.5 * Double(line.thickness) else { return .notBelow }
        guard Double(next.top - line.bottom) <= parameters.maximumGap * height else { return .tooFarApart }
        let ratio = Double(max(line.thickness, next.thickness)) / Double(min(line.thickness, next.thickness))
        guard ratio <= parameters.maximumSizeRatio else { return .differentSize }
        let tolerance = parameters.alignmentTolerance * height
        let aligned = Double(abs(line.start - next.start)) <= tolerance || Double(abs(line.end - next.end)) <= tolerance
            || abs(line.centre - next.centre) <= tolerance
        guard aligned else { return .notAligned }
        return nil
    }

    /// The verdict on `line` and the `next` line, in a block whose widest line is `widest` long.
    static func verdict(_ line: UnitLine, _ next: UnitLine, widest: Int, parameters: Parameters = .measured) -> Verdict {
        if let apart = separation(line, next, parameters: parameters) { return apart }
        if UnitText.endsSentence(line.text) { return .sentenceEnds }
        if UnitText.startsItem(next.text) { return .startsItem }
        if UnitText.endsInFigure(line.text) && UnitText.endsInFigure(next.text) { return .figureRows }
        let height = Double(line.thickness)
        guard Double(line.length) >= parameters.minimumLength * height else { return .lineTooShort }
        // A line wraps when its next word does not fit: it ends less than that word (and a
        // space) short of the block's width.
        let reach = Double(line.length + next.firstWordLength) + (parameters.fullnessTolerance + 0.3) * height
        guard reach >= Double(widest) else { return .lineNotFull }
        return .continues
    }
}
