// Reads every detected line of photos with the text-line recognizer, and writes each line's crop
// prepared for Tesseract, for bench/recognizer/run.py to compare the two on the same lines.
//
// usage: recognizer-bench [--rounds N] OUTDIR IMAGE...
// For each image: the text detector finds its lines on the grey image (960-pixel reduced copy,
// as the photo path does); each line's quadrilateral, padded by a fifth of its height, is cut out
// flat in colour and in grey. The recognizer reads the colour crop (standard options; also the
// grey crop, the crop turned half a turn, the whole line in one piece without windows, and narrow
// lines padded to 128 in steps of 64 instead of 320), each
// timed (the median of N readings, wall and process CPU time). The grey crop, prepared as the photo path prepares lines for Tesseract (scaled to 56
// pixels high, stretched and made dark on light, an 8-pixel white border; and the same binarised
// with Otsu's threshold), is written to OUTDIR/crops/STEM/NNN-grey.png and NNN-binary.png.
// One JSON object per line goes to standard output. Images are decoded by ImageMagick's `convert`.
import Foundation
import ImageFiles
import TextDetection

/// The photo path's line preparation for Tesseract (TextRecognition's LineImage), on a grey crop.
enum TesseractLine {
    static let padding = 0.2
    static let targetHeight = 56
    static let border = 8

    static func padded(_ line: Quadrilateral) -> Quadrilateral {
        line.padded(byShareOfHeight: padding)
    }

    /// Bilinear scaling (by area when shrinking), as GrayImage.scaled.
    static func scaled(_ image: CroppedImage, by factor: Double) -> CroppedImage {
        let width = image.width, height = image.height
        let newWidth = max(1, Int((Double(width) * factor).rounded()))
        let newHeight = max(1, Int((Double(height) * factor).rounded()))
        var out = [UInt8](repeating: 0, count: newWidth * newHeight)
        let stepX = Double(width) / Double(newWidth), stepY = Double(height) / Double(newHeight)
        func at(_ x: Int, _ y: Int) -> Double { Double(image.pixels[y * width + x]) }
        for y in 0..<newHeight {
            for x in 0..<newWidth {
                if factor >= 1 {
                    let sx = max(0, min(Double(width - 1), (Double(x) + 0.5) * stepX - 0.5))
                    let sy = max(0, min(Double(height - 1), (Double(y) + 0.5) * stepY - 0.5))
                    let x0 = Int(sx), y0 = Int(sy), x1 = min(width - 1, x0 + 1), y1 = min(height - 1, y0 + 1)
                    let fx = sx - Double(x0), fy = sy - Double(y0)
                    let top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx
                    let bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx
                    out[y * newWidth + x] = UInt8(max(0, min(255, (top * (1 - fy) + bottom * fy).rounded())))
                } else {
                    let x0 = Int(Double(x) * stepX), x1 = max(x0 + 1, min(width, Int(Double(x + 1) * stepX)))
                    let y0 = Int(Double(y) * stepY), y1 = max(y0 + 1, min(height, Int(Double(y + 1) * stepY)))
                    var sum = 0.0
                    for sy in y0..<y1 { for sx in x0..<x1 { sum += at(sx, sy) } }
                    out[y * newWidth + x] = UInt8((sum / Double((x1 - x0) * (y1 - y0))).rounded())
                }
            }
        }
        return CroppedImage(width: newWidth, height: newHeight, channels: 1, pixels: out)
    }

    static func otsu(_ pixels: [UInt8]) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        for value in pixels { histogram[Int(value)] += 1 }
        let total = Double(pixels.count)
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var weight = 0.0, backgroundSum = 0.0, best = 0.0, threshold = 0
        for level in 0..<256 {
            weight += Double(histogram[level])
            guard weight > 0, weight < total else { continue }
            backgroundSum += Double(level * histogram[level])
            let difference = backgroundSum / weight - (sum - backgroundSum) / (total - weight)
            let between = weight * (total - weight) * difference * difference
            if between > best { best = between; threshold = level }
        }
        return UInt8(threshold)
    }

    static func lightBackground(_ image: CroppedImage, threshold: UInt8) -> Bool {
        var light = 0, count = 0
        for x in 0..<image.width { for y in [0, image.height - 1] { count += 1; if image.pixels[y * image.width + x] > threshold { light += 1 } } }
        for y in 0..<image.height { for x in [0, image.width - 1] { count += 1; if image.pixels[y * image.width + x] > threshold { light += 1 } } }
        return light * 2 >= count
    }

    static func bordered(_ image: CroppedImage) -> CroppedImage {
        let width = image.width + 2 * border, height = image.height + 2 * border
        var out = [UInt8](repeating: 255, count: width * height)
        for y in 0..<image.height {
            for x in 0..<image.width { out[(y + border) * width + x + border] = image.pixels[y * image.width + x] }
        }
        return CroppedImage(width: width, height: height, channels: 1, pixels: out)
    }

    /// (grey, binarised), both dark on light with a white border.
    static func prepared(_ crop: CroppedImage) -> (CroppedImage, CroppedImage) {
        var scaled = scaled(crop, by: Double(targetHeight) / Double(crop.height))
        let threshold = otsu(scaled.pixels)
        let light = lightBackground(scaled, threshold: threshold)
        var binary = scaled
        binary.pixels = scaled.pixels.map { ($0 > threshold) == light ? 255 : 0 }
        let sorted = scaled.pixels.sorted()
        let low = Double(sorted[sorted.count / 50]), high = Double(sorted[sorted.count - 1 - sorted.count / 50])
        let range = max(1, high - low)
        scaled.pixels = scaled.pixels.map { value in
            let stretched = max(0, min(255, (Double(value) - low) / range * 255))
            return UInt8(light ? stretched : 255 - stretched)
        }
        return (bordered(scaled), bordered(binary))
    }
}

func writeGrey(_ image: CroppedImage, to path: String) throws {
    let raw = path + ".gray"
    try Data(image.pixels).write(to: URL(fileURLWithPath: raw))
    defer { try? FileManager.default.removeItem(atPath: raw) }
    _ = try runTool(["convert", "-size", "\(image.width)x\(image.height)", "-depth", "8", "gray:\(raw)", path])
}

func turnedHalf(_ image: CroppedImage) -> CroppedImage {
    var out = image
    let pixelCount = image.width * image.height
    for index in 0..<pixelCount {
        let source = (pixelCount - 1 - index) * image.channels
        for channel in 0..<image.channels { out.pixels[index * image.channels + channel] = image.pixels[source + channel] }
    }
    return out
}

struct Reading: Encodable {
    var text: String
    var confidence: Double
    var milliseconds: Double
    var cpuMilliseconds: Double
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

struct LineRecord: Encodable {
    var photo: String
    var index: Int
    var corners: [[Double]]
    var cropWidth: Int
    var cropHeight: Int
    var grey: String
    var binary: String
    var readings: [String: Reading]
}

var arguments = Array(CommandLine.arguments.dropFirst())
var rounds = 1
if arguments.first == "--rounds", arguments.count > 1, let count = Int(arguments[1]), count > 0 {
    rounds = count
    arguments.removeFirst(2)
}
guard arguments.count >= 2 else {
    try FileHandle.standardError.write(contentsOf: Data("usage: recognizer-bench [--rounds N] OUTDIR IMAGE...\n".utf8))
    exit(2)
}
let outputDirectory = arguments[0]
guard let detectorPath = TextDetectorModel.locate(), let recognizerPath = TextRecognizerModel.locate() else {
    try FileHandle.standardError.write(contentsOf: Data("no models; run scripts/fetch-text-detector.py and scripts/fetch-text-recognizer.py\n".utf8))
    exit(1)
}
let detector = try TextLineDetector(modelPath: detectorPath)
let loadStart = ContinuousClock.now
let recognizer = try TextLineRecognizer(modelPath: recognizerPath, dictionaryPath: TextRecognizerModel.charactersPath(forModel: recognizerPath))
let loadTime = ContinuousClock.now - loadStart
try FileHandle.standardError.write(contentsOf: Data("recognizer loaded in \(loadTime)\n".utf8))

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

let variants: [(name: String, grey: Bool, turned: Bool, options: TextLineRecognizer.Options)] = [
    ("rgb", false, false, .standard),
    ("grey", true, false, .standard),
    ("rgb180", false, true, .standard),
    ("whole", false, false, .init(widthStep: 8, minimumWidth: 320, maxWidth: 8192, overlap: 0)),
    ("narrow", false, false, .init(widthStep: 64, minimumWidth: 128, maxWidth: 960, overlap: 96)),
]

let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
for path in arguments.dropFirst() {
    let image = try loadRGB(path, autoOrient: true)
    var grey = [UInt8](repeating: 0, count: image.width * image.height)
    for index in grey.indices {
        let r = Int(image.pixels[index * 3]), g = Int(image.pixels[index * 3 + 1]), b = Int(image.pixels[index * 3 + 2])
        grey[index] = UInt8((r * 299 + g * 587 + b * 114 + 500) / 1000)
    }
    let lines = try detector.detect(pixels: grey, width: image.width, height: image.height, bytesPerRow: image.width,
                                    channels: 1, maxSide: 960)
    let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let cropDirectory = "\(outputDirectory)/crops/\(stem)"
    try FileManager.default.createDirectory(atPath: cropDirectory, withIntermediateDirectories: true)
    for (index, line) in lines.enumerated() {
        let quad = TesseractLine.padded(line.quadrilateral)
        let size = quad.flatCropSize
        guard size.width >= 4, size.height >= 4 else { continue }
        let colour = try quad.flatCrop(pixels: image.pixels, width: image.width, height: image.height,
                                       bytesPerRow: image.bytesPerRow, channels: 3, outputChannels: 3)
        let greyCrop = try quad.flatCrop(pixels: grey, width: image.width, height: image.height,
                                         bytesPerRow: image.width, channels: 1, outputChannels: 1)
        var readings: [String: Reading] = [:]
        for variant in variants {
            var crop = variant.grey ? greyCrop : colour
            if variant.turned { crop = turnedHalf(crop) }
            var walls: [Double] = [], cpus: [Double] = []
            var result = (text: "", confidence: 0.0)
            for _ in 0..<rounds {
                let start = ContinuousClock.now
                let cpuStart = clock()
                result = try recognizer.recognize(pixels: crop.pixels, width: crop.width, height: crop.height,
                                                  bytesPerRow: crop.bytesPerRow, channels: crop.channels, options: variant.options)
                cpus.append(Double(clock() - cpuStart) * 1000 / Double(CLOCKS_PER_SEC))
                walls.append(milliseconds(ContinuousClock.now - start))
            }
            readings[variant.name] = Reading(text: result.text, confidence: result.confidence,
                                             milliseconds: median(walls), cpuMilliseconds: median(cpus))
        }
        let (prepared, binary) = TesseractLine.prepared(greyCrop)
        let greyPath = String(format: "%@/%03d-grey.png", cropDirectory, index)
        let binaryPath = String(format: "%@/%03d-binary.png", cropDirectory, index)
        try writeGrey(prepared, to: greyPath)
        try writeGrey(binary, to: binaryPath)
        let record = LineRecord(photo: URL(fileURLWithPath: path).lastPathComponent, index: index,
                                corners: line.corners.map { [$0.x, $0.y] }, cropWidth: size.width, cropHeight: size.height,
                                grey: greyPath, binary: binaryPath, readings: readings)
        print(String(decoding: try encoder.encode(record), as: UTF8.self))
    }
    try FileHandle.standardError.write(contentsOf: Data("\(path): \(lines.count) lines\n".utf8))
}
