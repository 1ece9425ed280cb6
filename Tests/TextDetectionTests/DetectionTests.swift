import Testing
import TextDetection

@Suite("Text line detection")
struct DetectionTests {
    @Test("finds every line of a synthetic sign, level and turned, on OpenCV and on ONNX Runtime",
          arguments: SyntheticSign.Background.allCases, [false, true])
    func findsEveryLine(background: SyntheticSign.Background, onOnnxRuntime: Bool) throws {
        let sign = SyntheticSign.threeLines(on: background)
        let (image, truths) = try sign.render()
        let lines = try (onOnnxRuntime ? makeOnnxRuntimeDetector() : makeDetector()).detect(image)

        var matched = Set<Int>()
        for (index, truth) in truths.enumerated() {
            let best = lines.indices.max { lines[$0].boundingBox.intersectionOverUnion(truth) < lines[$1].boundingBox.intersectionOverUnion(truth) }
            let overlap = best.map { lines[$0].boundingBox.intersectionOverUnion(truth) } ?? 0
            #expect(overlap >= 0.5, "\"\(sign.lines[index].text)\" at \(truth): best overlap \(overlap) among \(lines.map(\.boundingBox))")
            if let best, overlap >= 0.5 {
                matched.insert(best)
                // The quadrilateral follows the line's slant, not just its bounds.
                #expect(abs(lines[best].angle - sign.lines[index].rotation) < 3, "angle \(lines[best].angle)")
                #expect(lines[best].score >= 0.5 && lines[best].score <= 1)
            }
        }
        #expect(lines.count - matched.count <= 1, "extra boxes: \(lines.count - matched.count) of \(lines.count)")
    }

    @Test("on ONNX Runtime it finds the lines OpenCV finds, within a pixel")
    func onnxRuntimeFindsWhatOpenCVFinds() throws {
        let opencv = try makeDetector(), onnx = try makeOnnxRuntimeDetector()
        for background in SyntheticSign.Background.allCases {
            let image = try SyntheticSign.threeLines(on: background).render().image
            let (a, b) = (try opencv.detect(image), try onnx.detect(image))
            #expect(a.count == b.count)
            for (x, y) in zip(a, b) {
                let corners = zip(x.quadrilateral.corners, y.quadrilateral.corners)
                #expect(corners.allSatisfy { abs($0.x - $1.x) <= 1 && abs($0.y - $1.y) <= 1 }, "\(x) against \(y)")
            }
        }
    }

    @Test("a detector gives the same lines after images of other sizes as a fresh one")
    func newInputSizes() throws {
        // OpenCV 4.6 runs a network fed a new input size wrongly unless it is read again.
        let large = try SyntheticSign.threeLines(on: .light).render().image
        var smallSign = SyntheticSign.threeLines(on: .light)
        smallSign.width = 640
        smallSign.height = 480
        smallSign.lines[0].x = 20
        let small = try smallSign.render().image

        let reused = try makeDetector()
        let largeFirst = try reused.detect(large)
        let smallAfter = try reused.detect(small)
        let largeAgain = try reused.detect(large)
        let smallFresh = try makeDetector().detect(small)

        #expect(largeFirst.count == 3)
        #expect(largeAgain == largeFirst)
        #expect(smallAfter == smallFresh)
        #expect(!smallFresh.isEmpty)
    }

    @Test("grey, RGB and RGBA copies of one image give the same lines")
    func channelLayouts() throws {
        let image = try SyntheticSign.threeLines(on: .light).render().image
        let detector = try makeDetector()
        let rgb = try detector.detect(image)
        // Padded rows, to check that bytes per row is honoured.
        let padding = 5
        var rgba: [UInt8] = []
        var grey: [UInt8] = []
        for row in 0..<image.height {
            for column in 0..<image.width {
                let pixel = image.pixels[(row * image.width + column) * 3..<(row * image.width + column) * 3 + 3]
                rgba += pixel + [255]
                grey.append(pixel.first!)  // the red channel: dark on light for every line here
            }
            rgba += [UInt8](repeating: 7, count: padding)
            grey += [UInt8](repeating: 7, count: padding)
        }
        let fromRGBA = try detector.detect(pixels: rgba, width: image.width, height: image.height,
                                           bytesPerRow: image.width * 4 + padding, channels: 4)
        let fromGrey = try detector.detect(pixels: grey, width: image.width, height: image.height,
                                           bytesPerRow: image.width + padding, channels: 1)
        #expect(fromRGBA == rgb)
        #expect(fromGrey.count == rgb.count)
    }

    @Test("an image with no text has no lines")
    func blankImage() throws {
        let pixels = [UInt8](repeating: 240, count: 320 * 200 * 3)
        let lines = try makeDetector().detect(pixels: pixels, width: 320, height: 200, bytesPerRow: 960, channels: 3)
        #expect(lines.isEmpty)
    }

    /// A page lying on its side, its lines leaning a degree either side of vertical: every line
    /// reads downwards (its first corners at the top), so the crops all come out the same way up.
    @Test("the standing lines of a page on its side all read downwards")
    func standingLinesReadDownwards() throws {
        let sign = SyntheticSign(width: 600, height: 900, background: .light, lines: [
            SyntheticSign.Line(text: "Les livres empruntés", pointSize: 40, x: 420, y: 60, rotation: 89),
            SyntheticSign.Line(text: "doivent être rendus", pointSize: 40, x: 260, y: 60, rotation: 91),
            SyntheticSign.Line(text: "avant le 15 décembre", pointSize: 40, x: 100, y: 60, rotation: 90),
        ])
        let (image, truths) = try sign.render()
        let lines = try makeDetector().detect(image)
        #expect(lines.count == truths.count, "\(lines.map(\.boundingBox))")
        for line in lines {
            let corners = line.corners
            #expect(corners[1].y - corners[0].y > 3 * abs(corners[1].x - corners[0].x), "\(corners)")
        }
    }
}

