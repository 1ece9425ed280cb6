import Testing
@testable import ImageRendering

/// A translation is cut only where nothing more could be seen in its box.
@Suite struct DrawnTextLimitTests {
    @Test("a translation that fits, even at the smallest size, is drawn whole")
    func shortTextWhole() {
        let text = String(repeating: "Delivery in 20 minutes. ", count: 20)
        #expect(DrawnTextLimit.shown(text, width: 400, height: 30) == text)
    }

    @Test("a 280,000-character reply over a 300×30 box is cut to what the box can show at the smallest size")
    func hugeReplyCut() {
        let text = String(repeating: "가나다라 abcd ", count: 28_000)
        let shown = DrawnTextLimit.shown(text, width: 300, height: 30)
        #expect(shown.count == Int(300.0 * 30 / DrawnTextLimit.areaPerCharacter))
        #expect(text.hasPrefix(shown))
    }

    @Test("the cut keeps more characters than the smallest Latin letters fill")
    func capacityIsGenerous() {
        // At 3 px, a narrow letter is at least 1.5 px wide on a 3.6 px line.
        let densest = 300.0 * 30 / (1.5 * 3.6)
        #expect(Double(DrawnTextLimit.shown(String(repeating: "i", count: 100_000), width: 300, height: 30).count) > densest)
    }
}
