/// The writing systems the detector tells apart before it looks at words.
public enum WritingScript: Int, CaseIterable, Sendable {
    case latin, cyrillic, hangul, kana, han, thai, devanagari, other

    /// The script of a letter or mark, or nil for digits, spaces, punctuation and symbols.
    public static func of(_ scalar: Unicode.Scalar) -> WritingScript? {
        let v = scalar.value
        switch v {
        case 0x41...0x5A, 0x61...0x7A: return .latin
        case 0x30...0x39, 0..<0x80: return nil
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF: return .hangul
        case 0x3041...0x309F, 0x30A1...0x30FA, 0x30FC...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9D, 0x3005:
            return .kana  // 々 (U+3005) is Japanese usage, so it counts as kana evidence
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xF900...0xFAFF, 0x20000...0x3134F: return .han
        case 0x0E00...0x0E7F: return .thai
        case 0x0900...0x097F, 0xA8E0...0xA8FF: return .devanagari
        case 0x0400...0x052F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return .cyrillic
        case 0xC0...0x24F, 0x1E00...0x1EFF, 0x0300...0x036F, 0xFF21...0xFF3A, 0xFF41...0xFF5A, 0x2C60...0x2C7F, 0xA720...0xA7FF:
            if v == 0xD7 || v == 0xF7 { return nil }  // × ÷
            return .latin
        default:
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
                return .other
            default:
                return nil
            }
        }
    }

    /// How much one letter of this script weighs against one Latin letter when a text mixes
    /// scripts. A CJK character carries a syllable or a word; letters of scripts that only our
    /// candidate languages use are rarely stray, while Latin names, codes and URLs are common
    /// inside text in any language, so a Latin letter counts half ("서울역 Seoul Station" is
    /// Korean: a sign that adds an English gloss).
    public var weight: Double {
        switch self {
        case .hangul, .kana, .han: 3
        case .thai, .devanagari, .cyrillic: 2
        case .other: 1
        case .latin: 0.5
        }
    }
}
