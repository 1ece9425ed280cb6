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

extension TextLineDetector {
    func detect(_ image: RGBImage, maxSide: Int = 960) throws -> [DetectedTextLine] {
        try detect(pixels: image.pixels, width: image.width, height: image.height,
                   bytesPerRow: image.bytesPerRow, channels: 3, maxSide: maxSide)
    }
}
