import Foundation
import TranslateModel

/// Reads the raw bytes of an input, turning file-system failures into `ImageError`s.
public struct InputReader: Sendable {
    /// Reads all of standard input; injected so tests can supply bytes.
    public var readStandardInput: @Sendable () -> Data

    public init(readStandardInput: @escaping @Sendable () -> Data = InputReader.standardInputBytes) {
        self.readStandardInput = readStandardInput
    }

    public func read(_ source: InputSource) throws(ImageError) -> Data {
        switch source {
        case .standardInput:
            let data = readStandardInput()
            if data.isEmpty { throw .empty }
            return data
        case .file(let path):
            return try readFile(at: path)
        }
    }

    private func readFile(at path: String) throws(ImageError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .notFound }
        if isDirectory.boolValue { throw .isDirectory }
        guard FileManager.default.isReadableFile(atPath: path) else { throw .permissionDenied }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw .unreadable((error as NSError).localizedDescription)
        }
        if data.isEmpty { throw .empty }
        return data
    }

    /// All of standard input; what cannot be read is reported as empty input, not a crash
    /// (`readDataToEndOfFile` traps on a read error).
    public static let standardInputBytes: @Sendable () -> Data = {
        (try? FileHandle.standardInput.readToEnd()) ?? Data()
    }
}
