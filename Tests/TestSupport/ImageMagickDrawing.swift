import Foundation

/// ImageMagick's `convert`, run to draw a test's image.
package enum ImageMagickDrawing {
    /// `convert` exited with a failure; its message says why.
    package struct Failed: Error, CustomStringConvertible {
        package let description: String
    }

    /// Runs `convert` with `arguments` (the file it writes last); throws when it fails.
    package static func convert(_ arguments: [String]) throws {
        let run = try ProcessRun(arguments, executable: URL(fileURLWithPath: "/usr/bin/convert"))
        guard run.exitCode == 0 else { throw Failed(description: "convert failed (\(run.exitCode)): \(run.standardError)") }
    }
}
