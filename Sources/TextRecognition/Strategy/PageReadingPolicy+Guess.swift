import TesseractReading
import TranslateModel

/// Reading a page first with the data the run's last pages were read with.
extension PageReadingPolicy.Pass {
    /// The page read with the guessed `data`, when the usual steps would have settled on that
    /// data too; when they would not, with the data the refuted guess points to
    /// (`guessAfterRefutation`), on the same terms. Nil otherwise, and the page is read the usual
    /// way; what was found here stays in the evidence, so the usual steps do not find it again.
    ///
    /// The checks follow the usual steps. Data of another script (`jpn`, `tha`, `rus+eng`, …)
    /// is used when its reading is plainly that script's text, sure and in its letters
    /// (`isPlainly`), or else when orientation detection names that script, as it is after a
    /// poor first reading; an unsure reading proves nothing, since such data writes its own
    /// script whatever the page (`tha` read a Vietnamese page as Thai, with confidence over 70).
    /// A page orientation detection finds turned, but names another script for as it lies, is
    /// judged turned upright (`turnedReading`). When the reading is poor and orientation
    /// detection finds the page turned, the page turned upright is read with the guessed data
    /// (for Latin data, turned as orientation detection on the normalised page says, as the
    /// usual retries would). Han data is then chosen among `jpn`, `chi_sim` and `chi_tra` as
    /// usual. Data of another Latin language (`deu+eng`) is kept when the language detector
    /// places the reading's text in that language as surely as a page is read again in its own
    /// language. Either way the reading must be confident enough that no retry would run.
    ///
    /// On a folder in one language this leaves out the poor first reading with the usual data
    /// and reading the page again in its own language (on a turned page, the usual data's
    /// readings of it both ways up), and on most pages orientation detection.
    func guessedReading(_ data: TesseractData) throws(Stop) -> PageReading? {
        if let kept = try reading(guessing: data, because: .pagesBefore) { return kept }
        if !evidence.guessRefuted { throw Stop(step: .refuteGuess) }
        let next = try guessAfterRefutation(refuted: data)
        if next == nil {
            // Said in the report, since the guess cost a reading (and often orientation
            // detection) that the usual steps' report would not show.
            refutedGuess = .guessRefuted(data: data.description, scriptSeen: knownFinding()?.script)
        }
        return next
    }

    /// After a refuted guess, the data the refutation itself points to, read the way a guess is:
    /// the script orientation detection named on the page while the guess was judged, or else
    /// the language the language detector found in the guessed data's confident reading (a
    /// French page read with `spa+eng`). The usual steps would read the page with `kor+eng`
    /// first and come to that data through the same finding, unless that first reading settles
    /// the page: for a script, it is read first (the usual steps then find it made), since
    /// orientation detection names the wrong script on some pages the first languages read
    /// well (Cyrillic on a dark Korean chat). Nil when neither names data other than the usual,
    /// or when its reading does not settle.
    private func guessAfterRefutation(refuted: TesseractData) throws(Stop) -> PageReading? {
        let before = refuted.description
        let firstData = policy.firstData
        func isOther(_ data: TesseractData) -> Bool {
            data != refuted && data.hasLanguages(besides: firstData)
        }
        if let script = knownFinding()?.script {
            if let usual = try reading(.usual, firstData), ReadingPolicy.isSettled(usual.score) {
                return nil
            }
            guard let data = ScriptLanguages.data(forScript: script)?.first, isOther(data) else { return nil }
            return try reading(guessing: data, because: .scriptSeen(script, refuted: before))
        }
        guard ScriptLanguages.scripts(calling: refuted).isEmpty,
              let read = try reading(.usual, refuted), ReadingPolicy.isSettled(read.score)
        else { return nil }
        let found = detect(read)
        guard ReadingPolicy.isSureOfPageLanguage(found), let language = found.language else { return nil }
        let data = ScriptLanguages.reading(language.tesseractName)
        guard isOther(data) else { return nil }
        return try reading(guessing: data, because: .textLanguage(language.name, refuted: before))
    }

    /// `guessedReading` once `data` is guessed, `because` saying why in the page's report.
    private func reading(guessing data: TesseractData, because reason: PreparationStep.GuessReason) throws(Stop) -> PageReading? {
        let scripts = ScriptLanguages.scripts(calling: data)
        if PageReadingPolicy.plainTextScripts(of: data) != nil,
           let read = try reading(.usual, data), PageReadingPolicy.isPlainly(read, readWith: data) {
            // Orientation detection would name the script (or, on short Thai lines, Latin),
            // and the page reads upright.
            return try settled(read, guessing: data, because: reason)
        }
        var turn: (request: OrientationRequest, finding: OrientationDetector.Finding)?
        if !scripts.isEmpty {
            let found = try finding(.usual)
            if let script = found?.script, scripts.contains(script) {
                // Confirmed: read below.
                turn = found.map { (OrientationRequest(variant: .usual, normalized: false), $0) }
            } else if let found, found.rotation != 0 {
                return try turnedReading(guessing: data, scripts: scripts, because: reason)
            } else {
                return nil
            }
        }
        guard var first = try reading(.usual, data) else { return nil }
        // Latin data's page read poorly: is it turned? Orientation detection looks at the
        // normalised page first, which decides the turn in the usual steps (`bestReading`) and
        // with `--ocr-lang`. A page it finds upright is likely in another script (a Japanese
        // page after French ones): only then does it look at the prepared page too, for the
        // script, which the usual steps ask for as well and which names the data to guess next.
        if scripts.isEmpty, !ReadingPolicy.isSettled(first.score) {
            if let normalized = try finding(.usual, normalized: true), normalized.rotation != 0 {
                // Turned and written in another script: the turned page read with Latin data
                // would only be refuted, at the cost of a reading.
                if ReadingPolicy.refutesLatinGuess(turnedPage: normalized) { return nil }
                turn = (OrientationRequest(variant: .usual, normalized: true), normalized)
            } else {
                _ = try finding(.usual)
            }
        }
        // Upside down or on its side: the usual steps would end on this data's reading of
        // the page turned upright, after reading it several times with other data first.
        if !ReadingPolicy.isSettled(first.score), let turn,
           let candidate = try uprightReading(by: turn.request, finding: turn.finding, data: data) {
            first = candidate
        }
        return try settled(first, guessing: data, because: reason)
    }

    /// The guessed data's reading `first` kept, when it is sure enough that no retry would run
    /// and, for Han data, the Han choice agrees; for another Latin language's data, when the
    /// language detector places its text in that language.
    private func settled(_ first: PageReading, guessing data: TesseractData, because reason: PreparationStep.GuessReason) throws(Stop) -> PageReading? {
        guard ReadingPolicy.isSettled(first.score) else { return nil }
        var kept = first
        if HanDataChoice.family.contains(data) {
            kept = try chooseHanData(first, first: first)
            guard ReadingPolicy.isSettled(kept.score) else { return nil }
        } else if ScriptLanguages.scripts(calling: data).isEmpty {
            guard ReadingPolicy.confirmsLatinGuess(kept.score, found: detect(kept)) else { return nil }
        }
        kept.report = first.report
        if kept.data == data {
            // For Han data, the choice among the three says what it compared.
            kept.report.add(.guessKept(data: data.description, reason: reason, confidence: kept.confidence,
                                       hanChoice: HanDataChoice.family.contains(data) ? kept.languageChoice : nil))
        } else {
            // Another Han data won the choice (a Traditional page after Simplified ones).
            kept.report.add(.guessChangedByHanChoice(data: data.description, reason: reason,
                                                     then: kept.languageChoice ?? .data(kept.data.description)))
        }
        return kept
    }

    /// A page lying on its side or upside down, whose script orientation detection misjudged
    /// as it lay (a Chinese scan on its side taken for Korean). The usual steps turn it as
    /// orientation detection on the normalised page says and find its script on the page
    /// upright; so the guessed data reads the page turned that way, and its reading stands
    /// when it is plainly the data's script or orientation detection names the script upright.
    private func turnedReading(guessing data: TesseractData, scripts: Set<String>,
                               because reason: PreparationStep.GuessReason) throws(Stop) -> PageReading? {
        let request = OrientationRequest(variant: .usual, normalized: true)
        guard let finding = try self.finding(.usual, normalized: true),
              let read = try uprightReading(by: request, finding: finding, data: data)
        else { return nil }
        if !PageReadingPolicy.isPlainly(read, readWith: data) {
            guard let script = try self.finding(read.variant)?.script, scripts.contains(script) else { return nil }
        }
        return try settled(read, guessing: data, because: reason)
    }
}

extension PageReadingPolicy {
    /// A guessed reading sure enough, and of text enough in its data's script, that orientation
    /// detection need not confirm the script; Han data's reading counts Han and kana.
    ///
    /// Data of one script reads a page in another as its own letters, but unsurely, or else as
    /// Latin letters. Han data reads Latin pages confidently but as Latin letters, and Hangul as
    /// Han characters but unsurely: read by the `tesseract` command with `jpn`, `chi_sim` and
    /// `chi_tra`, the 80 screenshots in other scripts gave no reading that was half Han and kana
    /// above 60, while the Japanese and Chinese ones read at 85 to 95. `tha` reads Latin text as
    /// Thai letters at up to 78 (the 176 screenshots, fixtures and pages in other scripts), the
    /// Thai screenshots at 89 to 95; `rus+eng` reads Latin pages as Latin, and no page in another
    /// script half Cyrillic above 53, the Russian ones at 91 to 97 (Han data:
    /// docs/experiments/automatic-languages.md, "Orientation detection only where";
    /// the others: docs/experiments/automatic-languages.md, "One-language folders").
    static func isPlainly(_ reading: PageReading, readWith data: TesseractData) -> Bool {
        guard let scripts = plainTextScripts(of: data) else { return false }
        let han = scripts.contains(.han)
        guard reading.confidence >= (han ? tuning.plainlyHanConfidence : tuning.plainlyOwnScriptConfidence) else { return false }
        var own = 0, letters = 0
        for line in reading.page.lines {
            for scalar in line.text.unicodeScalars {
                guard let script = WritingScript.of(scalar), script != .other else { continue }
                letters += 1
                if scripts.contains(script) { own += 1 }
            }
        }
        return letters > 0 && Double(own) >= Double(letters) * tuning.plainShare
    }

    /// The letters that make a reading with `data` plainly its own; nil for Latin data,
    /// which the language detector judges instead, and for data not measured this way (`hin`),
    /// which waits for orientation detection.
    static func plainTextScripts(of data: TesseractData) -> Set<WritingScript>? {
        if HanDataChoice.family.contains(data) { return [.han, .kana] }
        switch data.leading {
        case "tha": return [.thai]
        case "rus": return [.cyrillic]
        default: return nil
        }
    }
}

extension ScriptLanguages {
    /// The OSD script names that call for `data` (for Han data, any name that leads to the
    /// choice among `jpn`, `chi_sim` and `chi_tra`); empty for data of Latin-script languages
    /// other than English, which no script name calls for.
    static func scripts(calling data: TesseractData) -> Set<String> {
        let han = HanDataChoice.family.contains(data)
        return Set(knownScripts.filter { script in
            let named = Self.data(forScript: script) ?? []
            return named.contains(data) || (han && named.contains(where: HanDataChoice.family.contains))
        })
    }

    /// The script names `data(forScript:)` knows.
    static let knownScripts = ["Hangul", "Japanese", "Katakana", "Hiragana", "Han", "Thai", "Cyrillic", "Devanagari", "Latin"]
}
