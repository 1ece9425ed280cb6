import Foundation
import TranslateModel

/// Which boxes of a page read by layout analysis are not text: what Tesseract reads from a
/// screen's icons, and boxes too small or too unsure to be text. A photo read line by line has
/// its own rule (`PhotoJunkRule`).
///
/// Two moments, one rule:
/// - as soon as the page is read (`iconsRemoved(from:)`), before its columns are put in order:
///   a box of nothing but a few symbols is a drawn switch or chevron (`. @`, `>`, a switch read
///   as `©`), and a single arrow-like symbol ending a line is its chevron, cut off. Letters and
///   digits are never touched.
/// - once the boxes have their final readings (`apply(to:)`), measured against the page's median
///   box: a small box of a letter or two read unsurely is a speck, a rule or a fragment of bigger
///   letters ("ro", 8 pixels tall, at confidence 27); a box of one letter far taller than the
///   text around it, read short of surely, is an icon (an avatar's circle read as `O`, a
///   settings icon as `電)`).
///
/// Short real lines look like junk in one way only (a tab bar's one-syllable label is small, a
/// price in a font Tesseract knows poorly is unsure), so every drop needs two signs together.
/// A box shown as text is translated: junk costs a request and shows the user garbage. The
/// thresholds are in `RecognitionTuning` ("Boxes that are not text").
enum PageJunkRule {
    /// Symbols that, standing alone, are drawn icons rather than text.
    static let iconSymbols: Set<Character> = [">", "<", "›", "‹", "〉", "〈", "»", "«", "》", "《", "©", "®", "@", "|", "°", "•", "·", "-", "_", "~", "=", "+", "*", "#", "(", ")", "[", "]", "{", "}", "/", "\\", "!", "?", ".", ",", ":", ";", "'", "\""]
    /// Of those, the ones that end a line as a chevron.
    static let trailingChevrons: Set<Character> = [">", "›", "〉", "»", "》", "©"]

    /// `lines` without the boxes of icon symbols alone, which are given back as dropped, and
    /// with a trailing chevron cut off the others.
    static func iconsRemoved(from lines: [RecognizedBox]) -> (kept: [RecognizedBox], dropped: [DroppedBox]) {
        var kept: [RecognizedBox] = [], dropped: [DroppedBox] = []
        for line in lines {
            let symbols = line.text.filter { !$0.isWhitespace }
            // A line of nothing but a few such symbols is a drawn switch or chevron (". @" for a
            // toggle), not text.
            if !symbols.isEmpty, symbols.count <= tuning.maximumIconLength, symbols.allSatisfy(iconSymbols.contains) {
                dropped.append(DroppedBox(rect: line.rect, text: line.text, confidence: line.confidence,
                                          height: thickness(of: line.rect), reason: .iconSymbols))
                continue
            }
            kept.append(withoutTrailingChevron(line))
        }
        return (kept, dropped)
    }

    private static func withoutTrailingChevron(_ line: RecognizedBox) -> RecognizedBox {
        guard line.words.count >= 2, let last = line.words.last, last.text.count == 1, let symbol = last.text.first,
              trailingChevrons.contains(symbol), line.text.hasSuffix(" " + last.text) else { return line }
        var trimmed = line
        trimmed.words.removeLast()
        trimmed.text = String(line.text.dropLast(last.text.count)).trimmingCharacters(in: .whitespaces)
        trimmed.rect = PixelRect.union(trimmed.words.map(\.rect)) ?? line.rect
        return trimmed
    }

    /// One box with its final reading, as the size and confidence decisions see it.
    struct Box: Equatable {
        /// Its thickness in the page's pixels (`thickness(of:)`).
        var height: Double
        /// 0 to 100.
        var confidence: Double
        var text: String

        /// Letters and digits: what a box of text has and a drawn mark mostly lacks.
        var letters: Int { text.count { $0.isLetter || $0.isNumber } }
    }

    /// What becomes of a box.
    enum Verdict: Equatable {
        case kept
        case dropped(DroppedBox.Reason)
    }

    /// The verdict on each of `boxes`, all the boxes of one page: heights are measured against
    /// the page's median box height.
    static func verdicts(_ boxes: [Box], tuning: RecognitionTuning = tuning) -> [Verdict] {
        let median = Median.of(boxes.map(\.height))
        return boxes.map { verdict(on: $0, medianHeight: median, tuning: tuning) }
    }

    /// The verdict on one box of a page whose boxes' median height is `medianHeight`.
    static func verdict(on box: Box, medianHeight: Double, tuning: RecognitionTuning = tuning) -> Verdict {
        let small = box.height < tuning.smallBoxShare * medianHeight
        if small && box.letters <= tuning.smallBoxLetters && box.confidence < tuning.smallBoxConfidence {
            return .dropped(.smallAndUnsure)
        }
        let towering = medianHeight > 0 && box.height >= tuning.iconBoxShare * medianHeight
        if towering && box.letters <= 1 && box.confidence < tuning.iconBoxConfidence { return .dropped(.iconLike) }
        return .kept
    }

    /// `result` without the boxes the size and confidence decisions drop, which join its
    /// `droppedBoxes`; the boxes kept are numbered again from 0.
    static func apply(to result: inout ImageResult, tuning: RecognitionTuning = tuning) {
        let verdicts = verdicts(result.boxes.map { Box(height: thickness(of: $0.rect), confidence: $0.confidence, text: $0.text) },
                                tuning: tuning)
        guard verdicts.contains(where: { $0 != .kept }) else { return }
        let split = BoxDropping.split(result.boxes, reasons: verdicts.map { verdict in
            if case .dropped(let reason) = verdict { return reason }
            return nil
        })
        result.boxes = split.kept
        result.droppedBoxes += split.dropped
    }

    /// A box's shorter side: the height of its line of text whichever way the line runs (a
    /// column of vertical Japanese, a line of a page turned a quarter).
    static func thickness(of rect: PixelRect) -> Double {
        Double(min(rect.width, rect.height))
    }
}
