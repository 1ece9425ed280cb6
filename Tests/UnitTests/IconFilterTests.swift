import Testing
@testable import TranslateModel
@testable import TextRecognition

@Suite struct IconFilterTests {
    private func line(_ text: String, words: [String]? = nil) -> RecognizedBox {
        let parts = words ?? text.split(separator: " ").map(String.init)
        let recognized = parts.enumerated().map { index, part in
            RecognizedWord(rect: PixelRect(x: index * 40, y: 0, width: 30, height: 20), confidence: 60, text: part)
        }
        return RecognizedBox(rect: PixelRect(x: 0, y: 0, width: parts.count * 40, height: 20), confidence: 60,
                             text: text, words: recognized, paragraph: 0)
    }

    @Test func dropsSwitchesAndChevronsReadAsSymbols() {
        let lines = [line("Airplane Mode"), line(". @"), line("«>"), line("》"), line("Battery 87%"), line("Show Previews >")]
        #expect(IconFilter.filter(lines).map(\.text) == ["Airplane Mode", "Battery 87%", "Show Previews"])
    }

    @Test func keepsAnythingWithLettersOrDigitsAndLongerPunctuation() {
        let lines = [line("?"), line("-1"), line("(A)"), line("...."), line("2.4.1")]
        #expect(IconFilter.filter(lines).map(\.text) == ["-1", "(A)", "....", "2.4.1"])
    }
}
