import Testing
import TextDetection

@Suite("Homographies between photos and flat pages")
struct HomographyTests {
    /// A page seen at an angle: the far (top) edge shorter, the whole turned a little.
    let page = Quadrilateral(topLeft: Point(x: 178.5, y: 270.2), topRight: Point(x: 990.1, y: 185.0),
                             bottomRight: Point(x: 1139.8, y: 1380.2), bottomLeft: Point(x: 185.1, y: 1480.6))

    func expectClose(_ a: Point, _ b: Point, within tolerance: Double = 1e-6, _ comment: Comment? = nil) {
        #expect(a.distance(to: b) <= tolerance, "\(a) is not \(b)\(comment.map { ": \($0)" } ?? "")")
    }

    @Test("the corners land on the flat crop's corners, and come back")
    func cornersToCorners() throws {
        let toFlat = try #require(page.imageToFlatCrop)
        let toImage = try #require(page.flatCropToImage)
        let (width, height) = page.flatCropSize
        let rectangle = [Point(x: 0, y: 0), Point(x: Double(width), y: 0),
                         Point(x: Double(width), y: Double(height)), Point(x: 0, y: Double(height))]
        for (corner, target) in zip(page.corners, rectangle) {
            expectClose(toFlat.map(corner), target)
            expectClose(toImage.map(target), corner)
        }
    }

    @Test("points go to the flat page and back to where they were")
    func roundTrip() throws {
        let toFlat = try #require(page.imageToFlatCrop)
        let back = try #require(toFlat.inverse)
        for x in stride(from: 0.0, through: 1200, by: 150) {
            for y in stride(from: 0.0, through: 1600, by: 200) {
                let point = Point(x: x, y: y)
                expectClose(back.map(toFlat.map(point)), point, within: 1e-6)
            }
        }
        // The inverse of the inverse is the map itself, up to rounding.
        let again = try #require(back.inverse)
        for (a, b) in zip(again.matrix, toFlat.matrix) { #expect(abs(a - b) < 1e-9) }
    }

    @Test("a known perspective is recovered from four points, and maps a fifth as it should")
    func knownPerspective() throws {
        let truth = try #require(Homography(matrix: [1.2, 0.1, 30, 0.05, 0.9, 20, 0.0004, 0.0002, 1]))
        let source = [Point(x: 0, y: 0), Point(x: 800, y: 0), Point(x: 800, y: 600), Point(x: 0, y: 600)]
        // By hand: (800, 0) goes to ((1.2 * 800 + 30) / 1.32, (0.05 * 800 + 20) / 1.32).
        expectClose(truth.map(source[1]), Point(x: 990 / 1.32, y: 60 / 1.32), within: 1e-9)

        let solved = try #require(Homography(from: source, to: source.map(truth.map)))
        for (a, b) in zip(solved.matrix, truth.matrix) { #expect(abs(a - b) < 1e-9, "\(solved.matrix)") }
        let fifth = Point(x: 333, y: 444)
        expectClose(solved.map(fifth), truth.map(fifth), within: 1e-6)
    }

    @Test("a plain rectangle gives a map without perspective: parallel lines stay parallel")
    func affine() throws {
        let box = Quadrilateral(topLeft: Point(x: 10, y: 20), topRight: Point(x: 110, y: 20),
                                bottomRight: Point(x: 110, y: 70), bottomLeft: Point(x: 10, y: 70))
        let map = try #require(box.imageToFlatCrop)
        #expect(abs(map.matrix[6]) < 1e-12 && abs(map.matrix[7]) < 1e-12)
        expectClose(map.map(Point(x: 60, y: 45)), Point(x: 50, y: 25))
        let identity = try #require(Homography(from: page, to: page))
        #expect(zip(identity.matrix, [1.0, 0, 0, 0, 1, 0, 0, 0, 1]).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    @Test("three corners on one line, or a wrong number of points, give no map")
    func degenerate() {
        let flat = [Point(x: 0, y: 0), Point(x: 50, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 100)]
        let square = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)]
        #expect(Homography(from: flat, to: square) == nil)
        #expect(Homography(from: square, to: flat) == nil)
        #expect(Homography(from: Array(square.prefix(3)), to: Array(square.prefix(3))) == nil)
        #expect(Homography(from: square, to: [Point(x: .nan, y: 0)] + square.dropFirst()) == nil)
        // Its last entry may be 0: this one sends (x, y) to (1 / x, y / x).
        #expect(Homography(matrix: [0, 0, 1, 0, 1, 0, 1, 0, 0]) != nil)
        #expect(Homography(matrix: [1, 2, 3, 2, 4, 6, 0, 0, 1]) == nil)
        #expect(Homography(matrix: [1, 0, 0]) == nil)
    }

    @Test("a box read on the flat page comes back as four corners in the photo")
    func boxBack() throws {
        let toImage = try #require(page.flatCropToImage)
        let (width, height) = page.flatCropSize
        let whole = toImage.map(BoundingBox(x: 0, y: 0, width: Double(width), height: Double(height)))
        for (corner, truth) in zip(whole.corners, page.corners) { expectClose(corner, truth, within: 1e-6) }

        // A line across the middle of the page comes back slanted as the page is, and inside it.
        let line = toImage.map(BoundingBox(x: 100, y: Double(height) / 2, width: Double(width) - 200, height: 40))
        #expect(line.angle < 0 && line.angle > -10, "angle \(line.angle)")
        #expect(line.corners.allSatisfy { $0.x > 178 && $0.x < 1140 && $0.y > 185 && $0.y < 1481 })
    }

    @Test("the map agrees with the pixels flatCrop warps")
    func agreesWithFlatCrop() throws {
        let width = 400, height = 300
        let quad = Quadrilateral(topLeft: Point(x: 60, y: 40), topRight: Point(x: 330, y: 70),
                                 bottomRight: Point(x: 360, y: 260), bottomLeft: Point(x: 30, y: 230))
        let toFlat = try #require(quad.imageToFlatCrop)
        for mark in [Point(x: 100, y: 100), Point(x: 300, y: 200), Point(x: 200, y: 150)] {
            var pixels = [UInt8](repeating: 0, count: width * height)
            // A 3 x 3 white spot, so that it survives resampling.
            for dy in -1...1 {
                for dx in -1...1 { pixels[(Int(mark.y) + dy) * width + Int(mark.x) + dx] = 255 }
            }
            let crop = try quad.flatCrop(pixels: pixels, width: width, height: height, bytesPerRow: width, channels: 1)
            // The spot's centre of brightness in the crop is where the map sends its centre.
            var total = 0.0, x = 0.0, y = 0.0
            for (index, value) in crop.pixels.enumerated() where value > 0 {
                total += Double(value)
                x += Double(value) * Double(index % crop.width)
                y += Double(value) * Double(index / crop.width)
            }
            expectClose(Point(x: x / total, y: y / total), toFlat.map(mark), within: 0.3, "spot at \(mark)")
        }
    }
}
