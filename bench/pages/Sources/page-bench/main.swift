// Finds the page in photographed documents, times it, and scores the corners against the truth.
//
// usage: page-bench [--max-side N] [--rounds N] [--draw DIR] [--flat DIR [--flat-size sides]] (MANIFEST.tsv | IMAGE)...
// A manifest is one that bench/photos/render_documents.py writes: its images, with the true
// corners, are read from its folder. Prints one tab-separated row per image: file, size, found or
// not, confidence, each corner's distance from the truth as a share of the image's diagonal,
// the largest in pixels, whether every corner is within 2% of the diagonal, the median wall
// milliseconds of the search, and the flattened page's width over height against the true
// page's (from the manifest's flat page), in percent, for the longer-sides rule (`flatCropSize`)
// and the camera model (`flatPageSize`, with "m" when it measured the focal length); then, per
// manifest, how many pages were found right and the two rules' median and largest size errors. --draw
// writes each image with the page drawn (red outline, green top edge, true corners in blue);
// --flat writes each found page warped flat, to its
// proportions from the camera model (`flatPageSize`), or with --flat-size sides to the longer of
// each pair of its sides (`flatCropSize`). Images are decoded by ImageMagick's `convert`.
import Foundation
import ImageFiles
import TextDetection


struct Shot {
    var path: String
    /// The true corners, when a manifest gave them.
    var truth: [Point]?
    /// The manifest it came from, or "" for an image named on the command line.
    var set: String
    /// The true page's width over its height, when a manifest gave its flat page.
    var aspectRatio: Double? = nil
}


/// The shots of a manifest.tsv: its header names the columns, `image` and `corners` among them.
func shots(inManifest path: String) throws -> [Shot] {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    guard let header = lines.first, header.hasPrefix("#") else { throw CocoaError(.fileReadCorruptFile) }
    let names = header.dropFirst().split(separator: "\t").map { $0.trimmingCharacters(in: .whitespaces) }
    guard let image = names.firstIndex(of: "image"), let corners = names.firstIndex(of: "corners") else {
        throw CocoaError(.fileReadCorruptFile)
    }
    let flat = names.firstIndex(of: "flat")
    var ratios: [String: Double] = [:]
    return try lines.dropFirst().filter { !$0.hasPrefix("#") }.map { line in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        let points = fields[corners].split(separator: " ").map { pair in
            let numbers = pair.split(separator: ",").compactMap { Double($0) }
            return Point(x: numbers[0], y: numbers[1])
        }
        var shot = Shot(path: folder.appendingPathComponent(String(fields[image])).path, truth: points, set: path)
        if let flat {
            let name = String(fields[flat])
            if ratios[name] == nil {
                let page = try loadRGB(folder.appendingPathComponent(name).path, autoOrient: false)
                ratios[name] = Double(page.width) / Double(page.height)
            }
            shot.aspectRatio = ratios[name]
        }
        return shot
    }
}

func draw(_ page: FoundPage?, truth: [Point]?, on path: String, into output: String) throws {
    func list(_ points: [Point]) -> String { points.map { String(format: "%.1f,%.1f", $0.x, $0.y) }.joined(separator: " ") }
    var arguments = ["convert", path, "-auto-orient", "-fill", "none", "-strokewidth", "3"]
    if let page {
        let corners = page.quadrilateral.corners
        arguments += ["-stroke", "red", "-draw", "polygon \(list(corners))",
                      "-stroke", "lime", "-draw", "line \(list(Array(corners.prefix(2))))"]
    }
    for point in truth ?? [] {
        arguments += ["-stroke", "blue", "-draw", String(format: "circle %.1f,%.1f %.1f,%.1f", point.x, point.y, point.x + 8, point.y)]
    }
    _ = try runTool(arguments + [output])
}

func writeFlat(_ page: FoundPage, of image: RGBImage, into output: String, camera: Bool) throws {
    let flat = try page.quadrilateral.flatCrop(
        pixels: image.pixels, width: image.width, height: image.height,
        bytesPerRow: image.width * 3, channels: 3, outputChannels: 3,
        size: camera ? page.quadrilateral.flatPageSize(imageWidth: image.width, imageHeight: image.height)
            : page.quadrilateral.flatCropSize
    )
    try writeRGB(flat.pixels, width: flat.width, height: flat.height, to: output)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

var maxSide = 800
var rounds = 5
var drawDirectory: String?
var flatDirectory: String?
var cameraFlatSize = true
var inputs: [Shot] = []
var remaining = Array(CommandLine.arguments.dropFirst())[...]
while let argument = remaining.popFirst() {
    switch argument {
    case "--max-side": maxSide = Int(remaining.popFirst()!)!
    case "--rounds": rounds = Int(remaining.popFirst()!)!
    case "--draw": drawDirectory = remaining.popFirst()!
    case "--flat": flatDirectory = remaining.popFirst()!
    case "--flat-size": cameraFlatSize = remaining.popFirst()! != "sides"
    default:
        if argument.hasSuffix(".tsv") {
            inputs += try shots(inManifest: argument)
        } else {
            inputs.append(Shot(path: argument, truth: nil, set: ""))
        }
    }
}

print("file\tsize\tfound\tconfidence\tcorner errors (% of diagonal)\tlargest (px)\tright\twall ms\tsides rule size error %\tcamera size error %")
var right: [String: (right: Int, total: Int)] = [:]
var sizeErrors: [String: (sides: [Double], camera: [Double])] = [:]
for shot in inputs {
    let image = try loadRGB(shot.path, autoOrient: true)
    var page: FoundPage?
    var times: [Double] = []
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        page = try PageFinder.findPage(pixels: image.pixels, width: image.width, height: image.height,
                                       bytesPerRow: image.width * 3, channels: 3, maxSide: maxSide)
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    let name = URL(fileURLWithPath: shot.path).lastPathComponent
    var row = ["\(name)", "\(image.width)x\(image.height)", page == nil ? "no" : "yes",
               page.map { String(format: "%.2f", $0.confidence) } ?? ""]
    if let truth = shot.truth, let page {
        let diagonal = Double(image.width * image.width + image.height * image.height).squareRoot()
        let errors = zip(page.quadrilateral.corners, truth).map { $0.distance(to: $1) }
        let isRight = errors.allSatisfy { $0 <= 0.02 * diagonal }
        row += [errors.map { String(format: "%.2f", $0 / diagonal * 100) }.joined(separator: " "),
                String(format: "%.1f", errors.max()!), isRight ? "yes" : "no"]
        right[shot.set, default: (0, 0)].right += isRight ? 1 : 0
    } else {
        row += ["", "", shot.truth == nil ? "" : "no"]
    }
    if shot.truth != nil { right[shot.set, default: (0, 0)].total += 1 }
    row.append(String(format: "%.1f", median(times)))
    if let truth = shot.aspectRatio, let page {
        let quad = page.quadrilateral
        func error(_ size: (width: Int, height: Int)) -> Double { (Double(size.width) / Double(size.height) / truth - 1) * 100 }
        let sides = error(quad.flatCropSize)
        let camera = error(quad.flatPageSize(imageWidth: image.width, imageHeight: image.height))
        let measured = PageProportions(of: quad, imageWidth: image.width, imageHeight: image.height)?.focalLengthMeasured == true
        row += [String(format: "%+.1f", sides), String(format: "%+.1f", camera) + (measured ? " m" : "")]
        sizeErrors[shot.set, default: ([], [])].sides.append(abs(sides))
        sizeErrors[shot.set, default: ([], [])].camera.append(abs(camera))
    }
    print(row.joined(separator: "\t"))

    let stem = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
    if let drawDirectory { try draw(page, truth: shot.truth, on: shot.path, into: "\(drawDirectory)/\(stem).png") }
    if let flatDirectory, let page { try writeFlat(page, of: image, into: "\(flatDirectory)/\(stem).flat.png", camera: cameraFlatSize) }
}
for (set, count) in right.sorted(by: { $0.key < $1.key }) {
    print("\(set): \(count.right) of \(count.total) pages found with every corner within 2% of the diagonal")
}
for (set, errors) in sizeErrors.sorted(by: { $0.key < $1.key }) {
    print("\(set): " + String(format: "flat page width/height off by median %.1f%%, largest %.1f%% (longer sides); median %.1f%%, largest %.1f%% (camera model)",
                 median(errors.sides), errors.sides.max()!, median(errors.camera), errors.camera.max()!))
}
