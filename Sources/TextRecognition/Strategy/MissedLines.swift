import Foundation
import TesseractReading
import TranslateModel

/// What becomes of a page's lines once the ink layout analysis left unread has been read line
/// by line: the decisions of `PageRecognizer.withMissedLines`, as pure functions of the page's
/// lines and the readings, so that a test can feed them made-up readings.
///
/// Short lines read unsurely, lines of symbols alone and thin pieces of lines (`isDoubtful`,
/// `isPiece`) do not count as read: their ink is looked at again, and a line read there surely
/// replaces them (a tab label `홈` read `z` at 57 within the page, `홈` at 95 alone; a 2x label
/// read as two half-height pieces). Where their ink is a filled dot, they are a drawn icon read
/// as a letter and are dropped.
struct MissedLines {
    /// The page's lines, in the original image, and their rectangles in the prepared image.
    let lines: [RecognizedBox]
    let rects: [PixelRect]
    /// The height of the page's lines in the prepared image: the median.
    let lineHeight: Int
    /// The lines whose ink is looked at again (`isDoubtful`, `isPiece`).
    let doubtful: Set<Int>

    /// Nil when the page has no lines, or the rectangles do not match them one for one.
    init?(lines: [RecognizedBox], rects: [PixelRect]) {
        guard !rects.isEmpty, rects.count == lines.count else { return nil }
        self.lines = lines
        self.rects = rects
        lineHeight = Median.upper(rects.map(\.height))
        let height = lineHeight
        doubtful = Set(lines.indices.filter { index in
            Self.isDoubtful(lines[index]) || Self.isPiece(lines[index], height: rects[index].height, lineHeight: height)
        })
    }

    /// The rectangles whose ink counts as read.
    var covered: [PixelRect] {
        rects.indices.filter { !doubtful.contains($0) }.map { rects[$0] }
    }

    /// A line of three letters or fewer read less surely than `doubtfulShortLineConfidence`,
    /// or one of symbols alone however surely: what a short label read within the page, or a
    /// drawn icon, often comes to (a tab label `홈` read `=` at 95).
    static func isDoubtful(_ line: RecognizedBox) -> Bool {
        let characters = line.text.filter { $0.isLetter || $0.isNumber }.count
        return characters == 0 || characters <= tuning.doubtfulShortLineLetters && line.confidence < tuning.doubtfulShortLineConfidence
    }

    /// A short line much thinner than the page's lines, however surely read: a piece of a line
    /// layout analysis cut across (a 2x tab label read as `주문` from its lower half, 4 pixels
    /// tall, at 97), thinner than `smallBoxShare` of the median, as the junk rule measures small.
    static func isPiece(_ line: RecognizedBox, height: Int, lineHeight: Int) -> Bool {
        line.text.filter({ $0.isLetter || $0.isNumber }).count <= tuning.doubtfulShortLineLetters
            && Double(height) < Double(lineHeight) * tuning.smallBoxShare
    }

    /// The doubtful lines (but counts, digits alone) whose ink, among `clusters`, is all filled
    /// shapes no taller than a line: a drawn dot (a tab's icon read `e` or `| 】`). A button's
    /// text on its filled shape is taller than that, and a badge's count is digits.
    func drawnShapes(among clusters: [MissedInk.Cluster]) -> Set<Int> {
        doubtful.filter { index in
            let text = lines[index].text
            guard text.contains(where: \.isLetter) || !text.contains(where: \.isNumber) else { return false }
            let under = clusters.filter { MissedInk.overlaps($0.rect, rects[index]) }
            return !under.isEmpty && under.allSatisfy { $0.isFilled && Double($0.rect.height) <= Double(lineHeight) * tuning.missedLineTallest }
        }
    }

    /// The doubtful lines lying mostly inside a line read whole (`프` and `Of` read from the top
    /// of `푸시 알림`, besides the line itself): pieces read twice.
    var piecesOfReadLines: Set<Int> {
        let whole = rects.indices.filter { !doubtful.contains($0) }
        return doubtful.filter { index in
            let piece = rects[index]
            return whole.contains { other in
                let line = rects[other]
                let width = min(piece.x + piece.width, line.x + line.width) - max(piece.x, line.x)
                let height = min(piece.y + piece.height, line.y + line.height) - max(piece.y, line.y)
                return width > 0 && height > 0 && Double(width * height) >= Double(piece.width * piece.height) * tuning.pieceInsideShare
            }
        }
    }

    /// Doubtful lines just under or over a line read whole, the two together no taller than a
    /// line: one line that layout analysis cut across (`블루투스` read from its upper two
    /// thirds, `arr` from the rest), with the rectangle of both, to be read as one.
    var cutAcross: [(line: Int, piece: Int, rect: PixelRect)] {
        doubtful.sorted().compactMap { piece in
            let part = rects[piece]
            return rects.indices.lazy.filter { !doubtful.contains($0) }.compactMap { line -> (Int, Int, PixelRect)? in
                let other = rects[line]
                let across = min(part.x + part.width, other.x + other.width) - max(part.x, other.x)
                let gap = max(part.y, other.y) - min(part.y + part.height, other.y + other.height)
                guard let both = PixelRect.union([part, other]),
                      Double(across) >= Double(min(part.width, other.width)) * tuning.cutLineOverlap,
                      Double(gap) <= Double(lineHeight) * tuning.cutLineGap,
                      Double(both.height) <= Double(lineHeight) * tuning.missedLineTallest else { return nil }
                return (line, piece, both)
            }.first
        }
    }

    /// A missed line's reading is kept when it is sure, or when it has figures enough to be text
    /// however unsure (a price whose `₩` reads as a backslash is read at 23 to 57).
    static func keeps(_ line: RecognizedBox) -> Bool {
        let characters = line.text.filter { $0.isLetter || $0.isNumber }.count
        return characters > 0 && (line.confidence >= tuning.missedLineConfidence || characters > tuning.smallBoxLetters)
    }

    /// `page` (whose lines are `lines`) with `readings` of missed ink applied, each given in the
    /// prepared image and in the original one, and `shapes` dropped; with what was done, for the
    /// page's report (nil when nothing was).
    ///
    /// A reading over doubtful lines replaces them when it is sure and surer than each; one just
    /// beside a line on its row completes it (`自` of `自動`); any other is a line of its own,
    /// placed in reading order as a paragraph of its own. Doubtful lines not replaced are dropped
    /// when they are drawn shapes or pieces of a line read whole. `wholes` are lines cut across
    /// (`cutAcross`) read as one, in the original image: each replaces its two parts when it is
    /// sure and has no fewer letters than the part read whole.
    func applied(_ readings: [(prepared: RecognizedBox, original: RecognizedBox)], shapes: Set<Int>,
                 wholes: [(line: Int, piece: Int, reading: RecognizedBox)] = [],
                 to page: RecognizedPage) -> (page: RecognizedPage, note: PreparationStep?) {
        var result = page
        let covered = covered
        var separate: [RecognizedBox] = []
        var removed: Set<Int> = [], replaced: Set<Int> = []
        var rejoined = 0
        // A line cut across, read whole: kept when sure and no shorter than its larger part.
        for (line, piece, reading) in wholes where !replaced.contains(line) && !replaced.contains(piece) {
            let letters = { (text: String) in text.filter { $0.isLetter || $0.isNumber }.count }
            guard reading.confidence >= tuning.missedLineSureConfidence, letters(reading.text) >= letters(lines[line].text) else { continue }
            var whole = reading
            whole.paragraph = lines[line].paragraph
            result.lines[line] = whole
            removed.insert(piece)
            replaced.formUnion([line, piece])
            rejoined += 1
        }
        // Replacements go to their place in reading order, since layout analysis placed the
        // doubtful line by its own misreading (`=` for the first tab label, after the last).
        var moved: [RecognizedBox] = []
        var counts = (found: 0, completed: 0, replaced: 0)
        for (prepared, original) in readings {
            // Ink already read again: a line cut across and read whole, or a doubtful line that
            // an earlier reading replaced.
            guard !replaced.contains(where: { MissedInk.overlaps(prepared.rect, rects[$0]) }) else { continue }
            let overlapped = doubtful.filter { MissedInk.overlaps(prepared.rect, rects[$0]) }.sorted()
            if let first = overlapped.first {
                guard prepared.confidence >= tuning.missedLineSureConfidence,
                      prepared.confidence > overlapped.map({ lines[$0].confidence }).max() ?? 0 else { continue }
                var replacement = original
                replacement.paragraph = lines[first].paragraph
                moved.append(replacement)
                removed.insert(first)
                removed.formUnion(overlapped.dropFirst())
                replaced.formUnion(overlapped)
                counts.replaced += 1
            } else if let match = MissedInk.lineContinued(by: prepared.rect, among: covered, lineHeight: lineHeight),
                      let index = rects.firstIndex(of: covered[match]) {
                result.lines[index] = Self.joined(result.lines[index], original, before: prepared.rect.x < rects[index].x)
                counts.completed += 1
            } else {
                separate.append(original)
                counts.found += 1
            }
        }
        let pieces = piecesOfReadLines.subtracting(replaced)
        // In the page's order: a set's order changes from run to run.
        for index in shapes.union(pieces).subtracting(replaced).sorted() {
            let line = lines[index]
            result.dropped.append(DroppedBox(rect: line.rect, text: line.text, confidence: line.confidence,
                                             height: Double(line.rect.height), reason: pieces.contains(index) ? .pieceOfLine : .filledShape))
            removed.insert(index)
        }
        for index in removed.sorted(by: >) { result.lines.remove(at: index) }
        for line in moved {
            result.lines.insert(line, at: Self.readingPlace(of: line.rect, among: result.lines))
            // A paragraph of this line alone takes its text; a larger one keeps its own reading.
            if lines.filter({ $0.paragraph == line.paragraph }).count == 1,
               let index = result.paragraphs.firstIndex(where: { $0.paragraph == line.paragraph }) {
                result.paragraphs[index] = line
            }
        }
        var paragraph = (result.paragraphs.map(\.paragraph).max() ?? -1) + 1
        // Numbered after the page's paragraphs, top to bottom.
        for var line in separate.sorted(by: { ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x) }) {
            line.paragraph = paragraph
            paragraph += 1
            result.paragraphs.append(line)
            result.lines.insert(line, at: Self.readingPlace(of: line.rect, among: result.lines))
        }
        let said = PreparationStep.MissedLineCounts(
            found: counts.found, completed: counts.completed, readAgain: counts.replaced, rejoined: rejoined,
            drawnShapes: shapes.subtracting(replaced).subtracting(pieces).count, pieces: pieces.count)
        return (result, said.isEmpty ? nil : .missedLines(said))
    }

    /// `line` with `piece`, the part of it found missing, put before or after its text: with no
    /// space between Han and kana, else with one.
    static func joined(_ line: RecognizedBox, _ piece: RecognizedBox, before: Bool) -> RecognizedBox {
        let line = withoutWordReadAgain(line, by: piece, before: before)
        var whole = line
        let (first, second) = before ? (piece.text, line.text) : (line.text, piece.text)
        let closeUp = [first.unicodeScalars.last, second.unicodeScalars.first].allSatisfy { scalar in
            scalar.flatMap(WritingScript.of).map { $0 == .han || $0 == .kana } ?? false
        }
        whole.text = first + (closeUp ? "" : " ") + second
        whole.words = before ? piece.words + line.words : line.words + piece.words
        whole.rect = PixelRect.union([line.rect, piece.rect]) ?? line.rect
        whole.confidence = ReadingConfidence.mean(of: whole.words)
        return whole
    }

    /// `line` without its word at the end that `piece` (to join after it, or before it when
    /// `before`) read again whole: the line's box stopped inside that word, and its ink left over
    /// was read with it (`울` of `알림이 울`, then `울리지`).
    static func withoutWordReadAgain(_ line: RecognizedBox, by piece: RecognizedBox, before: Bool) -> RecognizedBox {
        guard let word = before ? line.words.first : line.words.last, line.words.count > 1,
              MissedInk.overlaps(word.rect, piece.rect),
              before ? piece.text.hasSuffix(word.text) : piece.text.hasPrefix(word.text),
              before ? line.text.hasPrefix(word.text) : line.text.hasSuffix(word.text) else { return line }
        var kept = line
        kept.words = before ? Array(line.words.dropFirst()) : Array(line.words.dropLast())
        let text = before ? line.text.dropFirst(word.text.count) : line.text.dropLast(word.text.count)
        kept.text = text.trimmingCharacters(in: .whitespaces)
        kept.rect = PixelRect.union(kept.words.map(\.rect)) ?? line.rect
        return kept
    }

    /// Where a line at `rect` goes among `lines` in reading order: before the first line on a
    /// lower row, or on its row and to its right.
    static func readingPlace(of rect: PixelRect, among lines: [RecognizedBox]) -> Int {
        let middle = rect.y + rect.height / 2
        return lines.firstIndex { other in
            let otherMiddle = other.rect.y + other.rect.height / 2
            let sameRow = middle >= other.rect.y && middle < other.rect.y + other.rect.height
                || otherMiddle >= rect.y && otherMiddle < rect.y + rect.height
            return sameRow ? other.rect.x > rect.x : other.rect.y > middle
        } ?? lines.count
    }
}
