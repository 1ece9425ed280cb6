import Testing
import TranslateModel

/// Every character a terminal acts on is shown escaped; everything else is left as it is.
@Suite struct TerminalSafeTextTests {
    @Test("C0 controls, DEL and C1 controls are shown as \\x escapes", arguments: [
        ("\u{1B}]52;c;cHduZWQ=\u{07}", #"\x1b]52;c;cHduZWQ=\x07"#),
        ("\u{1B}[2J", #"\x1b[2J"#),
        ("a\u{08}b", #"a\x08b"#),
        ("nul\u{0}", #"nul\x00"#),
        ("del\u{7F}", #"del\x7f"#),
        ("one-byte csi \u{9B}31m", #"one-byte csi \x9b31m"#),
        ("\u{85}", #"\x85"#),
    ])
    func controls(text: String, shown: String) {
        #expect(TerminalSafeText.shown(text) == shown)
        #expect(TerminalSafeText.oneLine(text) == shown)
    }

    @Test("bidirectional overrides and isolates are shown as \\u escapes")
    func bidiControls() {
        let all = (0x202A...0x202E).map { Character(Unicode.Scalar($0)!) } + (0x2066...0x2069).map { Character(Unicode.Scalar($0)!) }
        #expect(TerminalSafeText.shown("gpj." + String(all) + "png")
                == #"gpj.\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069png"#)
    }

    @Test("line breaks and tabs have their usual escapes; only one-line text doubles backslashes")
    func lineBreaks() {
        #expect(TerminalSafeText.oneLine("a\nb\rc\td\\e") == #"a\nb\rc\td\\e"#)
        #expect(TerminalSafeText.shown("a\nb\rc\td\\e") == #"a\nb\rc\td\e"#)
    }

    @Test("escaping what is shown twice changes nothing")
    func idempotent() {
        let once = TerminalSafeText.shown("\u{1B}[31mred\u{202E}")
        #expect(TerminalSafeText.shown(once) == once)
    }

    @Test("text in any script, emoji and joiners is left as it is")
    func ordinaryText() {
        let text = "설정 · 設定 · การตั้งค่า · Ελληνικά · العربية · 👩‍💻 · a\u{200D}b · e\u{301}"
        #expect(TerminalSafeText.shown(text) == text)
        #expect(TerminalSafeText.oneLine(text) == text)
    }
}
