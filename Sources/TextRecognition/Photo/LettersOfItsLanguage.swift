import TranslateModel

/// Whether a reading is written in the letters of the language it reads as.
///
/// The recognizer reads a line in a script it lacks as Latin look-alikes, and now and then
/// surely and without a gap: a Thai sign's `ประเมินผล` read `Us:lūuwa` at 0.92, a Thai coffee
/// shop's lines `āuəušu` and `šhunlw`. Such a reading holds letters that no language it might be
/// in writes together with the rest (`ū` and `ə` in what reads as Indonesian or English), where
/// a Latin line read truly holds only its language's (`Äpfel`, `Théâtre`, `Gegründet`)
/// (docs/experiments/photos.md, "A reading in letters its language does not write is not read whole").
/// Nor does a Latin word hold a colon between two letters, as the recognizer reads Thai's SARA A
/// (docs/experiments/photos.md, "A colon between two Latin letters: Thai's SARA A read as Latin").
enum LettersOfItsLanguage {
    /// Whether `text` has no colon between two Latin letters (`hasColonInsideAWord`), and every
    /// Latin letter of `text` beyond English's is a letter of `language`, the
    /// language `text` is detected in, or with none detected, of some Latin-script language. A
    /// text with no such letter, or in a language of another script (Han look-alikes of Hangul
    /// are told otherwise), is. `language` is asked for only when `text` has such a letter: most
    /// readings have none, and detecting a language is the costly part.
    static func writes(_ text: String, in language: @autoclosure () -> Language?) -> Bool {
        guard !hasColonInsideAWord(text) else { return false }
        let beyondEnglish = text.lowercased().unicodeScalars.filter { scalar in
            scalar.properties.isAlphabetic && WritingScript.of(scalar) == .latin && !("a"..."z").contains(scalar)
        }
        guard !beyondEnglish.isEmpty else { return true }
        guard let language = language() else { return beyondEnglish.allSatisfy(anyLanguagesLetters.contains) }
        guard language.script == .latin else { return true }
        let letters = Set(language.lettersBeyondEnglish.unicodeScalars)
        return beyondEnglish.allSatisfy(letters.contains)
    }

    /// Whether `text` has a colon between two Latin letters (`Us:tan`): no Latin-script word
    /// holds one, and it is how the recognizer reads Thai's SARA A (`ะ`) in a Thai word it reads
    /// as Latin look-alikes (`ประเภท` read `Us:tan`, `คะแนน` read `A:lluu`). Between a Han
    /// character and a letter it is a label's colon (`标本号:OA` on a lab report).
    static func hasColonInsideAWord(_ text: String) -> Bool {
        func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic && WritingScript.of(scalar) == .latin }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 3 else { return false }
        return (1..<(scalars.count - 1)).contains { index in
            scalars[index] == ":" && isLatinLetter(scalars[index - 1]) && isLatinLetter(scalars[index + 1])
        }
    }

    /// The letters beyond English's of every Latin-script language.
    private static let anyLanguagesLetters = Set(Language.allCases.flatMap(\.lettersBeyondEnglish.unicodeScalars))
}
