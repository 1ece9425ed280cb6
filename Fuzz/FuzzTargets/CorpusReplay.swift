import Foundation

/// Runs inputs through a fuzz target once each, outside libFuzzer: what the targets' programs
/// do in an ordinary build, to replay a corpus or an input a fuzzer saved.
public enum CorpusReplay {
    /// Runs every file named in the arguments (every file inside a directory) through `target`
    /// and prints what became of each; returns the exit status.
    public static func main<Outcome: CustomStringConvertible>(_ target: (UnsafeRawBufferPointer) -> Outcome) -> Int32 {
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            FileHandle.standardError.write(Data("usage: \(CommandLine.arguments[0]) FILE|DIR...\n".utf8))
            return 2
        }
        var status: Int32 = 0
        for path in paths {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("\(file): cannot read file\n".utf8))
                    status = 1
                    continue
                }
                let outcome = data.withUnsafeBytes { target($0) }
                print("\(file): \(outcome)")
            }
        }
        return status
    }

    private static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }
    }
}
