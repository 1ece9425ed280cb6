import Foundation

/// Finding an installed data file (a model) the way the XDG base directory specification says,
/// with an environment variable that overrides the search and the executable's own directory
/// as the last resort.
enum DataFiles {
    /// The file to load, or nil when there is none.
    ///
    /// `environmentVariable`, when set, is the answer whether or not the file exists, so that a
    /// wrong path fails loudly instead of another file being used quietly. Otherwise the first
    /// existing file among `searchPaths`.
    static func locate(
        fileName: String,
        environmentVariable: String,
        environment: [String: String],
        executablePath: String?
    ) -> String? {
        if let chosen = environment[environmentVariable], !chosen.isEmpty { return chosen }
        return searchPaths(fileName: fileName, environment: environment, executablePath: executablePath)
            .first(where: isReadableFile)
    }

    /// The places searched, in order: the XDG data home (default `~/.local/share`), each XDG
    /// data directory (default `/usr/local/share:/usr/share`), each with `/translate/` and the
    /// file name; then the executable's own directory and its `../share/translate/`.
    static func searchPaths(fileName: String, environment: [String: String], executablePath: String?) -> [String] {
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
            // Resolved, so that a symlink on PATH finds the file next to the real binary.
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
