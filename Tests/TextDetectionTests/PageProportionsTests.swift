import Foundation
import Testing
import ImageFiles
import TextDetection

/// A pinhole camera with square pixels and its principal point at the centre of a 1200 x 1600
/// image, looking at a page of `width` x `height` (any unit) turned by `tilt` about the
/// page's horizontal axis, `yaw` about its vertical one and `roll` about the camera's axis (in
/// degrees), its centre `offset` from the optical axis and `distance` in front of the camera.
struct PinholeShot {
    var focalLength: Double
    var width: Double, height: Double
    var tilt: Double, yaw: Double = 0, roll: Double = 0
    var distance: Double
    var offset: (x: Double, y: Double) = (0, 0)
    static let imageWidth = 1200, imageHeight = 1600

    /// Where the page's corners land in the image.
    var quadrilateral: Quadrilateral {
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        let (ct, st) = (cos(radians(tilt)), sin(radians(tilt)))
        let (cy, sy) = (cos(radians(yaw)), sin(radians(yaw)))
        let (cr, sr) = (cos(radians(roll)), sin(radians(roll)))
        func project(_ u: Double, _ v: Double) -> Point {
            // Tilt (about x), then yaw (about y), then roll (about z).
            var (x, y, z) = (u, v * ct, v * st)
            (x, z) = (x * cy + z * sy, -x * sy + z * cy)
            (x, y) = (x * cr - y * sr, x * sr + y * cr)
            x += offset.x
            y += offset.y
            z += distance
            return Point(x: focalLength * x / z + Double(Self.imageWidth) / 2,
                         y: focalLength * y / z + Double(Self.imageHeight) / 2)
        }
        return Quadrilateral(topLeft: project(-width / 2, -height / 2), topRight: project(width / 2, -height / 2),
                             bottomRight: project(width / 2, height / 2), bottomLeft: project(-width / 2, height / 2))
    }

    var proportions: PageProportions? {
        PageProportions(of: quadrilateral, imageWidth: Self.imageWidth, imageHeight: Self.imageHeight)
    }
}

@Suite("A photographed page's true proportions")
struct PageProportionsTests {
    @Test("a page seen at an angle from the side gives back its width over height and the focal length",
          arguments: [
              PinholeShot(focalLength: 1200, width: 210, height: 297, tilt: 35, yaw: 12, roll: -8, distance: 330),
              PinholeShot(focalLength: 900, width: 297, height: 210, tilt: 20, yaw: -15, roll: 11, distance: 330,
                          offset: (20, -15)),
              PinholeShot(focalLength: 1600, width: 216, height: 279, tilt: 40, yaw: 6, roll: 4, distance: 500),
          ])
    func measuredFocalLength(shot: PinholeShot) throws {
        let proportions = try #require(shot.proportions)
        #expect(proportions.focalLengthMeasured)
        #expect(abs(proportions.focalLength / shot.focalLength - 1) < 0.01)
        #expect(abs(proportions.aspectRatio / (shot.width / shot.height) - 1) < 0.005)
    }

    @Test("the corners a pixel off still give the proportions within 2%")
    func cornersSlightlyOff() throws {
        let shot = PinholeShot(focalLength: 1200, width: 210, height: 297, tilt: 35, yaw: 12, roll: -8, distance: 330)
        var quad = shot.quadrilateral
        quad.topLeft.x += 1
        quad.topRight.y -= 1
        quad.bottomRight.x -= 1
        quad.bottomLeft.y += 1
        let proportions = try #require(PageProportions(of: quad, imageWidth: 1200, imageHeight: 1600))
        #expect(abs(proportions.aspectRatio / (210.0 / 297) - 1) < 0.02)
    }

    @Test("a page tilted straight away, whose top and bottom stay parallel, needs an assumed focal length")
    func straightTilt() throws {
        // The phone's usual focal length: 0.6 of the 2000-pixel diagonal.
        let shot = PinholeShot(focalLength: 1200, width: 210, height: 297, tilt: 35, distance: 330)
        let proportions = try #require(shot.proportions)
        #expect(!proportions.focalLengthMeasured)
        #expect(proportions.focalLength == 1200)
        #expect(abs(proportions.aspectRatio / (210.0 / 297) - 1) < 0.005)
        // The longer sides make it about a fifth too wide for its height.
        let sides = shot.quadrilateral.flatCropSize
        #expect(Double(sides.width) / Double(sides.height) > 1.15 * 210 / 297)
    }

    @Test("the flat page keeps its longer sides' size and stretches the foreshortened one")
    func flatPageSize() throws {
        let shot = PinholeShot(focalLength: 1200, width: 210, height: 297, tilt: 35, yaw: 12, roll: -8, distance: 330)
        let quad = shot.quadrilateral
        let sides = quad.flatCropSize
        let size = quad.flatPageSize(imageWidth: PinholeShot.imageWidth, imageHeight: PinholeShot.imageHeight)
        #expect(size.width == sides.width)
        #expect(size.height > sides.height)
        #expect(abs(Double(size.width) / Double(size.height) / (210.0 / 297) - 1) < 0.01)
    }

    @Test("the page found in the photographed fixture flattens to the drawn page's proportions, not the sides'")
    func photographedFixture() throws {
        // bench/photos/render_documents.py drew the page 1100 x 1500 and photographed it at its
        // moderate angle.
        let image = try loadRGB(TestFiles.fixture("photographed-page-en.jpg"))
        let page = try #require(try PageFinder.findPage(image))
        let truth = 1100.0 / 1500
        func error(_ size: (width: Int, height: Int)) -> Double { abs(Double(size.width) / Double(size.height) / truth - 1) }
        let camera = error(page.quadrilateral.flatPageSize(imageWidth: image.width, imageHeight: image.height))
        let sides = error(page.quadrilateral.flatCropSize)
        #expect(camera < 0.03, "camera model off by \(camera)")
        #expect(sides > 0.05, "the longer sides off by only \(sides)")
    }

    @Test("a rectangle seen straight on keeps its own size")
    func straightOn() throws {
        let rectangle = Quadrilateral(topLeft: Point(x: 100, y: 200), topRight: Point(x: 700, y: 200),
                                      bottomRight: Point(x: 700, y: 1000), bottomLeft: Point(x: 100, y: 1000))
        let proportions = try #require(PageProportions(of: rectangle, imageWidth: 1200, imageHeight: 1600))
        #expect(!proportions.focalLengthMeasured)
        #expect(abs(proportions.aspectRatio - 0.75) < 1e-9)
        #expect(rectangle.flatPageSize(imageWidth: 1200, imageHeight: 1600) == (600, 800))
    }

    @Test("corners no camera could see (a bow tie) have no proportions, and the flat page keeps the sides' size")
    func notAPhotographedRectangle() {
        let crossed = Quadrilateral(topLeft: Point(x: 100, y: 100), topRight: Point(x: 500, y: 500),
                                    bottomRight: Point(x: 500, y: 100), bottomLeft: Point(x: 100, y: 500))
        #expect(PageProportions(of: crossed, imageWidth: 1200, imageHeight: 1600) == nil)
        #expect(crossed.flatPageSize(imageWidth: 1200, imageHeight: 1600) == crossed.flatCropSize)
    }

    @Test("a flat crop of a given size maps the corners onto that rectangle")
    func givenSize() throws {
        let quad = Quadrilateral(topLeft: Point(x: 10, y: 10), topRight: Point(x: 90, y: 14),
                                 bottomRight: Point(x: 86, y: 60), bottomLeft: Point(x: 12, y: 56))
        let map = try #require(quad.imageToFlatCrop(size: (80, 70)))
        let corner = map.map(quad.bottomRight)
        #expect(abs(corner.x - 80) < 1e-6 && abs(corner.y - 70) < 1e-6)
        let pixels = [UInt8](repeating: 128, count: 100 * 100)
        let crop = try quad.flatCrop(pixels: pixels, width: 100, height: 100, bytesPerRow: 100, channels: 1, size: (80, 70))
        #expect(crop.width == 80 && crop.height == 70)
        #expect(throws: TextDetectionError.self) {
            try quad.flatCrop(pixels: pixels, width: 100, height: 100, bytesPerRow: 100, channels: 1, size: (0, 70))
        }
    }
}
