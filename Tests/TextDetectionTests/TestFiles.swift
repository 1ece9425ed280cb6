import Foundation

/// Files the tests read from the repository and from beside the checkout.
enum TestFiles {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file of `Fixtures/images`.
    static func fixture(_ name: String) -> String {
        repository.appendingPathComponent("Fixtures/images").appendingPathComponent(name).path
    }

    /// A file of the shared benchmark data (`shared/bench-data` beside the checkout or above
    /// it), or nil when it is not there.
    static func benchData(_ path: String) -> String? {
        var directory = repository
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("shared/bench-data").appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }
}
