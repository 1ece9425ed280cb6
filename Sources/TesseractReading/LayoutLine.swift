import TranslateModel

/// A text line as Tesseract's layout analysis finds it, before anything is read.
struct LayoutLine {
    var rect: PixelRect
    /// The index of its paragraph among the page's paragraphs, in layout order.
    var paragraph: Int
    var key: RepeatedLines.Key
}

extension LayoutLine {
    /// `lines` with each row of marks alone joined to the line it belongs to.
    ///
    /// Layout analysis can make a row of their own of the vowel and tone marks above or below
    /// Thai or Vietnamese letters; read alone, such a row is noise, and its line loses its
    /// marks. A row less than half as tall as a line it overlaps horizontally, and as near to
    /// it as a third of that line's height, is taken into the nearest such line.
    static func joiningMarkRows(_ lines: [(rect: PixelRect, paragraph: Int)]) -> [(rect: PixelRect, paragraph: Int)] {
        var joined = lines
        var taken = Set<Int>()
        for (index, row) in lines.enumerated() {
            let host = lines.indices.filter { other in
                let line = lines[other].rect
                return other != index && row.rect.height * 2 < line.height
                    && row.rect.x < line.x + line.width && line.x < row.rect.x + row.rect.width
                    && verticalGap(row.rect, line) <= line.height / 3
            }.min { verticalGap(row.rect, lines[$0].rect) < verticalGap(row.rect, lines[$1].rect) }
            guard let host else { continue }
            joined[host].rect = PixelRect.union([joined[host].rect, row.rect]) ?? joined[host].rect
            taken.insert(index)
        }
        return joined.enumerated().filter { !taken.contains($0.offset) }.map(\.element)
    }

    /// The distance between two rectangles' vertical extents; 0 when they overlap.
    private static func verticalGap(_ first: PixelRect, _ second: PixelRect) -> Int {
        max(0, max(first.y, second.y) - min(first.y + first.height, second.y + second.height))
    }
}
