import Testing
@testable import ImageRendering
import TranslateModel

/// Text measured as if every character were 0.6 × the size wide and a line 1.2 × the size
/// tall, wrapping at any character: the fitter's choices without a font.
private struct EvenMeasurer: TextMeasuring {
    func measure(_ text: String, pixelSize: Double, wrapWidth: Double?, language: Language?, vertical: Bool) -> TextMeasure {
        let characterWidth = 0.6 * pixelSize
        let total = Double(text.count) * characterWidth
        guard let wrapWidth, total > wrapWidth else { return TextMeasure(width: total, height: 1.2 * pixelSize, lines: 1) }
        let perLine = max(1, Int(wrapWidth / characterWidth))
        let lines = (text.count + perLine - 1) / perLine
        return TextMeasure(width: Double(perLine) * characterWidth, height: 1.2 * pixelSize * Double(lines), lines: lines)
    }
}

@Suite struct TextFitTests {
    let pango = TextFitter(measurer: PangoMeasurer())
    fileprivate let even = TextFitter(measurer: EvenMeasurer())

    @Test func textThatFitsKeepsTheSizeOfTheOriginalLine() {
        // 10 characters at 20 px: 120 px wide, 24 px tall.
        let fit = even.fit("abcdefghij", width: 300, height: 24, language: .english)
        #expect(abs(fit.pixelSize - 20) < 0.01)
        #expect(fit.wrapWidth == nil)
    }

    @Test func slightlyLongTextShrinksOnOneLine() {
        // 20 characters need 240 px at the original 20 px; 180 px gives 15 px, 75% of it.
        let fit = even.fit("abcdefghijklmnopqrst", width: 180, height: 24, language: .english)
        #expect(fit.wrapWidth == nil)
        #expect(fit.pixelSize <= 15 && fit.pixelSize > 14)
    }

    @Test func muchLongerTextWrapsWhenTheBoxIsTallEnough() {
        // A box of three original lines holding text four times as long as a line.
        let text = String(repeating: "x", count: 80)
        let fit = even.fit(text, width: 240, height: 72, language: .english, lines: 3)
        #expect(fit.wrapWidth == 240)
        #expect(fit.measure.lines >= 2)
        #expect(fit.measure.width <= 240.5 && fit.measure.height <= 72.5)
    }

    @Test func longGermanShrinksIntoAShortBox() {
        let german = "Datenschutzeinstellungen für Benutzerkonten ändern"
        let fit = pango.fit(german, width: 160, height: 22, language: .german)
        #expect(fit.measure.width <= 160.5)
        #expect(fit.measure.height <= 22.5)
        #expect(fit.pixelSize < 10, "the German is about three times as long as the box: its size must fall well under the box's")
        #expect(fit.pixelSize >= TextFitter<PangoMeasurer>.smallestSize)
    }

    @Test func longGermanWrapsInATallBox() {
        let german = "Datenschutzeinstellungen für Benutzerkonten ändern"
        let short = pango.fit(german, width: 160, height: 22, language: .german)
        let tall = pango.fit(german, width: 160, height: 88, language: .german, lines: 4)
        #expect(tall.measure.lines >= 2)
        #expect(tall.pixelSize > short.pixelSize * 1.3)
        #expect(tall.measure.width <= 160.5 && tall.measure.height <= 88.5)
    }

    @Test func thaiIsShapedAndFits() {
        // Thai vowel and tone marks stack on their consonant: shaped, "ตั้" is as wide as "ต".
        let base = PangoMeasurer().measure("ต", pixelSize: 40, wrapWidth: nil, language: .thai, vertical: false)
        let stacked = PangoMeasurer().measure("ตั้", pixelSize: 40, wrapWidth: nil, language: .thai, vertical: false)
        #expect(base.width > 5)
        #expect(abs(stacked.width - base.width) < base.width * 0.15, "marks took room of their own: \(stacked.width) against \(base.width)")
        let fit = pango.fit("การตั้งค่าความเป็นส่วนตัว", width: 150, height: 30, language: .thai)
        #expect(fit.measure.width <= 150.5 && fit.measure.height <= 30.5)
        #expect(fit.pixelSize > 6)
    }

    @Test func aTallNarrowBoxTurnsItsText() {
        let japanese = pango.fit("設定を変更する", width: 30, height: 210, language: .japanese)
        #expect(japanese.turned)
        #expect(japanese.vertical, "Japanese in a column keeps its characters upright")
        #expect(japanese.measure.width <= 210.5 && japanese.measure.height <= 30.5)
        let english = pango.fit("Settings", width: 30, height: 210, language: .english)
        #expect(english.turned)
        #expect(!english.vertical)
        // Across the box the same word would be tiny.
        let across = pango.fit("Settings", width: 30, height: 30, language: .english)
        #expect(english.pixelSize > across.pixelSize * 1.5)
    }

    @Test func anUprightBoxIsNotTurned() {
        let fit = pango.fit("Settings", width: 200, height: 30, language: .english)
        #expect(!fit.turned && !fit.vertical)
    }
}
