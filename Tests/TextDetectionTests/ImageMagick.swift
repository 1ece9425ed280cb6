import Foundation

/// An 8-bit RGB image, rows of `width * 3` bytes.
struct RGBImage {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    var bytesPerRow: Int { width * 3 }
}

/// Runs ImageMagick (or another tool on PATH) and returns its standard output.
func runTool(_ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = try output.fileHandleForReading.readToEnd() ?? Data()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ToolFailure(description: "\(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
    }
    return data
}

struct ToolFailure: Error, CustomStringConvertible {
    var description: String
}

/// The width and height of an image file.
func imageSize(_ path: String) throws -> (width: Int, height: Int) {
    let text = String(decoding: try runTool(["identify", "-format", "%w %h", path]), as: UTF8.self)
    let numbers = text.split(separator: " ").compactMap { Int($0) }
    guard numbers.count == 2 else { throw ToolFailure(description: "identify \(path) printed \(text)") }
    return (numbers[0], numbers[1])
}

/// The pixels of an image file, decoded by ImageMagick.
func loadRGB(_ path: String) throws -> RGBImage {
    let size = try imageSize(path)
    let pixels = try runTool(["convert", path, "-alpha", "off", "-depth", "8", "rgb:-"])
    guard pixels.count == size.width * size.height * 3 else {
        throw ToolFailure(description: "convert gave \(pixels.count) bytes for \(size.width)x\(size.height)")
    }
    return RGBImage(width: size.width, height: size.height, pixels: [UInt8](pixels))
}

/// A fresh directory under the system's temporary directory.
func makeTemporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("TextDetectionTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
