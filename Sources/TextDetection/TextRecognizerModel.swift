import Foundation

/// Where the text-line recognizer's model and character list live, and what they should be.
///
/// `scripts/fetch-text-recognizer.py` (run by `scripts/setup.sh`) downloads the model, rewrites
/// it for OpenCV and writes it to `$XDG_DATA_HOME/translate/text-recognizer.onnx`, with its
/// characters beside it in `text-recognizer.characters.txt`.
public enum TextRecognizerModel {
    /// The model file's name in data directories.
    public static let fileName = "text-recognizer.onnx"

    /// The character list's name; it lies beside the model.
    public static let charactersFileName = "text-recognizer.characters.txt"

    /// The environment variable that names a model file to use instead of searching (its
    /// character list is then looked for beside it).
    public static let environmentVariable = "TRANSLATE_TEXT_RECOGNIZER"

    /// sha256 of the model `scripts/fetch-text-recognizer.py` writes (hex).
    public static let sha256 = "426641899fd54c7f9182682d16d29d07d72058509668fae1c0da8a2e923f004c"

    /// sha256 of the character list it writes (hex).
    public static let charactersSHA256 = "a1c84d9bdb9ab29043c58896224d32941783eb821629618416dcb08f12886492"

    /// The model file to load, or nil when there is none: `TRANSLATE_TEXT_RECOGNIZER` when set
    /// (whether or not the file exists, so that a wrong path fails loudly), else the first
    /// existing file among `searchPaths(environment:executablePath:)`.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = Bundle.main.executablePath
    ) -> String? {
        DataFiles.locate(fileName: fileName, environmentVariable: environmentVariable,
                         environment: environment, executablePath: executablePath)
    }

    /// The places searched, in the order of `TextDetectorModel.searchPaths`.
    public static func searchPaths(environment: [String: String], executablePath: String?) -> [String] {
        DataFiles.searchPaths(fileName: fileName, environment: environment, executablePath: executablePath)
    }

    /// The model ONNX Runtime runs: PaddleOCR's PP-OCRv6 small recognizer as published
    /// (`scripts/fetch-photo-models.py`), beside the model rewritten for OpenCV. It reads Latin
    /// lines (accents included), kana and Han far better than the PP-OCRv4 model OpenCV runs
    /// (docs/experiments/photos.md, "Camera photos with PP-OCRv6 small"), in the same time.
    public static let onnxRuntimeFileName = "text-recognizer.ppocrv6-small.onnx"

    /// Its character list, beside it.
    public static let onnxRuntimeCharactersFileName = "text-recognizer.ppocrv6-small.characters.txt"

    /// ONNX Runtime's library, and the model it runs with its characters, for the model at
    /// `modelPath` (`OnnxRuntimeLibrary`); nil when any is missing, and then the recognizer runs
    /// the model at `modelPath` on OpenCV.
    public static func onnxRuntime(forModel modelPath: String,
                                   environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (library: String, model: String, characters: String)?
    {
        guard let found = OnnxRuntimeLibrary.locate(forModel: modelPath, shippedFileName: onnxRuntimeFileName, environment: environment)
        else { return nil }
        let characters = URL(fileURLWithPath: found.model).deletingLastPathComponent()
            .appendingPathComponent(onnxRuntimeCharactersFileName).path
        guard FileManager.default.isReadableFile(atPath: characters) else { return nil }
        return (found.library, found.model, characters)
    }

    /// The character list that belongs to the model at `modelPath`: the file
    /// `text-recognizer.characters.txt` in the same directory.
    public static func charactersPath(forModel modelPath: String) -> String {
        URL(fileURLWithPath: modelPath).deletingLastPathComponent().appendingPathComponent(charactersFileName).path
    }
}
