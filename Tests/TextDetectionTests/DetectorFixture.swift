import Testing
import TextDetection

/// The installed model, or a test failure that says how to install it.
func requireModelPath() throws -> String {
    try #require(
        TextDetectorModel.locate(),
        "no text detector model found (set TRANSLATE_TEXT_DETECTOR or run scripts/fetch-text-detector.py, which scripts/setup.sh runs)"
    )
}

func makeDetector() throws -> TextLineDetector {
    try TextLineDetector(modelPath: try requireModelPath())
}

/// The installed detector on ONNX Runtime, or a test failure that says how to install it.
func makeOnnxRuntimeDetector() throws -> TextLineDetector {
    let model = try requireModelPath()
    let runtime = try #require(
        TextDetectorModel.onnxRuntime(forModel: model),
        "ONNX Runtime or the shipped model is not installed beside \(model) (run scripts/fetch-onnxruntime.py and scripts/fetch-text-detector.py, which scripts/setup.sh runs)"
    )
    return try TextLineDetector(modelPath: runtime.model, onnxRuntime: runtime.library)
}

extension TextLineDetector {
    func detect(_ image: RGBImage, maxSide: Int = 960) throws -> [DetectedTextLine] {
        try detect(pixels: image.pixels, width: image.width, height: image.height,
                   bytesPerRow: image.bytesPerRow, channels: 3, maxSide: maxSide)
    }
}
