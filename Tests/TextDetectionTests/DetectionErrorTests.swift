import Foundation
import Testing
import TextDetection

@Suite("Text detection errors")
struct DetectionErrorTests {
    @Test("a missing model file is reported with its path")
    func missingModel() {
        #expect(throws: TextDetectionError.modelUnreadable(path: "/nonexistent/model.onnx", reason: "cannot open it: no such file or directory")) {
            try TextLineDetector(modelPath: "/nonexistent/model.onnx")
        }
        let error = TextDetectionError.modelUnreadable(path: "/nonexistent/model.onnx", reason: "cannot open it: no such file or directory")
        #expect(error.description == "cannot load the text detector model /nonexistent/model.onnx: cannot open it: no such file or directory")
    }

    @Test("a file that is not a model is refused without crashing")
    func notAModel() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("model.onnx").path
        try Data("not a model".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try TextLineDetector(modelPath: path)
            Issue.record("loaded a text file as a model")
        } catch {
            guard case .modelUnreadable(path, let reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(reason.hasPrefix("opencv: "), "\(reason)")
        }
    }

    @Test("pixel buffers that do not match their layout are refused")
    func badLayouts() throws {
        let detector = try makeDetector()
        let pixels = [UInt8](repeating: 0, count: 100 * 10 * 3)
        #expect(throws: TextDetectionError.invalidImage("2999 bytes, too few for 100x10 at 300 bytes per row")) {
            try detector.detect(pixels: pixels.dropLast(), width: 100, height: 10, bytesPerRow: 300, channels: 3)
        }
        #expect(throws: TextDetectionError.invalidImage("unsupported channel count 2 (1, 3 or 4)")) {
            try detector.detect(pixels: pixels, width: 100, height: 10, bytesPerRow: 300, channels: 2)
        }
        #expect(throws: TextDetectionError.invalidImage("299 bytes per row, less than 300 for a row")) {
            try detector.detect(pixels: pixels, width: 100, height: 10, bytesPerRow: 299, channels: 3)
        }
        #expect(throws: TextDetectionError.invalidImage("empty image (0x10)")) {
            try detector.detect(pixels: pixels, width: 0, height: 10, bytesPerRow: 300, channels: 3)
        }
        #expect(throws: TextDetectionError.invalidArgument("maximum side 16 outside 32...8192")) {
            try detector.detect(pixels: pixels, width: 100, height: 10, bytesPerRow: 300, channels: 3, maxSide: 16)
        }
        #expect(throws: TextDetectionError.invalidArgument("enlarged side 1000 outside 0...960")) {
            try detector.detect(pixels: pixels, width: 100, height: 10, bytesPerRow: 300, channels: 3, enlargedSide: 1000)
        }
    }
}
