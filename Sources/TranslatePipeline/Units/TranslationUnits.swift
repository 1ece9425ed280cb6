import TranslateModel

/// Groups a page's line boxes into translation units: the lines of one sentence wrapped over
/// several lines become one unit, translated as one text; every other line is a unit of its own.
///
/// Lines are first linked into blocks (paragraphs, bubbles, sign panels) by how they lie, then
/// each block is cut wherever a line does not run on into the next (`LineContinuation`): a
/// list (menu rows, settings, a receipt) stays one line per unit.
public enum TranslationUnits {
    /// Gives every box of `result` its `unit`, numbered from 0 in the order of their first boxes.
    public static func assign(_ result: inout ImageResult) {
        assign(&result, parameters: .measured)
    }

    static func assign(_ result: inout ImageResult, parameters: LineContinuation.Parameters) {
        let tilt = UnitLine.tilt(of: result.boxes)
        var lines = result.boxes.map { UnitLine($0, language: language(of: $0, in: result), tilt: tilt) }
        markRowNeighbours(&lines)
        let following = links(between: lines, parameters: parameters)
        var unitOf = [Int?](repeating: nil, count: lines.count)
        var count = 0
        for first in lines.indices where unitOf[first] == nil {
            // Each block is a chain of linked lines; its widest line sets how long a full one is.
            var block = [first]
            while let next = following[block.last!] { block.append(next) }
            let widest = block.map { lines[$0].length }.max() ?? 0
            unitOf[first] = count
            for (line, next) in zip(block, block.dropFirst()) {
                if LineContinuation.verdict(lines[line], lines[next], widest: widest, parameters: parameters) != .continues {
                    count += 1
                }
                unitOf[next] = count
            }
            count += 1
        }
        // Numbered in the order of their first boxes, which blocks' chains need not follow.
        var renumbered: [Int: Int] = [:]
        for index in result.boxes.indices {
            let unit = unitOf[index] ?? count
            if renumbered[unit] == nil { renumbered[unit] = renumbered.count }
            result.boxes[index].unit = renumbered[unit]
        }
    }

    /// The boxes of each unit, by index, in the order of their first boxes; a box without a
    /// unit (a paragraph) is one of its own.
    public static func members(of result: ImageResult) -> [[Int]] {
        var groups: [[Int]] = []
        var groupOfUnit: [Int: Int] = [:]
        for (index, box) in result.boxes.enumerated() {
            if let unit = box.unit, let group = groupOfUnit[unit] {
                groups[group].append(index)
                continue
            }
            if let unit = box.unit { groupOfUnit[unit] = groups.count }
            groups.append([index])
        }
        return groups
    }

    /// The language a box is translated from: its own, or the page's when it has letters but
    /// no language of its own.
    static func language(of box: BoxResult, in result: ImageResult) -> Language? {
        guard box.text.contains(where: \.isLetter) else { return nil }
        return box.language ?? result.source
    }

    /// For each line, the line its block goes on with, if any: the first line after it in
    /// reading order that is not on its own row, when the two lie as one block's lines do.
    /// A line follows one line at most.
    private static func links(between lines: [UnitLine], parameters: LineContinuation.Parameters) -> [Int?] {
        var following = [Int?](repeating: nil, count: lines.count)
        var followsAnother = [Bool](repeating: false, count: lines.count)
        for index in lines.indices {
            guard let next = candidate(after: index, in: lines), !followsAnother[next],
                  LineContinuation.separation(lines[index], lines[next], parameters: parameters) == nil else { continue }
            following[index] = next
            followsAnother[next] = true
        }
        return following
    }

    /// Marks the lines that share their row with another box beside them, near them in
    /// reading order: the rows of a table, a menu or a settings list.
    private static func markRowNeighbours(_ lines: inout [UnitLine]) {
        for index in lines.indices {
            for other in (index + 1)..<min(lines.count, index + 1 + lookahead) where onOneRow(lines[index], lines[other]) {
                let apart = lines[other].start >= lines[index].end || lines[index].start >= lines[other].end
                if apart {
                    lines[index].hasRowNeighbour = true
                    lines[other].hasRowNeighbour = true
                }
            }
        }
    }

    private static func onOneRow(_ line: UnitLine, _ other: UnitLine) -> Bool {
        let overlap = min(line.bottom, other.bottom) - max(line.top, other.top)
        return 2 * overlap >= min(line.thickness, other.thickness)
    }

    /// How many lines ahead the next row's line may be: a row of a label and its value, or
    /// a word Tesseract split off, sits between two lines of a paragraph.
    private static let lookahead = 3

    private static func candidate(after index: Int, in lines: [UnitLine]) -> Int? {
        let line = lines[index]
        for next in (index + 1)..<min(lines.count, index + 1 + lookahead) {
            if onOneRow(line, lines[next]) { continue }
            return next
        }
        return nil
    }
}
