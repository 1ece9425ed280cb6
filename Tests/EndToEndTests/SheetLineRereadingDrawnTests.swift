import Foundation
import PagePreparation
import Testing
import TestSupport
import TesseractReading
import TextDetection
@testable import TextRecognition
import TranslateModel

/// A photographed sheet's unsure lines, drawn, read again by the real recognizer.
@Suite struct SheetLineRereadingDrawnTests {
    /// A small, soft line of print, as a flattened sheet's far edge gives: Tesseract's unsure
    /// reading of it is replaced by the recognizer's, a reading under Tesseract's floor of a
    /// blank stretch or of a mark too thin to cut is dropped, and a sure line is not read again.
    @Test func anUnsureLineOfADrawnSheetIsReadAgain() throws {
        let model = try #require(TextRecognizerModel.locate(), "no text recognizer model (scripts/setup.sh)")
        let recognizer = try TextLineRecognizer(modelPath: model, dictionaryPath: TextRecognizerModel.charactersPath(forModel: model))
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let raw = directory.appendingPathComponent("sheet.gray").path
        try ImageMagickDrawing.convert(["-size", "420x60", "xc:white", "-font", "Noto-Serif-Regular", "-pointsize", "14",
                                        "-fill", "#333", "-draw", "text 10,34 'the main valve in the basement is replaced'",
                                        "-blur", "0x0.7", "-depth", "8", "gray:" + raw])
        let sheet = GrayImage(width: 420, height: 60, pixels: [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw))))
        let line = PixelRect(x: 8, y: 21, width: 300, height: 18)
        let blank = PixelRect(x: 330, y: 5, width: 80, height: 14)
        let mark = PixelRect(x: 412, y: 20, width: 3, height: 20)
        var boxes = [BoxResult(id: 0, rect: line, confidence: 39, language: .english, text: "the main vate un the hewmen os tephec"),
                     BoxResult(id: 1, rect: blank, confidence: 18, language: .korean, text: "~ 부서 에메"),
                     BoxResult(id: 2, rect: line, confidence: 92, language: .english, text: "left as it was"),
                     BoxResult(id: 3, rect: mark, confidence: 40, language: nil, text: "」")]
        var dropped: [DroppedBox] = []
        #expect(SheetLineRereading.reread(&boxes, dropped: &dropped, on: sheet, data: TesseractData(["eng"]), with: recognizer))
        // Its spaces as the recognizer puts them (it may run two words together).
        #expect(boxes[0].text.filter { $0 != " " } == "themainvalveinthebasementisreplaced", "\(boxes[0].text)")
        #expect(boxes[0].confidence >= 70)
        // Read under Tesseract's floor, and as nothing by the recognizer, or too thin for it to
        // read: junk, dropped.
        #expect(dropped.map(\.text) == ["~ 부서 에메", "」"] && dropped.allSatisfy { $0.reason == .photoJunk })
        #expect(boxes.map(\.id) == [0, 1])
        #expect(boxes[1].text == "left as it was" && boxes[1].confidence == 92)
    }

    /// An English notice photographed from low down, its far edge small and soft: Tesseract
    /// reads the flattened sheet's top lines as Latin and Hangul garbage, and the recognizer
    /// reads them again; what neither reads as text is dropped.
    @Test func aSheetsUnsureLinesAreReadAgainByTheRecognizer() throws {
        guard let (result, _) = try ScriptTrialTests.readDrawnPhoto([
            TestPaths.fixture("photographed-page-en.jpg"), "-virtual-pixel", "edge",
            "-distort", "Perspective", "0,0 200,260 900,0 700,240 900,1200 900,1200 0,1200 0,1200",
            "-blur", "0x0.6", "-resize", "540x720", "-quality", "85",
        ]) else { return }
        let texts = result.boxes.map(\.text)
        #expect(texts.contains { $0.hasPrefix("the main valve in the basement") }, "\(texts)")
        #expect(texts.contains { $0.hasPrefix("keep some water aside") }, "\(texts)")
        #expect(texts.contains { $0.hasPrefix("The water") }, "\(texts)")
        // No line keeps Tesseract's Hangul: the small italic line under the title, which the
        // recognizer does not read as text either, is dropped as junk. Before, five lines had it.
        #expect(!texts.joined().unicodeScalars.contains { WritingScript.of($0) == .hangul }, "\(texts)")
    }
}
