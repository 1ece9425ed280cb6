import Testing
@testable import TranslateModel
@testable import TesseractReading
@testable import TextRecognition
@testable import TranslateCLI

@Suite struct PreparationOptionsTests {
    @Test func pagesArePreparedAndSegmentationChosenByDefault() throws {
        let options = try CommandOptions(parsing: ["a.png", "--ocr-only"])
        #expect(options.ocr.prepares)
        #expect(options.ocr.choosesSegmentation)
    }

    @Test func noPrepareReadsPagesAsTheyAre() throws {
        #expect(try CommandOptions(parsing: ["a.png", "--ocr-only", "--no-prepare"]).ocr.prepares == false)
    }

    @Test func explicitPsmIsKept() throws {
        let options = try CommandOptions(parsing: ["a.png", "--ocr-only", "--psm", "6"])
        #expect(options.ocr.pageSegmentationMode == 6)
        #expect(options.ocr.choosesSegmentation == false)
    }

    @Test func wideGapBetweenWordsSplitsALine() {
        // Two columns read as one line with single spaces: "one two" …gap… "three".
        let words = [RecognizedWord(rect: PixelRect(x: 0, y: 0, width: 30, height: 20), confidence: 90, text: "one"),
                     RecognizedWord(rect: PixelRect(x: 38, y: 0, width: 30, height: 20), confidence: 90, text: "two"),
                     RecognizedWord(rect: PixelRect(x: 200, y: 0, width: 50, height: 20), confidence: 90, text: "three")]
        let line = RecognizedBox(rect: PixelRect(x: 0, y: 0, width: 250, height: 20), confidence: 90, text: "one two three", words: words, paragraph: 0)
        let pieces = LineSplitter.split(line)
        #expect(pieces.map(\.text) == ["one two", "three"])
        #expect(pieces.map(\.rect) == [PixelRect(x: 0, y: 0, width: 68, height: 20), PixelRect(x: 200, y: 0, width: 50, height: 20)])
    }
}
