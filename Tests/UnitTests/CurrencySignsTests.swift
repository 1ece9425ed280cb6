import Testing
import TranslateModel
@testable import TextRecognition

/// Where a won or yen sign read as a look-alike is put back, and where the look-alike stays.
@Suite struct CurrencySignsTests {
    private func box(_ text: String) -> BoxResult {
        let rect = PixelRect(x: 0, y: 0, width: 100, height: 20)
        let words = text.split(separator: " ").map { RecognizedWord(rect: rect, confidence: 40, text: String($0)) }
        return BoxResult(id: 0, rect: rect, confidence: 40, text: text, words: words)
    }

    private func restored(_ texts: [String]) -> [String] {
        CurrencySigns.restored(texts.map(box)).map(\.text)
    }

    @Test("on a Korean page, a backslash, W or # before a grouped amount is the won sign, in the words too")
    func wonOnAKoreanPage() {
        #expect(restored(["아메리카노", "\\4,500", "카페 라테 W5,000", "자몽 에이드 #16,000", "W 12,500"])
            == ["아메리카노", "₩4,500", "카페 라테 ₩5,000", "자몽 에이드 ₩16,000", "₩12,500"])
        let words = CurrencySigns.restored([box("카페 라테"), box("합계 W15,000")])[1].words.map(\.text)
        #expect(words == ["합계", "₩15,000"])
    }

    @Test("a W inside a word, before an ungrouped number, or on a page mostly in Latin letters stays")
    func lookAlikesThatAreText() {
        #expect(restored(["요금 안내", "KW5,000", "W5 모델", "A\\1,000"]) == ["요금 안내", "KW5,000", "W5 모델", "A\\1,000"])
        #expect(restored(["Total price", "W5,000"]) == ["Total price", "W5,000"])
    }

    @Test("on a page of Han and kana, a Y or backslash before digits is the yen sign; on a Korean page it stays")
    func yenOnAChineseOrJapanesePage() {
        #expect(restored(["手机保护壳", "Y299", "运费 Y25"]) == ["手机保护壳", "¥299", "运费 ¥25"])
        #expect(restored(["カート", "合計 Y1,280", "\\8,980", "-\\300"]) == ["カート", "合計 ¥1,280", "¥8,980", "-¥300"])
        #expect(restored(["모델명", "Y299"]) == ["모델명", "Y299"])
    }
}
