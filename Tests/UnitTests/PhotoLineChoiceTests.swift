import Testing
@testable import TextRecognition

/// The choices the photo path makes from the text-line recognizer's readings.
@Suite struct PhotoLineChoiceTests {
    private func line(_ text: String, _ confidence: Double) -> RecognizedLine? {
        RecognizedLine(text: text, confidence: confidence)
    }

    /// A receipt's widest lines, read surely as Latin: no other script's data is tried.
    @Test func aSureLatinSampleSkipsTheScriptTrial() {
        #expect(PhotoRecognizer.isSurelyLatin([line("THANK YOU FOR SHOPPING", 0.92), line("SAFEWAY", 0.94),
                                               line("Card Savings", 0.95), line("REFRIG/FROZEN", 0.86)]))
    }

    /// Cyrillic read as Latin look-alikes, Hangul read as nothing: the trial stays.
    @Test func anUnsureOrUnreadSampleKeepsTheTrial() {
        #expect(!PhotoRecognizer.isSurelyLatin([line("ДОГОВОР", 0.72), line("Hacтоящий", 0.72), line("r. Mocквa", 0.64)]))
        #expect(!PhotoRecognizer.isSurelyLatin([line("", 0), line("", 0)]))
        #expect(!PhotoRecognizer.isSurelyLatin([nil, line("Seoul", 0.99)]))
        #expect(!PhotoRecognizer.isSurelyLatin([]))
    }

    /// Han characters may be Japanese, whose kana the recognizer drops surely: the trial stays.
    @Test func aSampleWithHanKeepsTheTrial() {
        #expect(!PhotoRecognizer.isSurelyLatin([line("東京駅", 0.95), line("Tokyo Station", 0.97)]))
    }
}
