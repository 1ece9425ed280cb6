import Foundation
import Testing
import TextDetection

/// One row of Fixtures/lines/reference.tsv (written by bench/recognizer/reference.py).
struct ReferenceReading: CustomTestStringConvertible {
    var file: String
    var drawn: String
    var text: String
    var confidence: Double

    var testDescription: String { file }

    static func all() throws -> [ReferenceReading] {
        let path = TestFiles.repository.appendingPathComponent("Fixtures/lines/reference.tsv").path
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .map { row in
                let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                return ReferenceReading(file: fields[0], drawn: fields[1], text: fields[2], confidence: Double(fields[3]) ?? -1)
            }
    }
}

@Suite("Text line recognition against onnxruntime")
struct RecognizerReferenceTests {
    @Test("the rewritten model on OpenCV reads what the original reads on onnxruntime",
          arguments: try ReferenceReading.all())
    func matchesOnnxRuntime(reference: ReferenceReading) throws {
        let image = try loadRGB(TestFiles.repository.appendingPathComponent("Fixtures/lines/\(reference.file)").path)
        let (text, confidence) = try makeRecognizer().recognize(image)
        #expect(text == reference.text)
        // Float rounding differs between the two runtimes (and the folded weights); a different
        // input or decoding would move the mean probability far more.
        #expect(abs(confidence - reference.confidence) < 2e-4, "confidence \(confidence), onnxruntime \(reference.confidence)")
    }
}
