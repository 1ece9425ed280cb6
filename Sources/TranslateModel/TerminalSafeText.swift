/// Untrusted text (OCR text, translations, file names, a service's messages) made safe to
/// write to a terminal: every character a terminal acts on instead of showing is written as
/// an escape.
///
/// A terminal obeys C0 controls (ESC starts sequences that set the clipboard, move the cursor or
/// clear the screen; CR and BS overwrite what was shown), DEL and C1 controls (U+009B is a
/// one-byte CSI), and the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069)
/// reorder what the reader sees. Those are shown as `\x1b` (C0, DEL, C1) or `\u202e` (the
/// bidi controls); line breaks and tabs as `\n`, `\r` and `\t`. JSON and HTML keep the text
/// exact and escape it their own way.
public enum TerminalSafeText {
    /// Text for one line of a message or one TSV field: backslashes are doubled too, so that an
    /// escape can be told from the text itself.
    public static func oneLine(_ text: String) -> String {
        escaped(text, doublingBackslashes: true)
    }

    /// Text for people to read (the `text` and `plain` formats, a message assembled from parts
    /// already escaped): backslashes stay as they are, so escaping twice changes nothing.
    public static func shown(_ text: String) -> String {
        escaped(text, doublingBackslashes: false)
    }

    /// Whether a terminal would act on `scalar` rather than show it.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func escaped(_ text: String, doublingBackslashes: Bool) -> String {
        // Most text has nothing to escape: keep it without copying.
        guard text.unicodeScalars.contains(where: { isUnsafe($0) || (doublingBackslashes && $0 == "\\") }) else { return text }
        var shown = ""
        shown.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            case "\\" where doublingBackslashes: shown += "\\\\"
            case _ where scalar.value > 0xFF && isUnsafe(scalar): shown += "\\u" + hex(scalar.value, digits: 4)
            case _ where isUnsafe(scalar): shown += "\\x" + hex(scalar.value, digits: 2)
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
