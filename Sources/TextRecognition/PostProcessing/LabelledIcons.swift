import TranslateModel

/// The drawn icons of a tab bar or an icon grid read as letters: short lines, each with a label
/// centred under it, at least three on a row, and taller than their labels (by the row's medians).
///
/// An outlined square over a tab label reads `O`, `ㅁ` or `画|` at 66 to 91, as tall as the page's
/// other lines, so neither the junk rule nor the filled-shape test catches it; what gives it
/// away is its place. A calendar's weekday letters over its dates are the same height as
/// them, and a one-letter heading has no row of pairs.
enum LabelledIcons {
    /// `lines` without such icons, which are given back as dropped.
    static func removed(from lines: [RecognizedBox]) -> (kept: [RecognizedBox], dropped: [DroppedBox]) {
        let pairs = lines.indices.compactMap { index in
            isShort(lines[index]) ? label(under: lines[index], among: lines).map { (icon: index, label: $0) } : nil
        }
        var icons: Set<Int> = []
        for pair in pairs {
            // The pairs whose icons share this one's row: middles within half an icon's height.
            let rect = lines[pair.icon].rect
            let row = pairs.filter { abs(lines[$0.icon].rect.y + lines[$0.icon].rect.height / 2 - rect.y - rect.height / 2) * 2 <= rect.height }
            guard row.count >= tuning.labelledIconsInARow else { continue }
            // One label's box can be off (`홈` boxed with the icon's shadow): the row's medians decide.
            let iconHeight = Median.upper(row.map { lines[$0.icon].rect.height })
            let labelHeight = Median.upper(row.map { $0.label.rect.height })
            if Double(iconHeight) >= Double(labelHeight) * tuning.labelledIconHeight { icons.insert(pair.icon) }
        }
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

    /// The line right under `icon` and centred on it.
    static func label(under icon: RecognizedBox, among lines: [RecognizedBox]) -> RecognizedBox? {
        let iconBottom = icon.rect.y + icon.rect.height, iconMiddle = icon.rect.x + icon.rect.width / 2
        return lines.first { line in
            let gap = line.rect.y - iconBottom
            let middle = line.rect.x + line.rect.width / 2
            return gap >= 0 && gap <= icon.rect.height && abs(middle - iconMiddle) * 2 <= max(icon.rect.width, line.rect.width)
        }
    }
}
