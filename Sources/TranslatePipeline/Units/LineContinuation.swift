/// Whether a line goes on in the line after it, as one sentence wrapped over both, decided in
/// two steps: the lines lie together as one block would (close, the same size and language,
/// aligned), then the text says they are one sentence (the first line is full, as a line
/// that wrapped is, and ends no sentence; the second starts no item).
enum LineContinuation {
    /// Why two lines are, or are not, one unit.
    enum Verdict: Equatable {
        case continues
        // Not one block.
        case differentLanguage, tableRow, notBelow, tooFarApart, differentSize, notAligned
        // One block, two units.
        case sentenceEnds, startsItem, figureRows, lineNotFull, lineTooShort
    }

    /// The tuned constants, each with what it rests on (the tune half of `bench/units`).
    struct Parameters: Equatable {
        /// The widest gap between two lines of a paragraph, and the furthest their middles lie
        /// apart, in line heights. A line without capitals or descenders has a box a third
        /// lower than its neighbours, which widens the gap; the rows of a settings list or a
        /// menu, and chat bubbles, lie further apart.
        var maximumGap = 1.0
        var maximumPitch = 1.9
        /// How much taller one line's box may be than the other's: ascenders, descenders and
        /// accents alone make a line of the same type half as tall again on a photographed
        /// sign ("geschlossen" against "Katze nicht"); a heading is larger still.
        var maximumSizeRatio = 1.6
        /// How far two lines' left ends, right ends or centres may differ and still be aligned,
        /// in line heights.
        var alignmentTolerance = 1.0
        /// How far short of the block's widest line a line may end and still be full, in line
        /// heights, beyond the word that did not fit: justified and ragged text both.
        var fullnessTolerance = 1.0
        /// A line of fewer terminal cells than this (a Hangul or Han character takes two) is a
        /// label, not running text that wrapped: a settings list's "Bluetooth" above
        /// "Notifications" would otherwise look wrapped. A sign's "고양이가 밖으로" is long enough.
        var minimumCells = 10
        /// A line in another language than the one before it still goes on in it when it has
        /// fewer letters than this: the detector cannot tell a fragment's language ("set.").
        var fragmentLetters = 12

        static let measured = Parameters()
    }

    /// Why `line` and `next` are not one block of text, or nil when they are.
    static func separation(_ line: UnitLine, _ next: UnitLine, parameters: Parameters = .measured) -> Verdict? {
        guard sameLanguage(line, next, parameters: parameters) else { return .differentLanguage }
        // Both: a chat bubble's last line may have its time beside it.
        if line.hasRowNeighbour && next.hasRowNeighbour { return .tableRow }
        let height = Double(max(line.thickness, next.thickness))
        guard Double(next.top) >= Double(line.top) + 0.5 * Double(line.thickness) else { return .notBelow }
        let pitch = Double(next.top + next.bottom - line.top - line.bottom) / 2
        guard Double(next.top - line.bottom) <= parameters.maximumGap * height, pitch <= parameters.maximumPitch * height else {
            return .tooFarApart
        }
        let ratio = Double(max(line.thickness, next.thickness)) / Double(min(line.thickness, next.thickness))
        // A box of a character or two ("う。") is no measure of its type's size.
        let fragment = min(line.text.count, next.text.count) <= 3
        guard ratio <= parameters.maximumSizeRatio || fragment else { return .differentSize }
        let tolerance = parameters.alignmentTolerance * height
        let aligned = Double(abs(line.start - next.start)) <= tolerance || Double(abs(line.end - next.end)) <= tolerance
            || abs(line.centre - next.centre) <= tolerance
        guard aligned else { return .notAligned }
        return nil
    }

    /// Both lines are in one language, or one is a fragment too short for the detector to
    /// tell, written in the other's script.
    private static func sameLanguage(_ line: UnitLine, _ next: UnitLine, parameters: Parameters) -> Bool {
        guard let first = line.language, let second = next.language else { return false }
        if first == second { return true }
        let fragment = min(line.letters, next.letters) < parameters.fragmentLetters
        return fragment && line.script != nil && line.script == next.script
    }

    /// The verdict on `line` and the `next` line, in a block whose widest line is `widest` long.
    static func verdict(_ line: UnitLine, _ next: UnitLine, widest: Int, parameters: Parameters = .measured) -> Verdict {
        if let apart = separation(line, next, parameters: parameters) { return apart }
        if UnitText.endsSentence(line.text) { return .sentenceEnds }
        if UnitText.startsItem(next.text) { return .startsItem }
        if UnitText.endsInFigure(line.text) && UnitText.endsInFigure(next.text) { return .figureRows }
        guard line.cells >= parameters.minimumCells else { return .lineTooShort }
        let height = Double(line.thickness)
        // A line wraps when its next word does not fit: it ends less than that word (and a
        // space) short of the block's width.
        let reach = Double(line.length + next.firstWordLength) + (parameters.fullnessTolerance + 0.3) * height
        guard reach >= Double(widest) else { return .lineNotFull }
        return .continues
    }
}
