import TranslateModel
/// Reading a page first with the data the run's last pages were read with.
extension PageRecognizer {
    /// `prepared` read with the data `history` guesses, when the usual steps would have settled
    /// on that data too. Nil otherwise, and the page is read the usual way; what was found here
    /// (orientation detection's script, the reading) stays in the page's memo, so the usual
    /// steps do not find it again.
    ///
    /// The checks follow the usual steps. Data of another script (`jpn`, `tha`, `rus+eng`, …)
    /// is used when orientation detection names that script, as it is after a poor first
    /// reading; a reading with it alone proves nothing, since such data writes its own script
    /// whatever the page (`tha` read a Vietnamese page as Thai, with confidence over 70). Han
    /// data is then chosen among `jpn`, `chi_sim` and `chi_tra` as usual. Data of another Latin
    /// language (`deu+eng`) is kept when the language detector places the reading's text in
    /// that language as surely as a page is read again in its own language. Either way the
    /// reading must be confident enough that no retry would run.
    ///
    /// On a folder in one language this leaves out the poor first reading with the usual data
    /// and reading the page again in its own language.
    func guessedReading(_ prepared: PreparedPage, mode: Int) throws(OCRError) -> Reading? {
        guard settings.rereadByLanguage, let languages = history.guess(besides: engine.languages) else { return nil }
        let scripts = ScriptLanguages.scripts(calling: languages)
        if !scripts.isEmpty {
            guard let script = script(of: prepared), scripts.contains(script) else { return nil }
        }
        guard let first = try reading(prepared, mode: mode, languages: languages),
              first.confidence >= Self.retryConfidence else { return nil }
        var kept = first
        if HanDataChoice.family.contains(languages) {
            kept = try chooseHanData(first, first: first, mode: mode)
            guard kept.confidence >= Self.retryConfidence else { return nil }
        } else if scripts.isEmpty {
            let found = languageDetector.detect(kept.page.lines.map(\.text).joined(separator: " "))
            guard let language = found.language, found.confidence >= Self.pageLanguageConfidence,
                  ScriptLanguages.reading(language.tesseractName) == languages else { return nil }
        }
        kept.report = first.report
        kept.report.add(String(format: "read with %@ first, as the pages before it were (confidence %.0f)",
                               kept.languages.joined(separator: "+"), kept.confidence))
        return kept
    }
}

extension ScriptLanguages {
    /// The OSD script names that call for `languages` (for Han data, any name that leads to the
    /// choice among `jpn`, `chi_sim` and `chi_tra`); empty for data of Latin-script languages
    /// other than English, which no script name calls for.
    static func scripts(calling languages: [String]) -> Set<String> {
        let han = HanDataChoice.family.contains(languages)
        return Set(knownScripts.filter { script in
            let named = Self.languages(forScript: script) ?? []
            return named.contains(languages) || (han && named.contains(where: HanDataChoice.family.contains))
        })
    }

    /// The script names `languages(forScript:)` knows.
    static let knownScripts = ["Hangul", "Japanese", "Katakana", "Hiragana", "Han", "Thai", "Cyrillic", "Devanagari", "Latin"]
}
