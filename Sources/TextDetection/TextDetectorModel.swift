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

    /// The model file to load, or nil when there is none.
    ///
    /// `TRANSLATE_TEXT_DETECTOR`, when set, is the answer whether or not the file exists, so
    /// that a wrong path fails loudly instead of another model being used quietly. Otherwise
    /// the first existing file among `searchPaths(environment:executablePath:)`.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = Bundle.main.executablePath
    ) -> String? {
        if let chosen = environment[environmentVariable], !chosen.isEmpty { return chosen }
        return searchPaths(environment: environment, executablePath: executablePath).first(where: isReadableFile)
    }

    /// The places searched, in order: the XDG data home (default `~/.local/share`), each XDG
    /// data directory (default `/usr/local/share:/usr/share`), each with `/translate/` and the
    /// file name; then the executable's own directory and its `../share/translate/`.
    public static func searchPaths(environment: [String: String], executablePath: String?) -> [String] {
        var directories: [String] = []
        if let dataHome = absolute(environment["XDG_DATA_HOME"]) {
            directories.append(dataHome)
        } else if let home = absolute(environment["HOME"]) {
            directories.append(home + "/.local/share")
        }
        // The XDG specification says to ignore relative entries.
        let dataDirectories = (absolute(environment["XDG_DATA_DIRS"]) ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        directories += dataDirectories
        var paths = directories.map { trimmingSlash($0) + "/translate/" + fileName }

        if let executablePath, !executablePath.isEmpty {
            // Resolved, so that a symlink on PATH finds the model next to the real binary.
            let directory = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
            paths.append(directory.appendingPathComponent(fileName).path)
            paths.append(directory.deletingLastPathComponent().appendingPathComponent("share/translate/" + fileName).path)
        }
        return paths
    }

    private static func absolute(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        return value
    }

    private static func trimmingSlash(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    private static func isReadableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isReadableFile(atPath: path)
    }
}
