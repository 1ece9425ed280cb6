import Foundation
import TextDetection
import Locking
import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline
import TranslateCLI

/// Locations of the repository, its fixtures and the built `translate` binary.
package enum TestPaths {
    package static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static let fixtures = repository.appendingPathComponent("Fixtures/images")

    /// A few images of the screenshot test set (bench/screenshots/render.py) with their ground truth.
    package static let screenshots = repository.appendingPathComponent("Fixtures/screenshots")

    package static func fixture(_ name: String) -> String {
        fixtures.appendingPathComponent(name).path
    }

    /// The `translate` executable built next to the test bundle.
    package static var executable: URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        // The test bundle may be a directory (`X.xctest/…`) or a file beside the products.
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("translate")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return repository.appendingPathComponent(".build/debug/translate")
    }

    /// The folder of the build the tests run from: the executable, `Modules/` and each C target's
    /// generated module map are in it.
    package static var buildDirectory: URL {
        executable.deletingLastPathComponent()
    }

    /// A real camera photo under `Fixtures/photos/`.
    package static func photo(_ name: String) -> String {
        repository.appendingPathComponent("Fixtures/photos").appendingPathComponent(name).path
    }

    /// The text detector's model as the program finds it here (`scripts/setup.sh` installs it),
    /// or nil when it is not installed.
    package static let textDetectorModel: String? = TextDetectorModel.locate()

    /// The shared public benchmark data (`shared/bench-data`) beside the checkout, when present.
    package static let benchData: URL? = {
        var directory = repository
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("shared/bench-data")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }()

    /// A fresh temporary directory, removed by the caller when done.
    package static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("translate-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
