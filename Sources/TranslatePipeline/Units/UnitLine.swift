import Foundation
import TranslateOutput
import TranslateModel

/// A line box seen along its reading direction, so that one set of rules serves rows of
/// text and the vertical columns of Chinese and Japanese: `start`/`end` run along the line,
/// `top`/`bottom` across it, and the next line of a paragraph lies below (for columns, to
/// the left).
struct UnitLine: Equatable {
    var start: Int
    var end: Int
    var top: Int
    var bottom: Int
    var text: String
    var language: Language?
    /// How far the line's first word reaches along the line: what did not fit at the end of
    /// the line before it, when that line wrapped.
    var firstWordLength: Int
    /// Another box lies beside it on its row: a label with its value, an item with its price.
    var hasRowNeighbour = false

    /// Terminal cells the text takes: two for a Hangul, Han or kana character, one for others.
    var cells: Int { DisplayWidth.of(text) }
    var letters: Int { text.filter(\.isLetter).count }
    /// The script most of its letters are in.
    var script: WritingScript? {
        var counts: [WritingScript: Int] = [:]
        for scalar in text.unicodeScalars { if let script = WritingScript.of(scalar) { counts[script, default: 0] += 1 } }
        return counts.max { $0.value < $1.value }?.key
    }

    var length: Int { end - start }
    var thickness: Int { max(1, bottom - top) }
    var centre: Double { Double(start + end) / 2 }
}

extension UnitLine {
    /// `box` as a line; `tilt`: the page's text lines' angle in radians (a photographed page
    /// held askew), undone so that its lines lie as on a flat page.
    init(_ box: BoxResult, language: Language?, tilt: Double = 0) {
        let rect = tilt == 0 ? box.rect : Self.upright(box, tilt: tilt)
        let vertical = Self.isColumn(box)
        if vertical {
            // Columns are read top to bottom, right to left: the next one is "below" when
            // the across axis grows leftwards.
            start = rect.y
            end = rect.y + rect.height
            top = -(rect.x + rect.width)
            bottom = -rect.x
        } else {
            start = rect.x
            end = rect.x + rect.width
            top = rect.y
            bottom = rect.y + rect.height
        }
        text = box.text
        self.language = language
        firstWordLength = Self.firstWordLength(of: box, vertical: vertical)
    }

    /// The bounding rectangle of `box`'s corners turned back by `tilt`: a skewed line's own
    /// rectangle is as tall as its slant, and overlaps the lines above and below it.
    static func upright(_ box: BoxResult, tilt: Double) -> PixelRect {
        let corners = box.polygon ?? [PixelPoint(x: box.rect.x, y: box.rect.y),
                                      PixelPoint(x: box.rect.x + box.rect.width, y: box.rect.y + box.rect.height)]
        let (cosine, sine) = (cos(-tilt), sin(-tilt))
        let turned = corners.map { (x: Double($0.x) * cosine - Double($0.y) * sine, y: Double($0.x) * sine + Double($0.y) * cosine) }
        let left = turned.map(\.x).min()!, right = turned.map(\.x).max()!
        let top = turned.map(\.y).min()!, bottom = turned.map(\.y).max()!
        return PixelRect(x: Int(left.rounded()), y: Int(top.rounded()), width: Int((right - left).rounded()),
                         height: Int((bottom - top).rounded()))
    }

    /// The median angle of the top edges of the page's boxes that have corners; 0 without any.
    static func tilt(of boxes: [BoxResult]) -> Double {
        let angles = boxes.compactMap { box -> Double? in
            guard let corners = box.polygon, corners.count == 4 else { return nil }
            return atan2(Double(corners[1].y - corners[0].y), Double(corners[1].x - corners[0].x))
        }.sorted()
        return angles.isEmpty ? 0 : angles[angles.count / 2]
    }

    /// A box of Chinese or Japanese standing upright, several characters tall.
    static func isColumn(_ box: BoxResult) -> Bool {
        guard box.rect.height >= 2 * box.rect.width, box.text.unicodeScalars.count >= 2 else { return false }
        return box.text.unicodeScalars.contains { [.han, .kana].contains(WritingScript.of($0)) }
    }

    /// The first word's extent: from its share of the line's characters, or its rectangle
    /// when recognition gave a wider one (Tesseract's Hangul "words" can be a syllable).
    /// Unspaced scripts wrap at any character, so their "first word" is one character.
    private static func firstWordLength(of box: BoxResult, vertical: Bool) -> Int {
        let characters = max(1, box.text.count)
        let perCharacter = Double(vertical ? box.rect.height : box.rect.width) / Double(characters)
        if let first = box.text.first, UnitText.isUnspaced(first) { return Int(perCharacter.rounded(.up)) }
        let firstWord = box.text.split(separator: " ").first.map(\.count) ?? characters
        let estimate = Int((perCharacter * Double(firstWord)).rounded(.up))
        guard !vertical, let word = box.words.first else { return estimate }
        return max(estimate, word.rect.width)
    }
}
