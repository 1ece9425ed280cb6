import TranslateModel

/// The drawn icons of a tab bar or an icon grid read as letters: a short line taller than the
/// label centred under it, in a row of at least three such pairs.
///
/// An outlined square over a tab label reads `O`, `ㅁ` or `画|` at 66 to 91, as tall as the page's
/// other lines, so neither the junk rule nor the filled-shape test catches it; what gives it
/// away is its place. A calendar's weekday letters over its dates are the same height as
/// them, and a one-letter heading has no row of pairs.
enum LabelledIcons {
    /// `lines` without such icons, which are given back as dropped.
    static func removed(from lines: [RecognizedBox]) -> (kept: [RecognizedBox], dropped: [DroppedBox]) {
        let pairs = lines.indices.filter { isShort(lines[$0]) && label(under: lines[$0], among: lines) != nil }
        // Icons on one row: their middles within half an icon's height of each other.
        let icons = Set(pairs.filter { index in
            let middle = lines[index].rect.y + lines[index].rect.height / 2
            return pairs.filter { abs(lines[$0].rect.y + lines[$0].rect.height / 2 - middle) * 2 <= lines[index].rect.height }.count
                >= tuning.labelledIconsInARow
        })
        guard !icons.isEmpty else { return (lines, []) }
        let dropped = icons.sorted().map { index in
            let line = lines[index]
            return DroppedBox(rect: line.rect, text: line.text, confidence: line.confidence, height: Double(line.rect.height),
                              reason: .iconAboveLabel)
        }
        return (lines.indices.filter { !icons.contains($0) }.map { lines[$0] }, dropped)
    }

    /// Two characters or fewer, spaces aside.
    static func isShort(_ line: RecognizedBox) -> Bool {
        line.text.filter { !$0.isWhitespace }.count <= tuning.labelledIconLength
    }

    /// The line right under `icon`, centred on it, that `icon` is clearly taller than.
    static func label(under icon: RecognizedBox, among lines: [RecognizedBox]) -> RecognizedBox? {
        let iconBottom = icon.rect.y + icon.rect.height, iconMiddle = icon.rect.x + icon.rect.width / 2
        return lines.first { line in
            let gap = line.rect.y - iconBottom
            let middle = line.rect.x + line.rect.width / 2
            return gap >= 0 && gap <= icon.rect.height
                && abs(middle - iconMiddle) * 2 <= max(icon.rect.width, line.rect.width)
                && Double(icon.rect.height) >= Double(line.rect.height) * tuning.labelledIconHeight
        }
    }
}
