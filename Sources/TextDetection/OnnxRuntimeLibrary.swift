import Foundation

/// ONNX Runtime's shared library, which runs the detector's and the recognizer's models in about
/// half OpenCV's time. `scripts/fetch-onnxruntime.py` (run by `scripts/setup.sh`) installs it
/// from its PyPI wheel beside the models; without it the models run on OpenCV.
public enum OnnxRuntimeLibrary {
    /// The library's file name beside the models.
    public static let fileName = "libonnxruntime.so.1.32.0"

    /// The environment variable that names the library instead (`none`: run on OpenCV).
    public static let environmentVariable = "TRANSLATE_ONNXRUNTIME"

    /// The library for the model at `modelPath`, with the model as PaddleOCR ships it
    /// (`shippedFileName`, which ONNX Runtime runs as it is), both beside that model; the
    /// library named by `TRANSLATE_ONNXRUNTIME` when set. Nil when either is missing.
    static func locate(forModel modelPath: String, shippedFileName: String, environment: [String: String])
        -> (library: String, model: String)?
    {
        let directory = URL(fileURLWithPath: modelPath).deletingLastPathComponent()
        let library: String
        if let chosen = environment[environmentVariable], !chosen.isEmpty {
            guard chosen != "none" else { return nil }
            library = chosen
        } else {
            library = directory.appendingPathComponent(fileName).path
            guard FileManager.default.isReadableFile(atPath: library) else { return nil }
        }
        let model = directory.appendingPathComponent(shippedFileName).path
        guard FileManager.default.isReadableFile(atPath: model) else { return nil }
        return (library, model)
    }
}
