@testable import PagePreparation
import Testing
import TesseractReading
import TextDetection
@testable import TextRecognition
import TranslateModel

/// The lines of a photographed sheet that Tesseract read unsurely, read again by the
/// recognizer, and when its reading takes the line.
@Suite struct SheetLineRereadingTests {
    static let latin: Set<Unicode.Scalar> = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,".unicodeScalars)
    static let english = TesseractData(["eng"])

    static func box(_ text: String, confidence: Double) -> BoxResult {
        BoxResult(id: 0, rect: PixelRect(x: 10, y: 20, width: 300, height: 14), confidence: confidence, language: .english, text: text,
                  words: [RecognizedWord(rect: PixelRect(x: 10, y: 20, width: 300, height: 14), confidence: confidence, text: text)])
    }

    /// Tesseract's unsure Latin, with Hangul it made of the soft print, against the recognizer's
    /// reading of the line from end to end, whether it is sure of every character (whole) or
    /// only sure enough for text.
    @Test(arguments: [0.97, 0.78])
    func anUnsureLineReadThroughByTheRecognizerIsItsReading(confidence: Double) {
        let read = RecognizedLine(text: "the main valve in the basement", confidence: confidence, unreadShare: 0)
        #expect(SheetLineRereading.takes(read, over: Self.box("the main vate un 하영 hewmen", confidence: 39),
                                         data: TesseractData(["kor", "eng"]), recognizerCharacters: Self.latin))
    }

    /// A reading with stretches read as nothing, where Tesseract read letters the recognizer
    /// lacks (Hangul it does not read), or too unsure to be text, leaves the line to Tesseract.
    @Test func aReadingWithUnreadStretchesOrNotTextLeavesTheLine() {
        #expect(!SheetLineRereading.takes(RecognizedLine(text: "Wi-Fi", confidence: 0.95, unreadShare: 0.4),
                                          over: Self.box("공용 Wi-Fi 이름", confidence: 55),
                                          data: TesseractData(["kor", "eng"]), recognizerCharacters: Self.latin))
        #expect(!SheetLineRereading.takes(RecognizedLine(text: "water supply", confidence: 0.6, unreadShare: 0),
                                          over: Self.box("water supply", confidence: 55),
                                          data: Self.english, recognizerCharacters: Self.latin))
    }

    /// Where Tesseract read no letter the recognizer lacks, a stretch read as nothing is the gap
    /// between two words that a page's line spans: the reading takes the line.
    @Test func aGapBetweenWordsDoesNotCountAgainstAReading() {
        #expect(SheetLineRereading.takes(RecognizedLine(text: "TOTAL$10.73", confidence: 0.998, unreadShare: 0.3),
                                         over: Self.box("TOTAL _ 60.", confidence: 73),
                                         data: Self.english, recognizerCharacters: Self.latin))
    }

    /// A line is unsure when it, or one of its words, is read under 70.
    @Test func aLineWithAnUnsureWordIsUnsure() {
        var box = Self.box("TOTAL _ 60.", confidence: 73)
        #expect(!SheetLineRereading.isUnsure(box))
        box.words = [RecognizedWord(rect: box.rect, confidence: 84, text: "TOTAL"), RecognizedWord(rect: box.rect, confidence: 53, text: "60.")]
        #expect(SheetLineRereading.isUnsure(box))
        #expect(SheetLineRereading.isUnsure(Self.box("hewmen", confidence: 39)))
    }

    /// Hangul read fairly surely stays over a reading not sure of every character; Cyrillic
    /// alone, read with data that has English, stays even over a whole reading (the recognizer
    /// reads Cyrillic capitals as Latin look-alikes).
    @Test func lettersTheRecognizerLacksReadFairlySurelyStay() {
        #expect(!SheetLineRereading.takes(RecognizedLine(text: "Oaai", confidence: 0.8, unreadShare: 0),
                                          over: Self.box("관리사무소 안내문", confidence: 65),
                                          data: TesseractData(["kor", "eng"]), recognizerCharacters: Self.latin))
        #expect(!SheetLineRereading.takes(RecognizedLine(text: "4abl pabl", confidence: 0.92, unreadShare: 0),
                                          over: Self.box("Часы работы", confidence: 65),
                                          data: TesseractData(["rus", "eng"]), recognizerCharacters: Self.latin))
    }

    /// The recognizer's reading replaces the text, as one word over the line, at its
    /// confidence scaled to 100; the box keeps its place.
    @Test func aReplacedLineIsOneWordAtTheRecognizersConfidence() {
        let replaced = SheetLineRereading.replaced(Self.box("hewmen", confidence: 39),
                                                   by: RecognizedLine(text: " the basement ", confidence: 0.9, unreadShare: 0))
        #expect(replaced.text == "the basement" && replaced.confidence == 90)
        #expect(replaced.rect == PixelRect(x: 10, y: 20, width: 300, height: 14))
        #expect(replaced.words == [RecognizedWord(rect: replaced.rect, confidence: 90, text: "the basement")])
    }

    /// A line is cut with 0.2 of its height around it, as a detected line is: the page's rows
    /// are their numbers, so the cut's first and last rows say where it began and ended.
    @Test func aLineIsCutWithAFifthOfItsHeightAroundIt() throws {
        let page = GrayImage(width: 400, height: 200, pixels: (0..<200).flatMap { [UInt8](repeating: UInt8($0), count: 400) })
        let cut = try #require(SheetLineRereading.cut(PixelRect(x: 100, y: 50, width: 200, height: 50), from: page))
        #expect(cut.height == 70 && cut.width == 220)
        #expect(abs(Int(cut.pixels.first!) - 40) <= 1 && abs(Int(cut.pixels.last!) - 109) <= 1)
        #expect(SheetLineRereading.cut(PixelRect(x: 0, y: 0, width: 3, height: 3), from: page) == nil)
    }

    /// A sheet whose sure letters are mostly Hangul is left to Tesseract: the recognizer reads
    /// Hangul through as Han look-alikes. Unsure Hangul on an English sheet does not count.
    @Test func aSheetMostlyInLettersTheRecognizerLacksIsLeftToTesseract() {
        let korean = [Self.box("공용 이름", confidence: 88), Self.box("APT", confidence: 90), Self.box("Wi-Fi 이름", confidence: 50)]
        #expect(SheetLineRereading.isInLettersTheRecognizerLacks(korean, lacks: { !Self.latin.contains($0) }))
        let english = [Self.box("Notice to Residents", confidence: 95), Self.box("하영 rome mater", confidence: 54)]
        #expect(!SheetLineRereading.isInLettersTheRecognizerLacks(english, lacks: { !Self.latin.contains($0) }))
        // Judged by script before the recognizer is loaded: the Korean sheet is not worth it.
        #expect(!SheetLineRereading.wantsRereading(korean) && SheetLineRereading.wantsRereading(english))
    }
}
