import Foundation
import PagePreparation
import Testing
import TestSupport
import TesseractReading
import TextDetection
@testable import TextRecognition
import TranslateModel

/// A photographed sheet's unsure line, drawn and read again by the real recognizer.
@Suite struct SheetLineRereadingDrawnTests {
    /// A small, soft line of print, as a flattened sheet's far edge gives: Tesseract's unsure
    /// reading of it is replaced by the recognizer's, and a sure line is not read again.
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
        var boxes = [BoxResult(id: 0, rect: line, confidence: 39, language: .english, text: "the main vate un the hewmen os tephec"),
                     BoxResult(id: 1, rect: line, confidence: 92, language: .english, text: "left as it was")]
        #expect(SheetLineRereading.reread(&boxes, on: sheet, data: TesseractData(["eng"]), with: recognizer))
        // Its spaces as the recognizer puts them (it may run two words together).
        #expect(boxes[0].text.filter { $0 != " " } == "themainvalveinthebasementisreplaced", "\(boxes[0].text)")
        #expect(boxes[0].confidence >= 70)
        #expect(boxes[1].text == "left as it was" && boxes[1].confidence == 92)
    }
}
