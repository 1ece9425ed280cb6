import Testing
@testable import TranslateModel
@testable import TextRecognition

/// What a page read by layout analysis keeps as text: icons read as symbols, and boxes too
/// small or too unsure, dropped; short real lines kept.
@Suite struct PageJunkRuleTests {
    private func line(_ text: String, words: [String]? = nil) -> RecognizedBox {
        let parts = words ?? text.split(separator: " ").map(String.init)
        let recognized = parts.enumerated().map { index, part in
            RecognizedWord(rect: PixelRect(x: index * 40, y: 0, width: 30, height: 20), confidence: 60, text: part)
        }
        return RecognizedBox(rect: PixelRect(x: 0, y: 0, width: parts.count * 40, height: 20), confidence: 60,
                             text: text, words: recognized, paragraph: 0)
    }

    // MARK: Icons read as symbols

    @Test func dropsSwitchesAndChevronsReadAsSymbols() {
        let lines = [line("Airplane Mode"), line(". @"), line("«>"), line("》"), line("Battery 87%"), line("Show Previews >")]
        let removed = PageJunkRule.iconsRemoved(from: lines)
        #expect(removed.kept.map(\.text) == ["Airplane Mode", "Battery 87%", "Show Previews"])
        #expect(removed.dropped.map(\.text) == [". @", "«>", "》"])
        #expect(removed.dropped.allSatisfy { $0.reason == .iconSymbols })
    }

    @Test func keepsAnythingWithLettersOrDigitsAndLongerPunctuation() {
        let lines = [line("?"), line("-1"), line("(A)"), line("...."), line("2.4.1")]
        #expect(PageJunkRule.iconsRemoved(from: lines).kept.map(\.text) == ["-1", "(A)", "....", "2.4.1"])
    }

    // MARK: Size and confidence, on a page of 14-pixel lines

    private func verdict(_ text: String, height: Double, confidence: Double) -> PageJunkRule.Verdict {
        PageJunkRule.verdict(on: .init(height: height, confidence: confidence, text: text), medianHeight: 14)
    }

    @Test("a tiny box of two letters read unsurely is dropped")
    func tinyUnsureBox() {
        #expect(verdict("ro", height: 8, confidence: 27) == .dropped(.smallAndUnsure))
    }

    @Test("a one-syllable label under the page's text is kept when read surely")
    func oneSyllableLabel() {
        #expect(verdict("홈", height: 8, confidence: 95) == .kept)
        #expect(verdict("앱", height: 9, confidence: 91) == .kept)
    }

    @Test("a price is kept, even read unsurely")
    func price() {
        // Tesseract reads ₩ as a backslash, at 36 to 76 (bench/trust's short lines).
        #expect(verdict("\\2,800", height: 14, confidence: 36) == .kept)
        #expect(verdict("¥299", height: 12, confidence: 92) == .kept)
    }

    @Test("a small grey note is kept, even read unsurely")
    func smallGreyNote() {
        #expect(verdict("Tax included", height: 9, confidence: 96) == .kept)
        // A chat's 9-pixel time, read at 41: small and unsure, but four digits.
        #expect(verdict("14.47", height: 8, confidence: 41) == .kept)
    }

    @Test("a letter far taller than the text, read short of surely, is an icon")
    func iconReadAsALetter() {
        #expect(verdict("O", height: 34, confidence: 77) == .dropped(.iconLike))
        #expect(verdict("電)", height: 31, confidence: 52) == .dropped(.iconLike))
        // Read surely, a big letter stays: a one-syllable title.
        #expect(verdict("홈", height: 30, confidence: 96) == .kept)
        // Two letters are a heading, not an icon.
        #expect(verdict("自動", height: 24, confidence: 80) == .kept)
    }

    @Test("heights are measured against the page's own median")
    func medianOfThePage() {
        let boxes = [PageJunkRule.Box(height: 30, confidence: 96, text: "Settings"),
                     PageJunkRule.Box(height: 28, confidence: 95, text: "Network"),
                     PageJunkRule.Box(height: 14, confidence: 25, text: "ro")]
        #expect(PageJunkRule.verdicts(boxes) == [.kept, .kept, .dropped(.smallAndUnsure)])
        // The same box among lines of its own size is not small.
        let small = [PageJunkRule.Box(height: 14, confidence: 96, text: "Wi-Fi"), PageJunkRule.Box(height: 14, confidence: 25, text: "ro")]
        #expect(PageJunkRule.verdicts(small) == [.kept, .kept])
    }

    @Test("the result keeps the dropped boxes as values and numbers the others again")
    func appliedToAResult() {
        var result = ImageResult(file: "shot.png", boxes: [
            BoxResult(id: 0, rect: PixelRect(x: 10, y: 10, width: 120, height: 14), confidence: 96, text: "Battery"),
            BoxResult(id: 1, rect: PixelRect(x: 120, y: 40, width: 60, height: 8), confidence: 27, text: "ro"),
            BoxResult(id: 2, rect: PixelRect(x: 10, y: 60, width: 90, height: 14), confidence: 95, text: "Network"),
        ])
        PageJunkRule.apply(to: &result)
        #expect(result.boxes.map(\.text) == ["Battery", "Network"])
        #expect(result.boxes.map(\.id) == [0, 1])
        #expect(result.droppedBoxes == [DroppedBox(rect: PixelRect(x: 120, y: 40, width: 60, height: 8), text: "ro",
                                                   confidence: 27, height: 8, reason: .smallAndUnsure)])
    }
}
