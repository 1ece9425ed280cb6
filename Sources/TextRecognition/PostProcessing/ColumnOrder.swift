import TranslateModel
/// Puts the lines of side-by-side columns in reading order: the whole left column, then the
/// right one.
///
/// Tesseract's single-column mode (which reads UI screens best) reads two columns row by row,
/// as one line with a wide gap, which `LineSplitter` cuts in two. Where three or more rows in a
/// row are cut at the same place, and the pieces on each side start at the same x (columns of
/// text are left-aligned; a label's value is right-aligned, so a settings list is left alone),
/// the pieces are regrouped column by column.
enum ColumnOrder {
    static func reorder(_ lines: [RecognizedBox]) -> [RecognizedBox] {
        let rows = groupRows(lines)
        var result: [RecognizedBox] = []
        var index = 0
        while index < rows.count {
            let run = columnRun(rows, from: index)
            if run.count >= 3, let split = run.split {
                let zone = rows[index..<(index + run.count)].flatMap { $0 }
                result += zone.filter { $0.rect.x < split }
                result += zone.filter { $0.rect.x >= split }
                index += run.count
            } else {
                result += rows[index]
                index += 1
            }
        }
        return result
    }

    /// Consecutive lines whose vertical extents overlap by half the shorter one form a row.
    static func groupRows(_ lines: [RecognizedBox]) -> [[RecognizedBox]] {
        var rows: [[RecognizedBox]] = []
        for line in lines {
            if let last = rows.last?.last {
                let overlap = min(last.rect.y + last.rect.height, line.rect.y + line.rect.height) - max(last.rect.y, line.rect.y)
                if overlap * 2 >= min(last.rect.height, line.rect.height) {
                    rows[rows.count - 1].append(line)
                    continue
                }
            }
            rows.append([line])
        }
        return rows
    }

    /// How many rows from `start` continue a two-column layout, and the x that divides it.
    private static func columnRun(_ rows: [[RecognizedBox]], from start: Int) -> (count: Int, split: Int?) {
        guard rows[start].count == 2 else { return (0, nil) }
        let left = rows[start][0].rect, right = rows[start][1].rect
        let tolerance = max(4, min(left.height, right.height) / 2)
        guard right.x > left.x + left.width else { return (0, nil) }
        var count = 0, pairs = 0, strays = 0
        var rightEnds: [Int] = []
        var leftEnd = 0, rightStart = Int.max
        for fullRow in rows[start...] {
            // Stray marks (Thai tone marks read on their own, an icon) do not end the columns;
            // each goes with the side it lies on, unless the columns end right after it.
            let row = fullRow.filter { $0.rect.width * 4 > min(left.width, right.width) }
            if row.isEmpty, pairs > 0 {
                strays += 1
                continue
            }
            if row.count == 2, abs(row[0].rect.x - left.x) <= tolerance, abs(row[1].rect.x - right.x) <= tolerance,
               row[0].rect.x + row[0].rect.width < right.x {
                pairs += 1
                rightEnds.append(row[1].rect.x + row[1].rect.width)
                leftEnd = max(leftEnd, row[0].rect.x + row[0].rect.width)
                rightStart = min(rightStart, row[1].rect.x)
            } else if row.count == 1, abs(row[0].rect.x - left.x) <= tolerance || abs(row[0].rect.x - right.x) <= tolerance,
                      pairs > 0, row[0].rect.x >= right.x || row[0].rect.x + row[0].rect.width < right.x {
                // A column's last line can stand alone when the other column is shorter.
            } else {
                break
            }
            count += 1 + strays
            strays = 0
        }
        // Right pieces that all end at the same x are right-aligned values, not a column.
        let spread = (rightEnds.max() ?? 0) - (rightEnds.min() ?? 0)
        guard pairs >= 3, spread > tolerance else { return (0, nil) }
        // Split in the middle of the gutter between the columns.
        return (count, (leftEnd + rightStart) / 2)
    }
}
