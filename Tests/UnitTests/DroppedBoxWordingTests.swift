import Testing
@testable import TranslateCLI
import TranslateModel

/// `--verbose`'s line for a box left out as not text, in English and Korean.
@Suite struct DroppedBoxWordingTests {
    private let box = DroppedBox(rect: PixelRect(x: 120, y: 40, width: 60, height: 8), text: "ro", confidence: 27.4, height: 8,
                                 reason: .smallAndUnsure)

    @Test func englishSaysWhereWhatAndWhy() {
        #expect(MessageCatalogue.text(of: box, in: .english)
            == "dropped box at 120,40 60×8 \"ro\": too small and unsure (8 px tall, confidence 27)")
    }

    @Test func koreanSaysTheSame() {
        #expect(MessageCatalogue.text(of: box, in: .korean) == "뺀 상자: 120,40 위치 60×8 \"ro\": 너무 작고 불확실함(높이 8px, 신뢰도 27)")
    }

    @Test("the text read is escaped: it is untrusted")
    func escapesTheText() {
        var hostile = box
        hostile.text = "\u{1B}]52;c;x\u{07}"
        #expect(!MessageCatalogue.text(of: hostile, in: .english).unicodeScalars.contains { TerminalSafeText.isUnsafe($0) })
    }
}
