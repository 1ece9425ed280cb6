import Foundation

/// Where the text detector's model file lives, and what it should be.
///
/// `scripts/fetch-text-detector.py` (run by `scripts/setup.sh`) downloads it and writes it to
/// `$XDG_DATA_HOME/translate/text-detector.onnx`.
public enum TextDetectorModel {
    /// The model file's name in data directories.
    public static let fileName = "text-detector.onnx"

    /// The environment variable that names a model file to use instead of searching.
    public static let environmentVariable = "TRANSLATE_TEXT_DETECTOR"

    /// sha256 of the model `scripts/fetch-text-detector.py` writes (hex).
    public static let sha256 = "400e03d2f19cf9289ca4ea109231cd4854467c238acac685346e265b9a13eca6"

    /// The model as PaddleOCR ships it, for ONNX Runtime; it lies beside the model rewritten for
    /// OpenCV.
    public static let shippedFileName = "text-detector.shipped.onnx"

    /// ONNX Runtime's library and the shipped model for the model at `modelPath`
    /// (`OnnxRuntimeLibrary`); nil when either is missing, and then the detector runs on OpenCV.
    public static func onnxRuntime(forModel modelPath: String,
                                   environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (library: String, model: String)?
    {
        OnnxRuntimeLibrary.locate(forModel: modelPath, shippedFileName: shippedFileName, environment: environment)
    }

    /// The model file to load, or nil when there is none.
    ///
    /// `TRANSLATE_TEXT_DETECTOR`, when set, is the answer whether or not the file exists, so
    /// that a wrong path fails loudly instead of another model being used quietly. Otherwise
    /// the first existing file among `searchPaths(environment:executablePath:)`.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = Bundle.main.executablePath
    ) -> String? {
        DataFiles.locate(fileName: fileName, environmentVariable: environmentVariable,
                         environment: environment, executablePath: executablePath)
    }

    /// The places searched, in order: the XDG data home (default `~/.local/share`), each XDG
    /// data directory (default `/usr/local/share:/usr/share`), each with `/translate/` and the
    /// file name; then the executable's own directory and its `../share/translate/`.
    public static func searchPaths(environment: [String: String], executablePath: String?) -> [String] {
        DataFiles.searchPaths(fileName: fileName, environment: environment, executablePath: executablePath)
    }
}
