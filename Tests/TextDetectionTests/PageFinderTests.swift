import Foundation
import Testing
import TextDetection

@Suite("Finding a photographed page")
struct PageFinderTests {
    /// The page's true corners, as bench/photos/render_documents.py wrote them beside the photo.
    func trueCorners(_ path: String) throws -> [Point] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let points = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let numbers = line.split(separator: " ").compactMap { Double($0) }
            return Point(x: numbers[0], y: numbers[1])
        }
        try #require(points.count == 4, "\(path) should hold four corners")
        return points
    }

    func diagonal(_ image: RGBImage) -> Double {
        Double(image.width * image.width + image.height * image.height).squareRoot()
    }

    @Test("finds the page in each photographed fixture, every corner within 2% of the diagonal", arguments: ["en", "ko", "ko-strong"])
    func photographedFixtures(name: String) throws {
        let image = try loadRGB(TestFiles.fixture("photographed-page-\(name).jpg"))
        let truth = try trueCorners(TestFiles.fixture("photographed-page-\(name).corners.txt"))
        let page = try #require(try PageFinder.findPage(image), "no page found")

        let errors = zip(page.quadrilateral.corners, truth).map { $0.distance(to: $1) }
        for (index, error) in errors.enumerated() {
            #expect(error <= 0.02 * diagonal(image), "corner \(index): \(page.quadrilateral.corners[index]), truly \(truth[index])")
        }
        // The corners are fitted to the edge, not just the simplified outline of a reduced copy.
        #expect(errors.reduce(0, +) / 4 <= 2, "corner errors \(errors)")
        #expect(page.confidence >= 0.9 && page.confidence <= 1, "confidence \(page.confidence)")
    }

    @Test("the flattened page is paper up to its edges, with no desk left in it")
    func flatPage() throws {
        let image = try loadRGB(TestFiles.fixture("photographed-page-en.jpg"))
        let page = try #require(try PageFinder.findPage(image))
        let flat = try page.quadrilateral.flatCrop(pixels: image.pixels, width: image.width, height: image.height,
                                                   bytesPerRow: image.bytesPerRow, channels: 3)
        // The photo's own top and bottom rows are desk; each border strip of the flat page
        // should be paper.
        var desk = 0.0
        for column in 0..<image.width {
            for row in [2, image.height - 3] { desk += Double(image.pixels[(row * image.width + column) * 3 + 1]) }
        }
        desk /= Double(2 * image.width)
        func mean(columns: Range<Int>, rows: Range<Int>) -> Double {
            var sum = 0
            for row in rows {
                for column in columns { sum += Int(flat.pixels[row * flat.width + column]) }
            }
            return Double(sum) / Double(columns.count * rows.count)
        }
        let strip = max(2, flat.width / 50), width = flat.width, height = flat.height
        let strips = [
            ("top", mean(columns: 0..<width, rows: strip..<2 * strip)),
            ("bottom", mean(columns: 0..<width, rows: height - 2 * strip..<height - strip)),
            ("left", mean(columns: strip..<2 * strip, rows: 0..<height)),
            ("right", mean(columns: width - 2 * strip..<width - strip, rows: 0..<height)),
        ]
        for (side, level) in strips {
            #expect(level > desk + 60, "\(side) strip \(level), desk \(desk)")
        }
    }

    @Test("no page in a screenshot: the frame itself, or an upright panel", arguments: ["korean-menu.png", "mixed-screenshot.png"])
    func screenshots(name: String) throws {
        #expect(try PageFinder.findPage(try loadRGB(TestFiles.fixture(name))) == nil)
    }

    @Test("no page in a photo of street signs", .enabled(if: TestFiles.benchData("images/easyocr/french.jpg") != nil))
    func streetSigns() throws {
        let path = try #require(TestFiles.benchData("images/easyocr/french.jpg"))
        #expect(try PageFinder.findPage(try loadRGB(path)) == nil)
    }

    @Test("a page the frame cuts is not reported; the same page whole is")
    func cutByTheFrame() throws {
        let image = try loadRGB(TestFiles.fixture("photographed-page-en.jpg"))
        // The page spans x = 134...855 (corners.txt); 700 columns cut off its right side, 880
        // keep all of it.
        #expect(try PageFinder.findPage(image.cropped(width: 700)) == nil)
        #expect(try PageFinder.findPage(image.cropped(width: 880)) != nil)
    }

    @Test("a drawn sheet: corners where they were drawn, the side nearest the top first", arguments: DrawnSheet.allCases)
    func drawnSheet(sheet: DrawnSheet) throws {
        let page = try #require(try PageFinder.findPage(try sheet.render()), "no page found")
        for (found, drawn) in zip(page.quadrilateral.corners, sheet.corners) {
            #expect(found.distance(to: drawn) <= 1.5, "found \(page.quadrilateral.corners), drawn \(sheet.corners)")
        }
    }

    @Test("a dark sheet on a light desk is not taken for a page")
    func darkSheet() throws {
        let image = try DrawnSheet.tilted.render(paper: "#303030", desk: "#d8d4cc")
        #expect(try PageFinder.findPage(image) == nil)
    }

    @Test("grey, RGB and RGBA copies of a photo give the same page")
    func channelLayouts() throws {
        let image = try loadRGB(TestFiles.fixture("photographed-page-ko.jpg"))
        let rgb = try #require(try PageFinder.findPage(image))
        let padding = 3
        var rgba: [UInt8] = [], grey: [UInt8] = []
        for row in 0..<image.height {
            for column in 0..<image.width {
                let at = (row * image.width + column) * 3
                let pixel = image.pixels[at..<at + 3]
                rgba += pixel + [255]
                // Luma as OpenCV weighs it, so that the grey copy matches its RGB conversion.
                let luma = 0.299 * Double(pixel[at]) + 0.587 * Double(pixel[at + 1]) + 0.114 * Double(pixel[at + 2])
                grey.append(UInt8(luma.rounded()))
            }
            rgba += [UInt8](repeating: 9, count: padding)
            grey += [UInt8](repeating: 9, count: padding)
        }
        let fromRGBA = try PageFinder.findPage(pixels: rgba, width: image.width, height: image.height,
                                               bytesPerRow: image.width * 4 + padding, channels: 4)
        #expect(fromRGBA == rgb)
        let fromGrey = try #require(try PageFinder.findPage(pixels: grey, width: image.width, height: image.height,
                                                            bytesPerRow: image.width + padding, channels: 1))
        for (a, b) in zip(fromGrey.quadrilateral.corners, rgb.quadrilateral.corners) { #expect(a.distance(to: b) < 1) }
    }

    @Test("blank images of any shape have no page, and bad requests are refused")
    func blankAndBad() throws {
        let pixels = [UInt8](repeating: 200, count: 320 * 200 * 3)
        #expect(try PageFinder.findPage(pixels: pixels, width: 320, height: 200, bytesPerRow: 960, channels: 3) == nil)
        // Too thin to reduce by a whole factor on both sides, or a single pixel.
        let strip = [UInt8](repeating: 90, count: 10_000 * 3)
        #expect(try PageFinder.findPage(pixels: strip, width: 10_000, height: 3, bytesPerRow: 10_000, channels: 1) == nil)
        #expect(try PageFinder.findPage(pixels: [UInt8(7)], width: 1, height: 1, bytesPerRow: 1, channels: 1) == nil)
        #expect(throws: TextDetectionError.invalidArgument("maximum side 16 outside 32...8192")) {
            try PageFinder.findPage(pixels: pixels, width: 320, height: 200, bytesPerRow: 960, channels: 3, maxSide: 16)
        }
        #expect(throws: TextDetectionError.invalidImage("191999 bytes, too few for 320x200 at 960 bytes per row")) {
            try PageFinder.findPage(pixels: pixels.dropLast(), width: 320, height: 200, bytesPerRow: 960, channels: 3)
        }
    }
}

/// A light sheet drawn by ImageMagick on a darker, noisy desk, at known corners.
enum DrawnSheet: String, CaseIterable, CustomTestStringConvertible {
    /// Seen at an angle: the far side shorter, turned a little.
    case tilted
    /// Turned about 27 degrees, so that which side is on top needs working out.
    case turned

    var testDescription: String { rawValue }

    /// Top-left, top-right, bottom-right, bottom-left, in pixels (pixel centres on integers).
    var corners: [Point] {
        switch self {
        case .tilted: [Point(x: 210, y: 130), Point(x: 590, y: 100), Point(x: 700, y: 560), Point(x: 120, y: 590)]
        case .turned: [Point(x: 380, y: 60), Point(x: 700, y: 220), Point(x: 520, y: 580), Point(x: 200, y: 420)]
        }
    }

    func render(paper: String = "#eeeadf", desk: String = "#5a5048") throws -> RGBImage {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sheet.png").path
        // ImageMagick puts pixel centres at half-pixels.
        let polygon = corners.map { "\($0.x + 0.5),\($0.y + 0.5)" }.joined(separator: " ")
        _ = try runTool(["convert", "-size", "800x660", "xc:\(desk)", "-seed", "3", "-attenuate", "0.5", "+noise", "Gaussian",
                         "-fill", paper, "-draw", "polygon \(polygon)", "-blur", "0x0.8", path])
        return try loadRGB(path)
    }
}

extension PageFinder {
    static func findPage(_ image: RGBImage) throws -> FoundPage? {
        try findPage(pixels: image.pixels, width: image.width, height: image.height, bytesPerRow: image.bytesPerRow,
                     channels: 3)
    }
}

extension RGBImage {
    /// The image's left `width` columns.
    func cropped(width: Int) -> RGBImage {
        let rows = (0..<height).flatMap { pixels[$0 * bytesPerRow..<$0 * bytesPerRow + width * 3] }
        return RGBImage(width: width, height: height, pixels: rows)
    }
}
