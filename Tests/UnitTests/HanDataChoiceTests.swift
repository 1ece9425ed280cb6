import Testing
@testable import TesseractReading
@testable import TextRecognition

@Suite struct HanDataChoiceTests {
    private func candidate(_ data: String, _ words: [(String, Double)]) -> HanDataChoice.Candidate {
        HanDataChoice.Candidate(data: TesseractData([data]), words: words.map { (text: $0.0, confidence: $0.1) })
    }

    @Test func kanaInTheJapaneseReadingMeanJapanese() {
        let candidates = [
            candidate("chi_sim", [("土曜日", 80), ("朝市", 85)]),
            candidate("jpn", [("土曜日の", 70), ("朝市です", 72)]),
            candidate("chi_tra", [("土曜日", 81), ("朝市", 84)]),
        ]
        #expect(HanDataChoice.choose(candidates) == 1)
    }

    @Test func withoutKanaTheSurerChineseDataWins() {
        // chi_sim is surer on the Latin words, chi_tra on the Han characters: the characters decide.
        let candidates = [
            candidate("chi_sim", [("Wi-Fi", 95), ("HomeNet-5G", 95), ("称路", 30), ("设定", 90)]),
            candidate("chi_tra", [("Wi-FHi", 35), ("HomeNet-5G", 60), ("網路", 95), ("設定", 96)]),
            candidate("jpn", [("網路", 70), ("設定", 72)]),
        ]
        #expect(HanDataChoice.choose(candidates) == 1)
        #expect(HanDataChoice.choose([]) == nil)
    }

    /// `chi_sim` reads the three lines with the most Han characters, in page order; a page
    /// with too few Han characters on them gives no sample.
    @Test func theSampleIsTheLinesWithTheMostHanCharacters() {
        let lines = [["設定"], ["Wi-Fi", "網路"], ["通知", "與", "聲音設定"], ["OK"], ["顯示", "與亮度"], ["關於本機"]]
        #expect(HanDataChoice.sampleLines(lines) == [2, 4, 5])
        #expect(HanDataChoice.sampleLines([["設定"], ["Wi-Fi"], ["網路"]]) == [])
    }

    /// `chi_tra` as it read the page must lead `chi_sim`'s line-by-line reading of the sample
    /// by its margin for Simplified to be ruled out.
    @Test func theSampleRulesOutSimplifiedOnlyByAClearLead() {
        let traditional = candidate("chi_tra", [("聲音設定", 92), ("關於本機", 90)])
        #expect(HanDataChoice.sampleRulesOutSimplified(traditional: traditional,
                                                       simplified: candidate("chi_sim", [("声音设定", 75), ("关于本机", 80)])))
        #expect(!HanDataChoice.sampleRulesOutSimplified(traditional: traditional,
                                                        simplified: candidate("chi_sim", [("声音设定", 88), ("关于本机", 85)])))
    }

    @Test func traditionalDataMustLeadByItsMargin() {
        let close = [candidate("chi_sim", [("我们", 88)]), candidate("chi_tra", [("我們", 91)])]
        #expect(HanDataChoice.choose(close) == 0)
        let clear = [candidate("chi_sim", [("我们", 80)]), candidate("chi_tra", [("我們", 91)])]
        #expect(HanDataChoice.choose(clear) == 1)
    }

    /// Only a Chinese data's reading sure of its Han characters rules Japanese out; a `jpn`
    /// reading never does, however sure.
    @Test func aSureChineseReadingRulesOutJapanese() {
        #expect(HanDataChoice.rulesOutJapanese(candidate("chi_sim", [("设置", 90), ("网络", 88)])))
        #expect(HanDataChoice.rulesOutJapanese(candidate("chi_tra", [("設定", 86), ("Wi-Fi", 20)])))
        #expect(!HanDataChoice.rulesOutJapanese(candidate("chi_sim", [("设置", 90), ("网络", 60)])))
        #expect(!HanDataChoice.rulesOutJapanese(candidate("jpn", [("設定", 96)])))
        #expect(!HanDataChoice.rulesOutJapanese(candidate("chi_sim", [("Wi-Fi", 96)])))
    }

    /// Characters Simplified Chinese writes in forms of its own are told by ICU's conversion;
    /// shared characters, Traditional forms, kana and Latin letters are not counted.
    @Test func simplifiedFormsAreCountedWordByWord() {
        #expect(SimplifiedForms.counts(in: ["这个", "網路", "中文", "Wi-Fi", "の設定", ""]) == [2, 0, 0, 0, 0, 0])
        #expect(SimplifiedForms.counts(in: []) == [])
    }

    /// A `chi_sim` reading sure of five or more Simplified forms rules Traditional out; one
    /// unsure of them (as `chi_sim` is on a Traditional page), one with too few, or another
    /// data's reading does not.
    @Test func aReadingSureOfItsSimplifiedFormsRulesOutTraditional() {
        let sure = [("这个网络", 92.0), ("连接", 90), ("设置", 91), ("中文", 95)]
        #expect(HanDataChoice.rulesOutTraditional(candidate("chi_sim", sure)))
        // Sure of its Han characters as a whole (86), but not of the five Simplified forms.
        let unsure = [("这个", 70.0), ("网络", 72), ("连接", 70), ("中文和日本", 99), ("大山", 99)]
        #expect(HanDataChoice.rulesOutJapanese(candidate("chi_sim", unsure)))
        #expect(!HanDataChoice.rulesOutTraditional(candidate("chi_sim", unsure)))
        #expect(!HanDataChoice.rulesOutTraditional(candidate("chi_sim", [("这个", 95), ("中文", 95)])))
        #expect(!HanDataChoice.rulesOutTraditional(candidate("chi_tra", sure)))
    }

    @Test func aFewStrayKanaDoNotMakeAPageJapanese() {
        #expect(!HanDataChoice.isJapanese("明天的会议几点开始ノ下午三点在大会议室资料我今晚发给你"))
        #expect(HanDataChoice.isJapanese("明日の会議は何時から"))
        #expect(HanDataChoice.kanaShare(of: "Wi-Fi 9:41") == 0)
    }

    @Test func chineseJapaneseAndThaiDataReadAlone() {
        #expect(ScriptLanguages.reading("chi_tra") == ["chi_tra"])
        #expect(ScriptLanguages.reading("tha") == ["tha"])
        #expect(ScriptLanguages.reading("rus") == ["rus", "eng"])
        #expect(ScriptLanguages.data(forScript: "Han") == [.simplifiedChinese, .traditionalChinese])
    }
}
