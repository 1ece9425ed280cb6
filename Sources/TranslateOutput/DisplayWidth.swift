import TranslateModel
/// How many terminal cells text occupies: East Asian wide and fullwidth characters take two,
/// combining marks and zero-width characters none.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        // An emoji presentation selector makes the whole cluster a wide emoji.
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return width(of: first)
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 || value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 } // Hangul medial and final jamo combine.
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks, plus emoji that terminals draw two cells wide.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x17000...0x18AFF, 0x1B000...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
        0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
        0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// Pads `text` with spaces to `width` cells.
    public static func pad(_ text: String, to width: Int) -> String {
        let missing = width - of(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// Right-aligns `text` in `width` cells.
    public static func padLeft(_ text: String, to width: Int) -> String {
        let missing = width - of(text)
        return missing > 0 ? String(repeating: " ", count: missing) + text : text
    }

    /// Breaks `text` into lines of at most `width` cells, at spaces where possible.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0, of(text) > width else { return [text] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in words(of: text) {
            let wordWidth = of(word)
            if lineWidth + wordWidth <= width {
                line += word
                lineWidth += wordWidth
                continue
            }
            if !line.isEmpty {
                lines.append(line.trimmingTrailingSpaces())
                line = ""
                lineWidth = 0
            }
            let trimmed = word.first == " " ? String(word.drop(while: { $0 == " " })) : word
            // A word wider than the column is cut by characters.
            for character in trimmed {
                let characterWidth = of(character)
                if lineWidth + characterWidth > width, !line.isEmpty {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                line.append(character)
                lineWidth += characterWidth
            }
        }
        if !line.isEmpty { lines.append(line.trimmingTrailingSpaces()) }
        return lines
    }

    /// Splits into pieces that each start with their leading spaces, so joining restores the text.
    private static func words(of text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        for character in text {
            if character == " ", !current.isEmpty, current.last != " " {
                pieces.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
