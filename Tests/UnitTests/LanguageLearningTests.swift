import Foundation
import Testing
@testable import TesseractReading
@testable import TextRecognition
@testable import TranslateCLI
import TranslateModel

/// The run's memory of the data its pages needed, and the handle budget's options.
@Suite struct LanguageLearningTests {
    /// While no guess has been refuted, the latest page's data is guessed.
    @Test func guessesTheLatestPagesData() {
        let history = LanguageHistory()
        #expect(history.guess(besides: ["kor", "eng"]) == nil)
        history.record(["jpn"])
        #expect(history.guess(besides: ["kor", "eng"]) == ["jpn"])
        history.record(["kor", "eng"])
        #expect(history.guess(besides: ["kor", "eng"]) == nil)
        history.record(["deu", "eng"])
        #expect(history.guess(besides: ["kor", "eng"]) == ["deu", "eng"])
    }

    /// The data a worker keeps its own handle for: that of the last two pages, when it is the
    /// same (Han data not counting as one), and none while a refuted guess is among them.
    @Test func steadyDataIsTheLastTwoPagesOwn() {
        let history = LanguageHistory()
        history.record(["jpn"])
        #expect(history.steady == nil)
        history.record(["jpn"])
        #expect(history.steady == ["jpn"])
        history.record(["chi_sim"])
        #expect(history.steady == nil)
        history.record(["chi_sim"])
        #expect(history.steady == ["chi_sim"])
        history.refute()
        #expect(history.steady == nil)
        history.record(["kor", "eng"])
        history.record(["kor", "eng"])
        #expect(history.steady == ["kor", "eng"])
    }

    /// Whether a thread's last pages were alike enough for it to claim a run of neighbours: the
    /// same data on each, Han data not counted as one, and no refuted guess among them.
    @Test func pagesAreSteadyOnlyWhenEachOfTheLastWasReadWithTheSameData() {
        let history = LanguageHistory()
        history.record(["jpn"])
        history.record(["jpn"])
        #expect(!history.isSteady(over: 3))
        history.record(["jpn"])
        #expect(history.isSteady(over: 3))
        history.record(["chi_sim"])
        #expect(!history.isSteady(over: 3))
        history.record(["chi_sim"])
        history.refute()
        #expect(!history.isSteady(over: 2))
        history.record(["chi_sim"])
        #expect(history.isSteady(over: 3))
    }

    /// A page that proved the guess wrong stops the guess at once, before its own data is known;
    /// once its data is recorded, that is guessed while guesses have been kept as often as refuted.
    @Test func aRefutedGuessIsNotMadeAgain() {
        let history = LanguageHistory()
        history.record(["fra", "eng"])
        #expect(history.guess(besides: ["kor", "eng"]) == ["fra", "eng"])
        history.confirm()
        history.record(["fra", "eng"])
        history.refute()
        #expect(history.guess(besides: ["kor", "eng"]) == nil)
        history.record(["jpn"])
        #expect(history.guess(besides: ["kor", "eng"]) == ["jpn"])
    }

    /// Pages whose languages change every time: once guesses have been refuted more often than
    /// kept, a guess needs two pages in a row again, and a kept guess earns back the latest page's.
    @Test func refutedMoreThanKeptNeedsTwoPagesInARow() {
        let history = LanguageHistory()
        history.record(["jpn"])
        history.refute()
        history.record(["tha"])
        #expect(history.guess(besides: ["kor", "eng"]) == nil)
        history.record(["jpn"])
        #expect(history.guess(besides: ["kor", "eng"]) == nil)
        history.record(["jpn"])
        #expect(history.guess(besides: ["kor", "eng"]) == ["jpn"])
        history.confirm()
        history.record(["jpn"])
        history.record(["tha"])
        #expect(history.guess(besides: ["kor", "eng"]) == ["tha"])
    }

    /// Each guess refuted beyond the first more than kept asks for one more page in a row, up
    /// to `mostExtraAgreement` more: pages whose language changes every page or two stop
    /// being guessed from pairs.
    @Test func eachFurtherRefutationAsksForAnotherPage() {
        let history = LanguageHistory()
        let usual: TesseractData = ["kor", "eng"]
        history.record(["jpn"])
        history.refute()
        history.record(["tha"])
        history.record(["tha"])
        #expect(history.guess(besides: usual) == ["tha"])
        history.refute()
        history.record(["rus", "eng"])
        history.record(["rus", "eng"])
        #expect(history.guess(besides: usual) == nil)
        history.record(["rus", "eng"])
        #expect(history.guess(besides: usual) == ["rus", "eng"])
        // Refuted three and four times more than kept: four pages in a row, and no more.
        for _ in 0..<2 {
            history.refute()
            history.record(["jpn"])
            history.record(["jpn"])
            history.record(["jpn"])
            #expect(history.guess(besides: usual) == nil)
            history.record(["jpn"])
            #expect(history.guess(besides: usual) == ["jpn"])
            history.record(["vie", "eng"])
        }
        #expect(tuning.historyAgreement + tuning.historyMostExtraAgreement == 4)
    }

    /// The workers' pages at a change of language refute the guess together: up to
    /// `maximumCredit` kept guesses carry the run over them.
    @Test func keptGuessesCarryTheWorkersOverAChangeOfLanguage() {
        let history = LanguageHistory()
        for _ in 0..<10 {
            history.record(["deu", "eng"])
            history.confirm()
        }
        for _ in 0..<tuning.historyMaximumCredit { history.refute() }
        #expect(history.guess(besides: ["kor", "eng"]) == nil)
        history.record(["rus", "eng"])
        #expect(history.guess(besides: ["kor", "eng"]) == ["rus", "eng"])
        history.refute()
        history.record(["tha"])
        #expect(history.guess(besides: ["kor", "eng"]) == nil)
    }

    /// A page that refuted the guess but ended on the guessed data after all restores the guess.
    @Test func aGuessRefutedInVainStandsAgain() {
        let history = LanguageHistory()
        history.record(["tha"])
        history.record(["tha"])
        history.refute()
        #expect(history.guess(besides: ["kor", "eng"]) == nil)
        history.record(["tha"])
        #expect(history.guess(besides: ["kor", "eng"]) == ["tha"])
    }

    /// Pages read with different Han data agree: the latest is guessed, and the choice among
    /// the three that follows a guessed Han reading finds each page's own.
    @Test func pagesReadWithHanDataAgreeOnTheLatest() {
        let history = LanguageHistory()
        history.record(["chi_sim"])
        history.refute()
        history.record(["chi_tra"])
        #expect(history.guess(besides: ["kor", "eng"]) == ["chi_tra"])
        history.record(["jpn"])
        #expect(history.guess(besides: ["kor", "eng"]) == ["jpn"])
        history.record(["kor", "eng"])
        #expect(history.guess(besides: ["kor", "eng"]) == nil)
        history.record(["chi_sim"])
        history.record(["tha"])
        #expect(history.guess(besides: ["kor", "eng"]) == nil)
    }

    /// Data the first languages already read (English pages read with `eng`) is never guessed.
    @Test func dataWithinTheFirstLanguagesIsNotGuessed() {
        let history = LanguageHistory()
        for _ in 0..<3 { history.record(["eng"]) }
        #expect(history.guess(besides: ["kor", "eng"]) == nil)
        #expect(history.guess(besides: ["jpn"]) == ["eng"])
    }

    /// Another script's data is checked against orientation detection's script; data of another
    /// Latin language against the language detector (no script names it).
    @Test func scriptsThatCallForData() {
        #expect(ScriptLanguages.scripts(calling: ["tha"]) == ["Thai"])
        #expect(ScriptLanguages.scripts(calling: ["rus", "eng"]) == ["Cyrillic"])
        #expect(ScriptLanguages.scripts(calling: ["chi_tra"]) == ["Japanese", "Katakana", "Hiragana", "Han"])
        #expect(ScriptLanguages.scripts(calling: ["deu", "eng"]).isEmpty)
        #expect(ScriptLanguages.scripts(calling: ["vie", "eng"]).isEmpty)
    }

    /// What makes a guessed reading plainly its data's: Han and kana for Han data, the data's
    /// own letters for Thai and Russian; Latin data, and Hindi's, have no such check.
    @Test func lettersThatMakeAReadingPlainlyItsDatas() {
        #expect(PageReadingPolicy.plainTextScripts(of: ["chi_tra"]) == [.han, .kana])
        #expect(PageReadingPolicy.plainTextScripts(of: ["tha"]) == [.thai])
        #expect(PageReadingPolicy.plainTextScripts(of: ["rus", "eng"]) == [.cyrillic])
        #expect(PageReadingPolicy.plainTextScripts(of: ["deu", "eng"]) == nil)
        #expect(PageReadingPolicy.plainTextScripts(of: ["hin", "eng"]) == nil)
    }

    @Test func defaultBudgetFollowsTheMachinesMemory() {
        let gigabyte: UInt64 = 1_000_000_000
        #expect(TesseractHandlePool.defaultLimit(physicalMemory: 24 * gigabyte) == Int(24 * gigabyte / 256))
        #expect(TesseractHandlePool.defaultLimit(physicalMemory: 8 * gigabyte) == 64 << 20)
        #expect(TesseractHandlePool.defaultLimit(physicalMemory: 1000 * gigabyte) == 1 << 30)
    }

    @Test func maxOCRMemoryTakesASize() throws {
        #expect(try CommandOptions(parsing: ["a.png", "--ocr-only", "--max-ocr-memory", "200M"]).ocr.languageDataLimit == 200 << 20)
        #expect(try CommandOptions(parsing: ["a.png", "--ocr-only", "--max-ocr-memory", "0"]).ocr.languageDataLimit == 0)
        #expect(try CommandOptions(parsing: ["a.png", "--ocr-only"]).ocr.languageDataLimit == nil)
        #expect(throws: UsageError.self) { try CommandOptions(parsing: ["a.png", "--ocr-only", "--max-ocr-memory", "lots"]) }
    }
}
