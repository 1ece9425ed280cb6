import Testing
import TranslateModel
@testable import TesseractReading
@testable import TextRecognition

/// The whole reading of a page as the policy runs it, against made-up readings and orientation
/// findings: what it asks for, in which order, and what it keeps.
@Suite struct PageReadingPolicyTests {
    /// What the policy asked for, in order.
    enum Asked: Equatable {
        case read(PageVariant, TesseractData)
        case find(PageVariant, normalized: Bool)
        case sample(TesseractData)
        case refute
    }

    /// A page's made-up readings and findings; anything not given reads nothing (data not
    /// installed) or finds nothing.
    struct MadeUpPage {
        var readings: [ReadingRequest: PageReading] = [:]
        var findings: [OrientationRequest: OrientationDetector.Finding] = [:]
        var samples: [ReadingRequest: HanSample] = [:]

        mutating func read(_ data: TesseractData, _ confidence: Double, _ text: String, on variant: PageVariant = .usual) {
            readings[ReadingRequest(variant: variant, data: data)] = PageReadingPolicyTests.reading(variant, data, confidence, text)
        }

        mutating func find(_ variant: PageVariant = .usual, normalized: Bool = false, rotation: Int = 0, script: String) {
            findings[OrientationRequest(variant: variant, normalized: normalized)] =
                OrientationDetector.Finding(rotation: rotation, confidence: 5, script: script)
        }

        /// Runs `policy` to its end, answering from the made-up page.
        func run(_ policy: PageReadingPolicy) -> (asked: [Asked], end: ReadingStep) {
            var evidence = PageEvidence()
            var asked: [Asked] = []
            while asked.count < 50 {
                let step = policy.next(evidence)
                switch step {
                case .read(let request):
                    asked.append(.read(request.variant, request.data))
                    evidence.readings[request] = .some(readings[request])
                case .findOrientation(let request):
                    asked.append(.find(request.variant, normalized: request.normalized))
                    evidence.findings[request] = .some(findings[request])
                case .readHanSample(let request):
                    asked.append(.sample(request.data))
                    evidence.hanSamples[request] = .some(samples[request])
                case .refuteGuess:
                    asked.append(.refute)
                    evidence.guessRefuted = true
                case .accept, .fail:
                    return (asked, step)
                }
            }
            Issue.record("the policy asked for more than 50 things")
            return (asked, .fail(.languagesNotInstalled([])))
        }
    }

    static func reading(_ variant: PageVariant, _ data: TesseractData, _ confidence: Double, _ text: String) -> PageReading {
        let words = text.split(separator: " ").map {
            RecognizedWord(rect: PixelRect(x: 0, y: 0, width: 10, height: 10), confidence: confidence, text: String($0))
        }
        let line = RecognizedBox(rect: PixelRect(x: 0, y: 0, width: 100, height: 10), confidence: confidence, text: text,
                                 words: words, paragraph: 0)
        return PageReading(page: RecognizedPage(lines: [line], paragraphs: [line]), confidence: confidence,
                           report: PreparationReport(), data: data, variant: variant, preparedLineRects: [line.rect])
    }

    static let korean: TesseractData = ["kor", "eng"]
    static let thai: TesseractData = ["tha"]

    func policy(guess: TesseractData? = nil, triesOtherScripts: Bool = true, sheetOfPhoto: Bool = false,
                language: Language? = nil) -> PageReadingPolicy {
        PageReadingPolicy(data: Self.korean, firstData: Self.korean, guess: guess, triesOtherScripts: triesOtherScripts,
                          sheetOfPhoto: sheetOfPhoto) { _ in LanguageGuess(language: language, confidence: language == nil ? 0 : 0.9) }
    }

    func accepted(_ end: ReadingStep) -> PageAcceptance? {
        if case .accept(let acceptance) = end { return acceptance }
        Issue.record("the page was not accepted: \(end)")
        return nil
    }

    @Test func aSettledFirstReadingIsKeptWithoutAnythingElse() {
        var page = MadeUpPage()
        page.read(Self.korean, 90, "설정 화면")
        let (asked, end) = page.run(policy())
        #expect(asked == [.read(.usual, Self.korean)])
        #expect(accepted(end)?.reading.data == Self.korean)
    }

    @Test func aPageWhoseFirstDataIsNotInstalledFails() {
        let (asked, end) = MadeUpPage().run(policy())
        #expect(asked == [.read(.usual, Self.korean)])
        guard case .fail(.languagesNotInstalled(let languages)) = end else {
            Issue.record("expected a failure, got \(end)")
            return
        }
        #expect(languages == ["kor", "eng"])
    }

    /// Thai named by orientation detection and read well: taken before any retry, then read
    /// afresh from the usual page, which here is the same reading.
    @Test func theScriptOrientationDetectionSeesIsReadAtOnce() {
        var page = MadeUpPage()
        page.read(Self.korean, 40, "aaa bbb")
        page.find(script: "Thai")
        page.read(Self.thai, 92, "ตั้งค่า ภาษา")
        let (asked, end) = page.run(policy())
        #expect(asked == [.read(.usual, Self.korean), .find(.usual, normalized: false), .read(.usual, Self.thai)])
        let kept = accepted(end)
        #expect(kept?.reading.data == Self.thai)
        #expect(kept?.reading.report.steps == [.languages(.script(data: "tha", script: "Thai", confidence: 92, against: 40),
                                                          readAgain: .kept(confidence: 92))])
    }

    /// With `--ocr-lang`: the page turned upright reads surer and is kept; the other polarity of
    /// the turned page is read next and, not clearly surer, left.
    @Test func aPoorReadingIsTurnedUprightAndPreparedTheOtherWay() {
        var page = MadeUpPage()
        page.read(Self.korean, 40, "aaa")
        page.find(normalized: true, rotation: 90, script: "Hangul")
        let upright = PageVariant.upright(by: OrientationRequest(variant: .usual, normalized: true))
        page.read(Self.korean, 60, "설정", on: upright)
        page.read(Self.korean, 61, "설정", on: .otherPolarity(of: upright))
        let (asked, end) = page.run(policy(triesOtherScripts: false))
        #expect(asked == [.read(.usual, Self.korean), .find(.usual, normalized: true), .read(upright, Self.korean),
                          .read(.otherPolarity(of: upright), Self.korean)])
        let kept = accepted(end)
        #expect(kept?.reading.variant == upright)
        #expect(kept?.notes == [.otherPolarityNotKept(confidence: 60)])
    }

    /// A sheet flattened out of a photo, read poorly, is kept as it is: the photo read line by
    /// line competes with it instead.
    @Test func aPoorlyReadSheetOfAPhotoIsNotRetried() {
        var page = MadeUpPage()
        page.read(Self.korean, 40, "aaa")
        let (asked, end) = page.run(policy(triesOtherScripts: false, sheetOfPhoto: true))
        #expect(asked == [.read(.usual, Self.korean)])
        #expect(accepted(end)?.reading.confidence == 40)
    }

    /// No script named and no turn: every script's data is tried in turn until one reads the
    /// page well, and the rest are not read.
    @Test func otherScriptsAreTriedUntilOneReadsThePageWell() {
        var page = MadeUpPage()
        page.read(Self.korean, 30, "aaa")
        page.read(Self.korean, 31, "aaa", on: .otherPolarity(of: .usual))
        page.read(["jpn"], 35, "aaa")
        page.read(["chi_sim"], 36, "aaa")
        page.read(Self.thai, 88, "ตั้งค่า")
        let (asked, end) = page.run(policy())
        #expect(asked == [
            .read(.usual, Self.korean), .find(.usual, normalized: false), .find(.usual, normalized: true),
            .read(.otherPolarity(of: .usual), Self.korean),
            .read(.usual, ["jpn"]), .read(.usual, ["chi_sim"]), .read(.usual, Self.thai),
        ])
        #expect(accepted(end)?.reading.data == Self.thai)
    }

    /// Data guessed from the pages before, whose reading is plainly its own script: kept at once.
    @Test func aGuessReadingPlainlyItsScriptIsKeptAndConfirmed() {
        var page = MadeUpPage()
        page.read(Self.thai, 93, "ตั้งค่า ภาษา")
        let (asked, end) = page.run(policy(guess: Self.thai))
        #expect(asked == [.read(.usual, Self.thai)])
        let kept = accepted(end)
        #expect(kept?.confirmsGuess == true)
        #expect(kept?.reading.data == Self.thai)
    }

    /// A guess orientation detection refutes (Latin, upright, on a page guessed Thai): the run's
    /// history hears it before the page is read the usual way, and the report says so.
    @Test func aRefutedGuessIsToldAndTheUsualStepsFollow() {
        var page = MadeUpPage()
        page.read(Self.thai, 40, "aaa")
        page.find(script: "Latin")
        page.read(Self.korean, 90, "Settings")
        let (asked, end) = page.run(policy(guess: Self.thai))
        #expect(asked == [.read(.usual, Self.thai), .find(.usual, normalized: false), .refute, .read(.usual, Self.korean)])
        let kept = accepted(end)
        #expect(kept?.confirmsGuess == false)
        #expect(kept?.notes == [.guessRefuted(data: "tha", scriptSeen: "Latin")])
    }

    /// Kana in the `jpn` reading settle the Han choice: neither Chinese data is read.
    @Test func kanaSettleTheHanChoiceWithoutReadingChinese() {
        var page = MadeUpPage()
        page.read(Self.korean, 40, "aaa")
        page.find(script: "Japanese")
        page.read(["jpn"], 90, "設定を開きます")
        let (asked, end) = page.run(policy())
        #expect(asked == [.read(.usual, Self.korean), .find(.usual, normalized: false), .read(.usual, ["jpn"])])
        #expect(accepted(end)?.reading.data == ["jpn"])
    }

    /// A `chi_tra` reading surer than `chi_sim` by far on its sample lines keeps `chi_tra`,
    /// however sure the `chi_sim` reading of the whole page was.
    @Test func aTraditionalSampleRulesSimplifiedOut() {
        var page = MadeUpPage()
        page.read(Self.korean, 40, "aaa")
        page.find(script: "Han")
        let text = "這是一個繁體中文的頁面設定說明"
        page.read(["chi_sim"], 86, text)
        page.read(["chi_tra"], 95, text)
        let traditional = ReadingRequest(variant: .usual, data: ["chi_tra"])
        page.samples[traditional] = HanSample(lines: [0], simplifiedWords: [
            RecognizedWord(rect: PixelRect(x: 0, y: 0, width: 10, height: 10), confidence: 70, text: text),
        ])
        let (asked, end) = page.run(policy())
        #expect(asked == [.read(.usual, Self.korean), .find(.usual, normalized: false), .read(.usual, ["chi_sim"]),
                          .read(.usual, ["chi_tra"]), .sample(["chi_tra"])])
        let kept = accepted(end)
        #expect(kept?.reading.data == ["chi_tra"])
        let choices = kept?.reading.report.steps.compactMap { step -> PreparationStep.HanChoice? in
            if case .languages(.hanText(let choice), _) = step { return choice }
            return nil
        }
        #expect(choices?.count == 1)
        #expect(choices?.first?.traditionalSample?.simplified == 70)
    }
}
