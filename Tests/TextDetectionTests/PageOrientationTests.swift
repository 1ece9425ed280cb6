import Foundation
import Testing
import TextDetection

@Suite("Photo orientation")
struct PageOrientationTests {
    /// The installed classifier, or a test failure that says how to install it.
    private func makeClassifier() throws -> PageOrientationClassifier {
        let detector = try requireModelPath()
        return try #require(PageOrientationClassifier.loaded(besideDetector: detector),
                            "no orientation model or ONNX Runtime beside \(detector) (run scripts/fetch-photo-models.py and scripts/fetch-onnxruntime.py, which scripts/setup.sh runs)")
    }

    @Test("a photographed page is found upright, and turned a quarter either way, turned that way",
          arguments: ["photographed-page-en.jpg", "photographed-page-ko.jpg"])
    func findsAPageTurnedEitherWay(_ name: String) throws {
        let classifier = try makeClassifier()
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for quarterTurns in [0, 1, 3] {
            let turned = directory.appendingPathComponent("turned\(quarterTurns).png").path
            _ = try runTool(["convert", TestFiles.fixture(name), "-rotate", "\(quarterTurns * 90)", turned])
            let image = try loadRGB(turned)
            let finding = try classifier.classify(pixels: image.pixels, width: image.width, height: image.height,
                                                  bytesPerRow: image.bytesPerRow, channels: 3)
            #expect(finding.quarterTurns == quarterTurns, "\(name) turned \(quarterTurns * 90)°: \(finding)")
            #expect(finding.probability > 0.25 && finding.probability <= 1)
        }
    }

    @Test("an image it cannot look at is an error, not a guess")
    func emptyImageIsAnError() throws {
        let classifier = try makeClassifier()
        #expect(throws: TextDetectionError.self) {
            _ = try classifier.classify(pixels: [UInt8](), width: 0, height: 0, bytesPerRow: 0, channels: 3)
        }
    }

    @Test("the installed model is the one scripts/fetch-photo-models.py takes from the wheel")
    func installedDigest() throws {
        let model = URL(fileURLWithPath: try requireModelPath()).deletingLastPathComponent()
            .appendingPathComponent(PageOrientationClassifier.fileName).path
        let digest = String(decoding: try runTool(["sha256sum", model]), as: UTF8.self).split(separator: " ").first.map(String.init)
        #expect(digest == PageOrientationClassifier.sha256, "\(model) differs; run scripts/fetch-photo-models.py again")
    }

    @Test("TRANSLATE_ORIENTATION_MODEL=none leaves it out")
    func noneLeavesItOut() throws {
        let detector = try requireModelPath()
        #expect(PageOrientationClassifier.loaded(besideDetector: detector, environment: ["TRANSLATE_ORIENTATION_MODEL": "none"]) == nil)
    }
}
