import Foundation
internal import CTextDetection

/// A line of text set along a curve (the rim of a round plaque, a badge, a stamp): the middle
/// of the line from its start to its end, and how thick the line is across it. The letters'
/// tops lie a quarter turn anticlockwise of the way the points run, as for a level line.
public struct TextCurve: Sendable, Hashable {
    /// At least two points, evenly spaced along the line, in reading order.
    public var points: [Point]
    public var thickness: Double

    public init(points: [Point], thickness: Double) {
        self.points = points
        self.thickness = thickness
    }

    /// The distance along the middle of the line.
    public var length: Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    /// The same line read the other way: the letters' tops become their feet.
    public var turnedOver: TextCurve { TextCurve(points: points.reversed(), thickness: thickness) }

    /// Grown by `share` of its thickness on every side: thicker by twice that, and longer by
    /// as much at each end, as `Quadrilateral.padded(byShareOfHeight:)` pads a straight line.
    public func padded(byShareOfThickness share: Double) -> TextCurve {
        guard points.count >= 2, let first = points.first, let last = points.last else { return self }
        let margin = thickness * share
        func stretched(_ end: Point, awayFrom inner: Point) -> Point {
            let length = end.distance(to: inner)
            guard length > 0 else { return end }
            return Point(x: end.x + (end.x - inner.x) / length * margin, y: end.y + (end.y - inner.y) / length * margin)
        }
        var grown = points
        grown[0] = stretched(first, awayFrom: points[1])
        grown[grown.count - 1] = stretched(last, awayFrom: points[points.count - 2])
        return TextCurve(points: grown, thickness: thickness + 2 * margin)
    }

    /// The point `along` of the way from the line's start to its end (0 to 1) and `down` of the
    /// way from its top edge to its bottom edge (0 to 1): where a pixel of the straightened
    /// crop comes from.
    public func point(along: Double, down: Double) -> Point {
        guard points.count >= 2 else { return points.first ?? Point(x: 0, y: 0) }
        let wanted = min(max(along, 0), 1) * length
        var travelled = 0.0
        for (from, to) in zip(points, points.dropFirst()) {
            let span = from.distance(to: to)
            if travelled + span >= wanted || to == points.last, span > 0 {
                let share = min(max((wanted - travelled) / span, 0), 1)
                let direction = Point(x: (to.x - from.x) / span, y: (to.y - from.y) / span)
                let up = Point(x: direction.y, y: -direction.x)
                let above = (0.5 - down) * thickness
                return Point(x: from.x + (to.x - from.x) * share + up.x * above,
                             y: from.y + (to.y - from.y) * share + up.y * above)
            }
            travelled += span
        }
        return points[points.count - 1]
    }

    /// The corners of the band the line covers, as a box: the smallest rectangle holding the
    /// band, its top edge along the line's top (so a line round the top of a circle gets the
    /// rectangle over the arc, and the same line turned over gets it turned over).
    public var boundingQuadrilateral: Quadrilateral {
        let first = points.first ?? Point(x: 0, y: 0), last = points.last ?? first
        guard first != last else { return Quadrilateral(topLeft: first, topRight: first, bottomRight: first, bottomLeft: first) }
        // Axes: along the chord from the first point to the last, and up a quarter turn from it.
        let chord = first.distance(to: last)
        let along = Point(x: (last.x - first.x) / chord, y: (last.y - first.y) / chord)
        let up = Point(x: along.y, y: -along.x)
        let band = (0...16).flatMap { step in
            [0.0, 1.0].map { down in point(along: Double(step) / 16, down: down) }
        }
        let us = band.map { ($0.x - first.x) * along.x + ($0.y - first.y) * along.y }
        let vs = band.map { ($0.x - first.x) * up.x + ($0.y - first.y) * up.y }
        func corner(_ u: Double, _ v: Double) -> Point {
            Point(x: first.x + along.x * u + up.x * v, y: first.y + along.y * u + up.y * v)
        }
        let left = us.min()!, right = us.max()!, top = vs.max()!, bottom = vs.min()!
        return Quadrilateral(topLeft: corner(left, top), topRight: corner(right, top),
                             bottomRight: corner(right, bottom), bottomLeft: corner(left, bottom))
    }

    /// The size of the straightened crop: the line's length by its thickness, rounded, at least 1.
    public var straightenedSize: (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        let cPoints = points.map { CTextDetection_Point(x: Float($0.x), y: Float($0.y)) }
        cPoints.withUnsafeBufferPointer { buffer in
            CTextDetection_curveCropSize(buffer.baseAddress, Int32(buffer.count), Float(thickness), &width, &height)
        }
        return (Int(width), Int(height))
    }

    /// The line cut out of an image and straightened: its middle along the crop's middle row,
    /// its start at the left, the letters' tops at the top.
    ///
    /// - Parameters:
    ///   - pixels: rows of interleaved grey (1 channel), RGB (3) or RGBA (4) bytes.
    ///   - outputChannels: 1 for a grey crop, 3 for RGB.
    public func straightenedCrop(
        pixels: some ContiguousBytes,
        width: Int,
        height: Int,
        bytesPerRow: Int,
        channels: Int,
        outputChannels: Int = 1
    ) throws(TextDetectionError) -> CroppedImage {
        guard points.count >= 2, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            throw .invalidArgument("a curve needs two or more finite points")
        }
        guard outputChannels == 1 || outputChannels == 3 else {
            throw .invalidArgument("crops have 1 or 3 channels, not \(outputChannels)")
        }
        let layout = PixelLayout(width: width, height: height, bytesPerRow: bytesPerRow, channels: channels)
        let size = straightenedSize
        let cPoints = points.map { CTextDetection_Point(x: Float($0.x), y: Float($0.y)) }
        return try CroppedImage.made(from: pixels, layout: layout, size: size, channels: outputChannels) { image, output, bytesPerRow throws(TextDetectionError) in
            try cPoints.withUnsafeBufferPointer { curve throws(TextDetectionError) in
                try checkedCall(failure: { .cropFailed($0) }) { message, capacity in
                    CTextDetection_cropAlongCurve(image, curve.baseAddress, Int32(curve.count), Float(thickness), output,
                                                  Int32(size.width), Int32(size.height), bytesPerRow, Int32(outputChannels),
                                                  message, capacity)
                }
            }
        }
    }
}
