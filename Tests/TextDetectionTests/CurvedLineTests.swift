import Foundation
import Testing
import TextDetection

@Suite("Lines set along a curve")
struct CurvedLineTests {
    /// The arc of the circle about (200, 400) of radius 250 over the top, from 120° to 60° above
    /// the x axis, read left to right: its letters' tops point away from the centre.
    static let radius = 250.0
    static let centre = Point(x: 200, y: 400)
    static func arc(points: Int = 16, thickness: Double = 36) -> TextCurve {
        TextCurve(points: (0..<points).map { index in
            let angle = (-120 + 60 * Double(index) / Double(points - 1)) * .pi / 180
            return Point(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
        }, thickness: thickness)
    }

    /// A white 400×300 grey image with a black band 12 pixels thick along the arc.
    static func bandAlongTheArc() -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: 400 * 300)
        for y in 0..<300 {
            for x in 0..<400 {
                let distance = Point(x: Double(x), y: Double(y)).distance(to: centre)
                let angle = atan2(Double(y) - centre.y, Double(x) - centre.x) * 180 / .pi
                if abs(distance - radius) <= 6, (-120 ... -60).contains(angle) { pixels[y * 400 + x] = 0 }
            }
        }
        return pixels
    }

    @Test("a band along an arc comes out straight: dark along the crop's middle, light above and below")
    func bandComesOutStraight() throws {
        let curve = Self.arc()
        let size = curve.straightenedSize
        // The arc is a sixth of a circle of radius 250; the chords between 16 points fall short by little.
        #expect(abs(Double(size.width) - Self.radius * .pi / 3) < 2, "\(size)")
        #expect(size.height == 36)
        let crop = try curve.straightenedCrop(pixels: Self.bandAlongTheArc(), width: 400, height: 300, bytesPerRow: 400, channels: 1)
        func darkShare(row: Int) -> Double {
            let pixels = crop.pixels[(row * crop.width + 4)..<(row * crop.width + crop.width - 4)]
            return Double(pixels.filter { $0 < 128 }.count) / Double(pixels.count)
        }
        #expect(darkShare(row: 18) == 1)
        #expect(darkShare(row: 17) == 1)
        #expect(darkShare(row: 2) == 0)
        #expect(darkShare(row: 33) == 0)
    }

    @Test("the crop's pixels map back onto the curve: along it, and up away from the circle's centre")
    func pointsMapBack() {
        let curve = Self.arc()
        let middle = curve.point(along: 0.5, down: 0.5)
        #expect(middle.distance(to: Point(x: 200, y: 150)) < 0.5, "\(middle)")
        // The top edge lies outside the circle, the bottom edge inside, by half the thickness.
        for along in [0.0, 0.3, 1.0] {
            #expect(abs(curve.point(along: along, down: 0).distance(to: Self.centre) - (Self.radius + 18)) < 1)
            #expect(abs(curve.point(along: along, down: 1).distance(to: Self.centre) - (Self.radius - 18)) < 1)
        }
        // Turned over, the same line starts at the other end with its top inside.
        let over = curve.turnedOver
        #expect(over.point(along: 0, down: 0.5) == curve.points.last)
        #expect(abs(over.point(along: 0.5, down: 0).distance(to: Self.centre) - (Self.radius - 18)) < 1)
    }

    @Test("padding grows the thickness on both sides and the line at both ends")
    func padding() {
        let curve = Self.arc()
        let padded = curve.padded(byShareOfThickness: 0.25)
        #expect(padded.thickness == 36 + 18)
        #expect(abs(padded.length - curve.length - 18) < 0.01)
        #expect(padded.points[1 ..< 15] == curve.points[1 ..< 15])
    }

    @Test("the box of a line over the top of a circle is the rectangle over the arc, its top edge on top")
    func boundingQuadrilateral() {
        let box = Self.arc().boundingQuadrilateral
        #expect(abs(box.angle) < 0.01)
        // From the ends of the band's inner edge (x = 200 ± 232 * sin 30°) to its outer top.
        #expect(abs(box.topLeft.y - (400 - 268)) < 0.5, "\(box)")
        #expect(abs(box.bottomLeft.y - (400 - 232 * sin(60 * .pi / 180))) < 1.5, "\(box)")
        #expect(abs(box.topLeft.x - (200 - 268 * 0.5)) < 1.5, "\(box)")
        #expect(abs(box.topRight.x - (200 + 268 * 0.5)) < 1.5, "\(box)")
    }

    @Test("curve crop requests out of range are refused")
    func refusals() {
        let pixels = [UInt8](repeating: 0, count: 400 * 300)
        #expect(throws: TextDetectionError.self) {
            try TextCurve(points: [Point(x: 1, y: 1)], thickness: 10)
                .straightenedCrop(pixels: pixels, width: 400, height: 300, bytesPerRow: 400, channels: 1)
        }
        #expect(throws: TextDetectionError.self) {
            try TextCurve(points: [Point(x: 1, y: 1), Point(x: .nan, y: 1)], thickness: 10)
                .straightenedCrop(pixels: pixels, width: 400, height: 300, bytesPerRow: 400, channels: 1)
        }
        #expect(throws: TextDetectionError.self) {
            try TextCurve(points: [Point(x: 1, y: 1), Point(x: 50, y: 1)], thickness: 0)
                .straightenedCrop(pixels: pixels, width: 400, height: 300, bytesPerRow: 400, channels: 1)
        }
    }

    /// A round plaque drawn with ImageMagick, one line along the top of its rim, one along the
    /// bottom and one level across the middle: the rim lines are found as curves, bent the way
    /// they are set, and the level line stays a rectangle.
    @Test("lines along a round plaque's rim are found as curves; the level line as a rectangle")
    func plaqueRimLinesAreCurves() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("plaque.jpg").path
        _ = try runTool(["convert"] + RoundPlaqueDrawing.arguments + [path])
        let lines = try makeOnnxRuntimeDetector().detect(try loadRGB(path))
        let curved = lines.filter { $0.curve != nil }
        #expect(curved.count >= 2, "\(lines.map(\.boundingBox))")
        #expect(lines.contains { $0.curve == nil && abs($0.angle) < 2 && $0.boundingBox.width > 300 })
        for line in curved {
            let points = line.curve!.points
            let middle = points[points.count / 2], ends = (points.first!.y + points.last!.y) / 2
            // Over the top the middle is highest; along the bottom it is lowest.
            if middle.y < 350 { #expect(middle.y < ends - 20, "\(points)") } else { #expect(middle.y > ends + 20, "\(points)") }
            #expect(points.first!.x < points.last!.x)
        }
    }

    /// The same plaque with word gaps a whole letter wide: the detector breaks the top rim line
    /// at them, and its pieces are joined again into one curve from the first letter to the
    /// last (x 164 to 596 on the circle of radius 270 about x = 380).
    @Test("a rim line the detector breaks at its word gaps is joined into one curve")
    func brokenRimLineIsJoined() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("plaque.jpg").path
        _ = try runTool(["convert"] + RoundPlaqueDrawing.arguments(spaceWidth: 1) + [path])
        let lines = try makeOnnxRuntimeDetector().detect(try loadRGB(path))
        let overTheTop = lines.filter { $0.boundingBox.y + $0.boundingBox.height < 250 }
        #expect(overTheTop.count == 1, "\(overTheTop.map(\.boundingBox))")
        let points = try #require(overTheTop.first?.curve?.points)
        #expect(points.first!.x < 180 && points.last!.x > 580, "\(points)")
    }
}
