import TranslateModel
/// Joins the lines of a paragraph into one translation unit.
enum ParagraphText {
    /// Lines are joined with a space, except between two characters of scripts written without
    /// spaces (Chinese, Japanese, Thai), where a space would be wrong.
    static func join(_ lines: [String]) -> String {
        var result = ""
        for line in lines where !line.isEmpty {
            if let last = result.unicodeScalars.last, let first = line.unicodeScalars.first,
               !(isUnspacedScript(last) && isUnspacedScript(first)) {
                result += " "
            }
            result += line
        }
        return result
    }

    private static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x3000...0x303F, 0xFF00...0xFF60, 0x0E00...0x0E7F:
            true
        default:
            false
        }
    }
}
