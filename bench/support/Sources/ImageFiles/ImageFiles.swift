import Foundation

/// Image files in and out through ImageMagick, for the detector's benchmarks and tests (the
/// program itself decodes with Leptonica).

/// An 8-bit RGB image, rows of `width * 3` bytes.
public struct RGBImage {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public var bytesPerRow: Int { width * 3 }
}

/// A tool that exited with an error.
public struct ToolFailure: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}

/// Runs ImageMagick (or another tool on PATH) and returns its standard output.
public func runTool(_ arguments: [String]) throws -> Data {
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

/// The width and height of an image file (turned upright by its EXIF orientation with `autoOrient`).
public func imageSize(_ path: String, autoOrient: Bool = false) throws -> (width: Int, height: Int) {
    let text = String(decoding: try runTool(["convert", path] + (autoOrient ? ["-auto-orient"] : []) + ["-format", "%w %h", "info:"]),
                      as: UTF8.self)
    let numbers = text.split(separator: " ").compactMap { Int($0) }
    guard numbers.count == 2 else { throw ToolFailure(description: "convert \(path) gave its size as \(text)") }
    return (numbers[0], numbers[1])
}

/// The pixels of an image file, decoded by ImageMagick.
public func loadRGB(_ path: String, autoOrient: Bool = false) throws -> RGBImage {
    let size = try imageSize(path, autoOrient: autoOrient)
    let pixels = try runTool(["convert", path] + (autoOrient ? ["-auto-orient"] : []) + ["-alpha", "off", "-depth", "8", "rgb:-"])
    guard pixels.count == size.width * size.height * 3 else {
        throw ToolFailure(description: "convert gave \(pixels.count) bytes for \(size.width)x\(size.height)")
    }
    return RGBImage(width: size.width, height: size.height, pixels: [UInt8](pixels))
}

/// Writes RGB pixels as an image file (PNG, or whatever `path`'s extension names).
public func writeRGB(_ pixels: [UInt8], width: Int, height: Int, to path: String) throws {
    let raw = path + ".rgb"
    try Data(pixels).write(to: URL(fileURLWithPath: raw))
    defer { try? FileManager.default.removeItem(atPath: raw) }
    _ = try runTool(["convert", "-size", "\(width)x\(height)", "-depth", "8", "rgb:\(raw)", path])
}
