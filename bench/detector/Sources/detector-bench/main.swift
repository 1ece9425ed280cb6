// Times the text-line detector on image files and counts the lines it finds.
//
// usage: detector-bench [--max-side N]... [--rounds N] [--runtime opencv|onnxruntime]... [--draw DIR]
//                       [--crops DIR] IMAGE...
// Prints one tab-separated row per runtime, image and maximum side: runtime, file, max side, size,
// median wall and CPU milliseconds (CPU over all threads), lines found, their scores. Runtimes:
// OpenCV (the default) and ONNX Runtime (its library installed beside the model). --draw writes each image with its lines drawn
// (red box, green top edge); --crops writes every line's flat crop, named with its score.
// Images are decoded by ImageMagick's `convert`.
import Foundation
import ImageFiles
import TextDetection



func draw(_ lines: [DetectedTextLine], on path: String, into output: String) throws {
    var arguments = ["convert", path, "-auto-orient", "-fill", "none", "-strokewidth", "3"]
    for line in lines {
        let points = line.corners.map { String(format: "%.1f,%.1f", $0.x, $0.y) }.joined(separator: " ")
        let top = line.corners.prefix(2).map { String(format: "%.1f,%.1f", $0.x, $0.y) }.joined(separator: " ")
        arguments += ["-stroke", "red", "-draw", "polygon \(points)", "-stroke", "lime", "-draw", "line \(top)"]
    }
    _ = try runTool(arguments + [output])
}

func writeCrops(_ lines: [DetectedTextLine], of image: RGBImage, stem: String, into directory: String) throws {
    for (index, line) in lines.enumerated() {
        let crop = try line.quadrilateral.flatCrop(
            pixels: image.pixels, width: image.width, height: image.height,
            bytesPerRow: image.width * 3, channels: 3, outputChannels: 3
        )
        let name = String(format: "%@/%@-%02d-%.2f.png", directory, stem, index, line.score)
        try writeRGB(crop.pixels, width: crop.width, height: crop.height, to: name)
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

var maxSides: [Int] = []
var runtimes: [String] = []
var rounds = 3
var drawDirectory: String?
var cropDirectory: String?
var paths: [String] = []
var remaining = Array(CommandLine.arguments.dropFirst())[...]
while let argument = remaining.popFirst() {
    switch argument {
    case "--max-side": maxSides.append(Int(remaining.popFirst()!)!)
    case "--rounds": rounds = Int(remaining.popFirst()!)!
    case "--runtime": runtimes.append(remaining.popFirst()!)
    case "--draw": drawDirectory = remaining.popFirst()!
    case "--crops": cropDirectory = remaining.popFirst()!
    default: paths.append(argument)
    }
}
if maxSides.isEmpty { maxSides = [960] }
if runtimes.isEmpty { runtimes = ["opencv"] }

guard let modelPath = TextDetectorModel.locate() else {
    try? FileHandle.standardError.write(contentsOf: Data("no text detector model; run scripts/fetch-text-detector.py\n".utf8))
    exit(1)
}
let images = try paths.map { try loadRGB($0, autoOrient: true) }
print("runtime\tfile\tmax side\tsize\twall ms\tcpu ms\tlines\tscores")
for runtime in runtimes {
    let loadStart = ContinuousClock.now
    let detector: TextLineDetector
    switch runtime {
    case "opencv": detector = try TextLineDetector(modelPath: modelPath)
    case "onnxruntime":
        guard let installed = TextDetectorModel.onnxRuntime(forModel: modelPath) else {
            try? FileHandle.standardError.write(contentsOf: Data("no ONNX Runtime beside the model; run scripts/fetch-onnxruntime.py\n".utf8))
            exit(1)
        }
        detector = try TextLineDetector(modelPath: installed.model, onnxRuntime: installed.library)
    default:
        try? FileHandle.standardError.write(contentsOf: Data("unknown runtime \(runtime): opencv or onnxruntime\n".utf8))
        exit(2)
    }
    try FileHandle.standardError.write(contentsOf: Data("\(runtime): model loaded in \(ContinuousClock.now - loadStart)\n".utf8))
    for maxSide in maxSides {
        var times = Array(repeating: [Double](), count: images.count)
        var cpuTimes = Array(repeating: [Double](), count: images.count)
        var found = Array(repeating: [DetectedTextLine](), count: images.count)
        // Round-robin, so that every image (of a new size) pays the network's reload as in a real run.
        for _ in 0..<rounds {
            for (index, image) in images.enumerated() {
                let start = ContinuousClock.now
                let cpuStart = clock()
                found[index] = try detector.detect(
                    pixels: image.pixels, width: image.width, height: image.height,
                    bytesPerRow: image.width * 3, channels: 3, maxSide: maxSide
                )
                let elapsed = ContinuousClock.now - start
                cpuTimes[index].append(Double(clock() - cpuStart) * 1000 / Double(CLOCKS_PER_SEC))
                times[index].append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            }
        }
        for (index, path) in paths.enumerated() {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let scores = found[index].map { String(format: "%.2f", $0.score) }.joined(separator: ",")
            print("\(runtime)\t\(name)\t\(maxSide)\t\(images[index].width)x\(images[index].height)\t\(String(format: "%.0f", median(times[index])))\t\(String(format: "%.0f", median(cpuTimes[index])))\t\(found[index].count)\t\(scores)")
            let stem = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent + "-\(maxSide)"
            if let drawDirectory {
                try draw(found[index], on: path, into: "\(drawDirectory)/\(stem).png")
            }
            if let cropDirectory {
                try writeCrops(found[index], of: images[index], stem: stem, into: cropDirectory)
            }
        }
    }
}
