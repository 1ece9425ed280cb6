import TesseractReading
import TranslateModel

/// What a reading of a page comes to, as far as the decisions about it go: how sure it is, how
/// many characters it read surely, and the data that read it.
struct ReadingScore: Equatable {
    var confidence: Double
    var confidentCharacters = 0
    var data = TesseractData([])
}

extension ReadingScore {
    /// The score of a page's boxes as read (their data is not known here).
    init(_ boxes: [BoxResult]) {
        self.init(confidence: ReadingConfidence.mean(of: boxes), confidentCharacters: ReadingConfidence.confidentCharacters(in: boxes))
    }
}

/// The decisions of reading a page, as pure functions of the readings made so far: the page's
/// policy (`PageReadingPolicy`) and the reader (`PageReader`) ask these which reading to keep
/// and whether to read on. Each is tested with made-up scores (`ReadingPolicyTests`).
enum ReadingPolicy {
    /// A reading this sure is kept as it is: no retry, no other data, no turn.
    static func isSettled(_ reading: ReadingScore) -> Bool {
        reading.confidence >= tuning.retryConfidence
    }

    /// Another script's data, tried on a poor first reading before any retry, is taken at once
    /// when it reads the page well; otherwise the retries come first (its data may be a wrong
    /// guess, Thai taken for Latin).
    static func takesOtherScriptAtOnce(_ chosen: ReadingScore, over first: ReadingScore) -> Bool {
        chosen.data != first.data && isSettled(chosen)
    }

    /// The page turned upright replaces the reading when the same data reads it surer.
    static func keepsTurned(_ turned: ReadingScore, over best: ReadingScore) -> Bool {
        turned.confidence > best.confidence
    }

    /// The page prepared with the other polarity replaces the reading when it is clearly surer.
    static func keepsOtherPolarity(_ other: ReadingScore, over best: ReadingScore) -> Bool {
        other.confidence > best.confidence + tuning.polarityMargin
    }

    /// A fallback script's reading (every script's data tried on a page still read poorly)
    /// replaces the best so far when it reads the page well, or far better, and surer.
    static func takesFallback(_ candidate: ReadingScore, over best: ReadingScore) -> Bool {
        (isSettled(candidate) || candidate.confidence >= best.confidence + tuning.fallbackMargin)
            && candidate.confidence > best.confidence
    }

    /// The page read afresh with the chosen data from its usual preparation replaces the chosen
    /// reading unless it read less text surely.
    static func keepsFreshReading(_ fresh: ReadingScore, over chosen: ReadingScore) -> Bool {
        fresh.confidentCharacters >= chosen.confidentCharacters
    }

    /// Whether orientation detection's finding turns the page: it is not upright, and sure.
    static func turns(by finding: OrientationDetector.Finding) -> Bool {
        finding.rotation != 0 && isSure(finding)
    }

    /// Whether orientation detection found text enough to be sure which way up a page is.
    static func isSure(_ finding: OrientationDetector.Finding?) -> Bool {
        (finding?.confidence ?? 0) >= tuning.minimumOrientationConfidence
    }

    /// Whether a page that is not a photo is looked at by the text-line detector for lying on
    /// its side: read poorly, where orientation detection could not tell which way up it is.
    static func checksTurnByLines(_ reading: ReadingScore, orientationJudged: Bool) -> Bool {
        !isSettled(reading) && !orientationJudged
    }

    /// Whether the language detector is sure enough of a page's language for the page to be
    /// read again in it, or for a guessed data's reading to be taken as that language's.
    static func isSureOfPageLanguage(_ guess: LanguageGuess) -> Bool {
        guess.language != nil && guess.confidence >= tuning.pageLanguageConfidence
    }

    /// A guessed Latin language's reading (`deu+eng` after German pages) stands when it is
    /// settled and the language detector places its text in that language, read with that data.
    static func confirmsLatinGuess(_ reading: ReadingScore, found: LanguageGuess) -> Bool {
        guard isSettled(reading), isSureOfPageLanguage(found), let language = found.language else { return false }
        return ScriptLanguages.reading(language.tesseractName) == reading.data
    }

    /// A Latin language's data guessed for a page (`deu+eng` after German pages) is given up,
    /// without reading the page turned upright, when orientation detection finds the page
    /// turned and names a script with data of its own other than Latin (a Japanese scan upside
    /// down after Spanish pages). Which of those scripts it is may be misjudged on a page as it
    /// lies (Han taken for Hangul), but not Latin for them: on the turned Latin scans it names
    /// Latin (docs/experiments/reading-speed.md, "A Latin guess on a turned page").
    static func refutesLatinGuess(turnedPage finding: OrientationDetector.Finding) -> Bool {
        finding.rotation != 0 && finding.script != "Latin" && ScriptLanguages.data(forScript: finding.script) != nil
    }

    /// The page read again in its own language replaces the first reading when it is surer.
    static func keepsPageLanguageReading(_ again: ReadingScore, over first: ReadingScore) -> Bool {
        again.confidence > first.confidence
    }

    /// A photographed sheet of paper, flattened and read as a page, is kept without reading the
    /// photo line by line when it read well and as a page of some lines. A sign's few big lines
    /// are what layout analysis loses on a flattened sheet: a red `вход воспрещён` under glare,
    /// where the text-line detector finds both lines.
    static func keepsSheetAlone(_ reading: ReadingScore, lines: Int) -> Bool {
        isSettled(reading) && lines >= tuning.sheetFewestLines
    }

    /// Whether a photographed sheet, flattened and read as a page, settles which script the
    /// photo is in, so that its lines read one by one keep the first languages (`firstData`)
    /// and no other script's data is tried on them: the sheet reads as a page
    /// (`sheetFewestLines` lines or more) and most of the letters it read surely are in a
    /// script of the first languages other than Latin (Hangul for `kor+eng`; Latin letters are
    /// what those languages make of Cyrillic). A small Korean notice at a strong angle, its
    /// print 8 px tall, read as Hangul on the flattened sheet while Thai or Hindi data's junk
    /// won the trial on its lines, at 3 to 4 s a photo (docs/experiments/photos.md,
    /// "A flattened sheet read in the first languages' script settles the lines' data").
    static func sheetSettlesScript(_ boxes: [BoxResult], firstData: TesseractData) -> Bool {
        guard boxes.count >= tuning.sheetFewestLines else { return false }
        let scripts = Set(firstData.languages.flatMap(ScriptLanguages.scripts(ofLanguage:))).subtracting([.latin])
        var letters = 0, inScripts = 0
        for word in boxes.lazy.flatMap(\.words) where word.confidence >= tuning.retryConfidence {
            for scalar in word.text.unicodeScalars where scalar.properties.isAlphabetic {
                letters += 1
                if let script = WritingScript.of(scalar), scripts.contains(script) { inScripts += 1 }
            }
        }
        return inScripts * 2 > letters
    }

    /// Whether a page read poorly at first, in data that no other script's replaces at once, is
    /// read again: turned upright, prepared the other way, with every script's data. A sheet
    /// flattened out of a photo is not: read poorly it only competes with the photo read line by
    /// line, which copes with turned lines and other scripts itself. The retries took 2.2 of the
    /// shared care label's 3.1 s; of 175 photos, leaving them out changed two readings, a price
    /// label's for the better and a care label's on its side for the worse (since mended by
    /// turning such photos upright;
    /// docs/experiments/photos.md, "A photographed sheet read poorly is not retried").
    static func retriesPoorFirstReading(ofSheetInPhoto: Bool) -> Bool {
        !ofSheetInPhoto
    }

    /// Whether a photo the orientation model found turned `quarterTurns` clockwise (surely
    /// enough) is turned upright before its lines are found. On its side, it is. Upside down, only
    /// when the model, shown the photo turned over, finds that upright (`turnedOverQuarterTurns`,
    /// made only then): its finding comes to the same either way up. Of the photos it found upside
    /// down on the benchmark sets, 60 of the 61 taken so were found upright turned over, and
    /// three of the six taken upright were not: an upright Thai sign, found upside down either
    /// way up, was read twice (docs/experiments/photos.md,
    /// "Upside down to the model, turned over: upright to it").
    static func turnsPhotoBeforeFindingLines(quarterTurns: Int, turnedOverQuarterTurns: () -> Int?) -> Bool {
        switch quarterTurns {
        case 1, 3: true
        case 2: turnedOverQuarterTurns() == 0
        default: false
        }
    }

    /// A reading turned a quarter, or of a flattened page, replaces another when it read more
    /// text surely.
    static func readsMoreSurely(_ candidate: ReadingScore, than other: ReadingScore) -> Bool {
        candidate.confidentCharacters > other.confidentCharacters
    }
}
