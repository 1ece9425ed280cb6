@testable import PagePreparation
import Testing
import TextDetection
@testable import TesseractReading
@testable import TextRecognition

/// The photo lines read by the recognizer on two threads, with Tesseract's part following each
/// line on the calling thread.
@Suite struct SharedLineRecognitionTests {
    static func recognizer() throws -> TextLineRecognizer {
        let model = try #require(TextRecognizerModel.locate(), "no text recognizer model (scripts/fetch-text-recognizer.py)")
        return try TextLineRecognizer(modelPath: model, dictionaryPath: TextRecognizerModel.charactersPath(forModel: model))
    }

    /// Blank lines: each reads as nothing, which is still a reading.
    static let lines = (0..<7).map { _ in GrayImage(width: 160, height: 32, pixels: [UInt8](repeating: 255, count: 160 * 32)) }

    @Test(arguments: [false, true])
    func everyLineIsFollowedUpOnceInOrderAndKnownLinesAreNotReadAgain(withHelper: Bool) throws {
        let recognizer = try Self.recognizer()
        let known = [2: RecognizedLine(text: "known", confidence: 0.99), 5: RecognizedLine(text: "also", confidence: 0.9)]
        var followed: [Int] = []
        var seen: [Int: String] = [:]
        let results = try SharedLineRecognition.read(Self.lines, known: known, with: recognizer, helperThread: withHelper) {
            index, read throws(OCRError) in
            followed.append(index)
            seen[index] = read?.text
        }
        #expect(followed == Array(0..<7))
        #expect(results.count == 7)
        #expect(results[2]?.text == "known" && results[5]?.text == "also")
        #expect(seen[2] == "known" && seen[5] == "also")
        #expect(seen[0] == "" && results[0]?.confidence == 0)
    }

    @Test(arguments: [false, true])
    func aFailedFollowUpEndsTheReadingWithItsError(withHelper: Bool) throws {
        let recognizer = try Self.recognizer()
        var followed: [Int] = []
        #expect(throws: OCRError.recognitionFailed) {
            _ = try SharedLineRecognition.read(Self.lines, known: [:], with: recognizer, helperThread: withHelper) { index, _ throws(OCRError) in
                followed.append(index)
                if index == 1 { throw OCRError.recognitionFailed }
            }
        }
        #expect(followed == [0, 1])
    }
}
