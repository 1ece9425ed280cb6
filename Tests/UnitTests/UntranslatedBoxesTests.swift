import Testing
import TranslateModel
@testable import TranslateCLI

/// The lines a run ends with when boxes were left untranslated, as the catalogue words them.
@Suite struct UntranslatedBoxesTests {
    private func box(_ id: Int, _ language: Language?, _ reason: UntranslatedReason?) -> BoxResult {
        BoxResult(id: id, rect: PixelRect(x: 0, y: 0, width: 10, height: 10), confidence: 90, language: language, text: "글",
                  translation: reason == nil ? "text" : nil, untranslated: reason)
    }

    private func tally(_ boxes: [BoxResult], target: Language = .english) -> UntranslatedBoxes {
        var tally = UntranslatedBoxes()
        tally.add(ImageResult(file: "a.png", target: target, boxes: boxes))
        return tally
    }

    @Test func countsTheBoxesNoEngineTranslatesAndNamesTheirLanguages() {
        let boxes = (0..<7).map { box($0, .korean, .noEngineForPair) } + (7..<12).map { box($0, .japanese, .noEngineForPair) }
            + [box(12, .spanish, nil)]
        let tally = tally(boxes)
        #expect(tally.lines(in: .english, withoutCredentials: true) == [
            "12 boxes not translated: no engine here translates Korean or Japanese into English; "
                + "run 'translate config' to set up Papago, or export PAPAGO_CLIENT_ID and PAPAGO_CLIENT_SECRET",
        ])
        #expect(tally.lines(in: .korean, withoutCredentials: true) == [
            "상자 12개를 번역하지 못했습니다: 여기 있는 어떤 엔진도 한국어 또는 일본어를 영어로 번역하지 않습니다; "
                + "'translate config'로 Papago를 설정하거나, PAPAGO_CLIENT_ID와 PAPAGO_CLIENT_SECRET을 export하세요",
        ])
        // With credentials, setting Papago up is no way out.
        #expect(tally.lines(in: .english, withoutCredentials: false) == [
            "12 boxes not translated: no engine here translates Korean or Japanese into English",
        ])
    }

    @Test func oneBoxThreeLanguagesAndNoneKnown() {
        #expect(tally([box(0, .thai, .noEngineForPair)]).lines(in: .english, withoutCredentials: false)
            == ["1 box not translated: no engine here translates Thai into English"])
        let three = tally([box(0, .korean, .noEngineForPair), box(1, .japanese, .noEngineForPair), box(2, .thai, .noEngineForPair)])
        #expect(three.lines(in: .english, withoutCredentials: false)
            == ["3 boxes not translated: no engine here translates Korean, Japanese or Thai into English"])
        #expect(tally([box(0, nil, .noEngineForPair)]).lines(in: .english, withoutCredentials: false)
            == ["1 box not translated: no engine here translates their language into English"])
    }

    /// Papago is no way out for a pair it lacks too: Catalan into Portuguese.
    @Test func papagoIsNotSuggestedForPairsItLacks() {
        #expect(tally([box(0, .catalan, .noEngineForPair)], target: .portuguese).lines(in: .english, withoutCredentials: true)
            == ["1 box not translated: no engine here translates Catalan into Portuguese"])
    }

    @Test func countsTheBoxesAStoppedServiceLeft() {
        let tally = tally([box(0, .korean, .serviceStopped), box(1, .korean, .serviceStopped), box(2, .korean, .translationFailed)])
        #expect(tally.lines(in: .english, withoutCredentials: false)
            == ["2 boxes not translated: the translation service stopped taking requests"])
        #expect(tally.lines(in: .korean, withoutCredentials: false)
            == ["상자 2개를 번역하지 못했습니다: 번역 서비스가 더 이상 요청을 받지 않았습니다"])
    }

    /// Boxes translated, or failed for reasons of their own image, end the run with no line.
    @Test func nothingToSayWithoutASharedReason() {
        #expect(tally([box(0, .korean, nil), box(1, .korean, .translationFailed)]).lines(in: .english, withoutCredentials: true).isEmpty)
    }
}
