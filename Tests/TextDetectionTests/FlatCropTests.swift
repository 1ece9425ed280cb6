import Testing
import TextDetection

@Suite("Flat crops of quadrilaterals")
struct FlatCropTests {
    /// A black grey image with white pixels at `marks`.
    func greyImage(width: Int, height: Int, marks: [(x: Int, y: Int)]) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height)
        for mark in marks { pixels[mark.y * width + mark.x] = 255 }
        return pixels
    }

    func quad(_ corners: (Double, Double)...) -> Quadrilateral {
        let points = corners.map { Point(x: $0.0, y: $0.1) }
        return Quadrilateral(topLeft: points[0], topRight: points[1], bottomRight: points[2], bottomLeft: points[3])
    }

    @Test("an upright rectangle crops to its own size, pixels shifted by its corner")
    func uprightRectangle() throws {
        let pixels = greyImage(width: 200, height: 100, marks: [(40, 30)])
        let rectangle = quad((10, 20), (110, 20), (110, 70), (10, 70))
        #expect(rectangle.flatCropSize == (100, 50))
        let crop = try rectangle.flatCrop(pixels: pixels, width: 200, height: 100, bytesPerRow: 200, channels: 1)
        #expect(crop.width == 100 && crop.height == 50 && crop.channels == 1)
        #expect(crop.pixels.count == 100 * 50)
        #expect(crop.pixels[10 * 100 + 30] == 255)
        #expect(crop.pixels.filter { $0 != 0 }.count == 1)
    }

    @Test("a line read downwards comes out level, its top edge on top")
    func verticalLine() throws {
        // Top edge x = 60 from y = 10 to y = 90; the line's "up" points right.
        let pixels = greyImage(width: 100, height: 100, marks: [(50, 30)])
        let line = quad((60, 10), (60, 90), (20, 90), (20, 10))
        #expect(line.angle == 90)
        #expect(line.flatCropSize == (80, 40))
        let crop = try line.flatCrop(pixels: pixels, width: 100, height: 100, bytesPerRow: 100, channels: 1)
        // Crop (u, v) samples the image at (60 - v, 10 + u).
        #expect(crop.pixels[10 * 80 + 20] == 255)
        #expect(crop.pixels.filter { $0 != 0 }.count == 1)
    }

    @Test("a trapezoid's crop takes the longer of each pair of sides")
    func trapezoidSize() {
        let trapezoid = quad((0, 0), (100, 0), (90, 50), (10, 50))
        #expect(trapezoid.flatCropSize == (100, 51))
        let sliver = quad((5, 5), (5, 5), (5, 5), (5, 5))
        #expect(sliver.flatCropSize == (1, 1))
    }

    @Test("RGB pixels keep their colour in an RGB crop and turn grey in a grey one")
    func channels() throws {
        let width = 20, height = 10
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let red = (3 * width + 4) * 4
        pixels[red] = 255
        pixels[red + 3] = 255
        let rectangle = quad((2, 1), (12, 1), (12, 6), (2, 6))

        let rgb = try rectangle.flatCrop(pixels: pixels, width: width, height: height, bytesPerRow: width * 4,
                                         channels: 4, outputChannels: 3)
        let at = (2 * rgb.width + 2) * 3
        #expect(Array(rgb.pixels[at..<at + 3]) == [255, 0, 0])

        let grey = try rectangle.flatCrop(pixels: pixels, width: width, height: height, bytesPerRow: width * 4,
                                          channels: 4, outputChannels: 1)
        // Luma of pure red: 0.299 * 255.
        #expect(grey.pixels[2 * grey.width + 2] == 76)
    }

    @Test("crop requests out of range are refused")
    func badRequests() {
        let pixels = [UInt8](repeating: 0, count: 100)
        let rectangle = quad((0, 0), (5, 0), (5, 5), (0, 5))
        #expect(throws: TextDetectionError.invalidArgument("crops have 1 or 3 channels, not 4")) {
            try rectangle.flatCrop(pixels: pixels, width: 10, height: 10, bytesPerRow: 10, channels: 1, outputChannels: 4)
        }
        let broken = quad((0, .nan), (5, 0), (5, 5), (0, 5))
        #expect(throws: TextDetectionError.invalidArgument("quadrilateral corner is not a number")) {
            try broken.flatCrop(pixels: pixels, width: 10, height: 10, bytesPerRow: 10, channels: 1)
        }
    }
}

@Suite("Quadrilateral geometry")
struct QuadrilateralTests {
    @Test("angle and bounding box of a turned rectangle")
    func turned() {
        let line = Quadrilateral(topLeft: Point(x: 0, y: 0), topRight: Point(x: 100, y: 100),
                                 bottomRight: Point(x: 90, y: 110), bottomLeft: Point(x: -10, y: 10))
        #expect(abs(line.angle - 45) < 1e-9)
        #expect(line.boundingBox == BoundingBox(x: -10, y: 0, width: 110, height: 110))
    }

    @Test("intersection over union")
    func overlap() {
        let a = BoundingBox(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersectionOverUnion(a) == 1)
        #expect(a.intersectionOverUnion(BoundingBox(x: 5, y: 0, width: 10, height: 10)) == 50.0 / 150)
        #expect(a.intersectionOverUnion(BoundingBox(x: 10, y: 0, width: 10, height: 10)) == 0)
    }
}
