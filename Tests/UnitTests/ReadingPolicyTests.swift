import TesseractReading
import Testing
import TranslateModel
@testable import TesseractReading
@testable import TextRecognition

/// Each decision of reading a page, on made-up scores: the recognizer keeps what these say.
@Suite struct ReadingPolicyTests {
    private func score(_ confidence: Double, characters: Int = 0, _ data: TesseractData = ["kor", "eng"]) -> ReadingScore {
        ReadingScore(confidence: confidence, confidentCharacters: characters, data: data)
    }

    @Test func aReadingAtTheRetryThresholdIsSettled() {
        #expect(ReadingPolicy.isSettled(score(tuning.retryConfidence)))
        #expect(!ReadingPolicy.isSettled(score(tuning.retryConfidence - 0.1)))
    }

    /// Thai data read well is taken before any retry; read poorly, or the same data, it waits.
    @Test func anotherScriptIsTakenAtOnceOnlyWhenItReadsWell() {
        let first = score(40)
        #expect(ReadingPolicy.takesOtherScriptAtOnce(score(85, ["tha"]), over: first))
        #expect(!ReadingPolicy.takesOtherScriptAtOnce(score(65, ["tha"]), over: first))
        #expect(!ReadingPolicy.takesOtherScriptAtOnce(score(85), over: first))
    }

    @Test func theTurnedPageIsKeptWhenSurerAtAll() {
        #expect(ReadingPolicy.keepsTurned(score(50.5), over: score(50)))
        #expect(!ReadingPolicy.keepsTurned(score(50), over: score(50)))
    }

    /// The other polarity must be clearly surer: a tie or a point more keeps the usual preparation.
    @Test func theOtherPolarityNeedsItsMargin() {
        let best = score(60)
        #expect(!ReadingPolicy.keepsOtherPolarity(score(60 + tuning.polarityMargin), over: best))
        #expect(ReadingPolicy.keepsOtherPolarity(score(60 + tuning.polarityMargin + 0.5), over: best))
    }

    /// A fallback script wins when it reads the page well, or far better than a poor reading
    /// (a Thai sign: 63 with `tha` against 21), never when it is less sure.
    @Test func aFallbackWinsWhenSettledOrFarBetter() {
        #expect(ReadingPolicy.takesFallback(score(63, ["tha"]), over: score(21)))
        #expect(!ReadingPolicy.takesFallback(score(35, ["tha"]), over: score(21)))
        #expect(ReadingPolicy.takesFallback(score(71, ["rus", "eng"]), over: score(69)))
        #expect(!ReadingPolicy.takesFallback(score(72, ["rus", "eng"]), over: score(75)))
    }

    /// The fresh reading with the chosen data stays unless it read less text surely, even at a
    /// lower mean confidence (a dark chat's bubbles).
    @Test func aFreshReadingIsKeptUnlessItReadLessSurely() {
        let chosen = score(93, characters: 120, ["kor"])
        #expect(ReadingPolicy.keepsFreshReading(score(86, characters: 180, ["kor"]), over: chosen))
        #expect(ReadingPolicy.keepsFreshReading(score(86, characters: 120, ["kor"]), over: chosen))
        #expect(!ReadingPolicy.keepsFreshReading(score(95, characters: 119, ["kor"]), over: chosen))
    }

    @Test func onlyASureFindingTurnsThePage() {
        let sure = tuning.minimumOrientationConfidence
        #expect(ReadingPolicy.turns(by: OrientationDetector.Finding(rotation: 90, confidence: sure, script: "Latin")))
        #expect(!ReadingPolicy.turns(by: OrientationDetector.Finding(rotation: 90, confidence: sure - 0.01, script: "Latin")))
        #expect(!ReadingPolicy.turns(by: OrientationDetector.Finding(rotation: 0, confidence: 12, script: "Han")))
        #expect(!ReadingPolicy.isSure(nil))
    }

    /// The detector looks for a page on its side only when the page read poorly and orientation
    /// detection could not tell which way up it is.
    @Test func theTurnCheckWaitsForOrientationDetectionToGiveUp() {
        #expect(ReadingPolicy.checksTurnByLines(score(30), orientationJudged: false))
        #expect(!ReadingPolicy.checksTurnByLines(score(30), orientationJudged: true))
        #expect(!ReadingPolicy.checksTurnByLines(score(90), orientationJudged: false))
    }

    @Test func moreSurelyReadCharactersWin() {
        #expect(ReadingPolicy.readsMoreSurely(score(60, characters: 11), than: score(90, characters: 10)))
        #expect(!ReadingPolicy.readsMoreSurely(score(90, characters: 10), than: score(60, characters: 10)))
    }

    @Test("a flattened sheet read well as a page of some lines stands alone; a sign's few lines, or a poor page, compete with the lines")
    func aSheetOfFewLinesCompetesWithTheLines() {
        #expect(ReadingPolicy.keepsSheetAlone(score(90), lines: tuning.sheetFewestLines))
        #expect(!ReadingPolicy.keepsSheetAlone(score(90), lines: tuning.sheetFewestLines - 1))
        #expect(!ReadingPolicy.keepsSheetAlone(score(60), lines: 40))
    }

    /// A sheet of one line per word given, each word read at `confidence`.
    private func sheet(_ words: [String], confidence: Double) -> [BoxResult] {
        words.enumerated().map { index, text in
            let rect = PixelRect(x: 0, y: 30 * index, width: 200, height: 20)
            return BoxResult(id: index, rect: rect, confidence: confidence, text: text,
                             words: [RecognizedWord(rect: rect, confidence: confidence, text: text)])
        }
    }

    @Test("a photo the orientation model finds on its side is turned first; upside down, only when it finds the photo turned over upright")
    func aPhotoUpsideDownIsTurnedFirstWhenTheModelAgreesTurnedOver() {
        var askedTurnedOver = 0
        func turnedOver(_ quarterTurns: Int?) -> () -> Int? {
            { askedTurnedOver += 1; return quarterTurns }
        }
        #expect(ReadingPolicy.turnsPhotoBeforeFindingLines(quarterTurns: 1, turnedOverQuarterTurns: turnedOver(nil)))
        #expect(ReadingPolicy.turnsPhotoBeforeFindingLines(quarterTurns: 3, turnedOverQuarterTurns: turnedOver(nil)))
        #expect(!ReadingPolicy.turnsPhotoBeforeFindingLines(quarterTurns: 0, turnedOverQuarterTurns: turnedOver(nil)))
        // The model is asked about the photo turned over only when it found it upside down.
        #expect(askedTurnedOver == 0)
        #expect(ReadingPolicy.turnsPhotoBeforeFindingLines(quarterTurns: 2, turnedOverQuarterTurns: turnedOver(0)))
        // Upside down either way up (an upright Thai sign), or on its side turned over: not turned first.
        #expect(!ReadingPolicy.turnsPhotoBeforeFindingLines(quarterTurns: 2, turnedOverQuarterTurns: turnedOver(2)))
        #expect(!ReadingPolicy.turnsPhotoBeforeFindingLines(quarterTurns: 2, turnedOverQuarterTurns: turnedOver(1)))
        #expect(!ReadingPolicy.turnsPhotoBeforeFindingLines(quarterTurns: 2, turnedOverQuarterTurns: turnedOver(nil)))
        #expect(askedTurnedOver == 4)
    }

    @Test("a flattened sheet settles the photo's script when it reads as a page whose sure letters are mostly in a script of the first languages, not Latin")
    func aSheetReadInTheFirstLanguagesScriptSettlesIt() {
        let korean = ["관리사무소", "안내문", "Wi-Fi", "엘리베이터", "점검"]
        #expect(ReadingPolicy.sheetSettlesScript(sheet(korean, confidence: 80), firstData: ["kor", "eng"]))
        // Read unsurely, it says nothing; nor does a sign's few lines.
        #expect(!ReadingPolicy.sheetSettlesScript(sheet(korean, confidence: 60), firstData: ["kor", "eng"]))
        #expect(!ReadingPolicy.sheetSettlesScript(sheet(Array(korean.prefix(tuning.sheetFewestLines - 1)), confidence: 80),
                                                  firstData: ["kor", "eng"]))
        // Latin letters are what `kor+eng` makes of a Cyrillic page; Thai is another script.
        #expect(!ReadingPolicy.sheetSettlesScript(sheet(["ANTEKA", "Open", "daily", "from", "8"], confidence: 90),
                                                  firstData: ["kor", "eng"]))
        #expect(!ReadingPolicy.sheetSettlesScript(sheet(["ห้องน้ำ", "ทางออก", "ตลาด", "ร้าน", "กาแฟ"], confidence: 90),
                                                  firstData: ["kor", "eng"]))
        // Japanese is written in kana and kanji.
        #expect(ReadingPolicy.sheetSettlesScript(sheet(["営業時間", "定休日", "水曜日", "コーヒー", "合計"], confidence: 90),
                                                 firstData: ["jpn"]))
    }

    @Test func onlyASheetOfAPhotoIsLeftUnretried() {
        #expect(ReadingPolicy.retriesPoorFirstReading(ofSheetInPhoto: false))
        #expect(!ReadingPolicy.retriesPoorFirstReading(ofSheetInPhoto: true))
    }

    @Test func aPageLanguageNeedsASureDetector() {
        let sure = tuning.pageLanguageConfidence
        #expect(ReadingPolicy.isSureOfPageLanguage(LanguageGuess(language: .vietnamese, confidence: sure)))
        #expect(!ReadingPolicy.isSureOfPageLanguage(LanguageGuess(language: .vietnamese, confidence: sure - 0.01)))
        #expect(!ReadingPolicy.isSureOfPageLanguage(.unknown))
    }

    /// `deu+eng` guessed after German pages stands on a German page, not on a French one read
    /// with it, nor when its reading is poor.
    @Test func aLatinGuessStandsWhenItsTextIsInItsLanguage() {
        let german = LanguageGuess(language: .german, confidence: 0.97)
        #expect(ReadingPolicy.confirmsLatinGuess(score(88, ["deu", "eng"]), found: german))
        #expect(!ReadingPolicy.confirmsLatinGuess(score(88, ["deu", "eng"]), found: LanguageGuess(language: .french, confidence: 0.97)))
        #expect(!ReadingPolicy.confirmsLatinGuess(score(60, ["deu", "eng"]), found: german))
    }

    /// `spa+eng` guessed after Spanish pages is given up on a Japanese scan upside down, not on
    /// a Latin scan on its side (read turned with the guessed data), nor on an upright page
    /// or one in a script no data is named for.
    @Test func aLatinGuessIsGivenUpOnATurnedPageInAnotherScript() {
        #expect(ReadingPolicy.refutesLatinGuess(turnedPage: OrientationDetector.Finding(rotation: 180, confidence: 7, script: "Japanese")))
        #expect(ReadingPolicy.refutesLatinGuess(turnedPage: OrientationDetector.Finding(rotation: 90, confidence: 3, script: "Cyrillic")))
        #expect(!ReadingPolicy.refutesLatinGuess(turnedPage: OrientationDetector.Finding(rotation: 270, confidence: 12, script: "Latin")))
        #expect(!ReadingPolicy.refutesLatinGuess(turnedPage: OrientationDetector.Finding(rotation: 0, confidence: 7, script: "Japanese")))
        #expect(!ReadingPolicy.refutesLatinGuess(turnedPage: OrientationDetector.Finding(rotation: 180, confidence: 7, script: "Common")))
    }

    @Test func thePageReadInItsLanguageIsKeptWhenSurer() {
        #expect(ReadingPolicy.keepsPageLanguageReading(score(81), over: score(80)))
        #expect(!ReadingPolicy.keepsPageLanguageReading(score(80), over: score(80)))
    }
}
