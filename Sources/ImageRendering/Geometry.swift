internal import CImageRendering
import Foundation
import TranslateModel

/// A point in page pixels, with fractions.
struct Point: Equatable {
    var x: Double
    var y: Double

    static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    static func * (lhs: Point, factor: Double) -> Point { Point(x: lhs.x * factor, y: lhs.y * factor) }
    var length: Double { (x * x + y * y).squareRoot() }
}

/// A map from a layout's coordinates to the page's: x' = xx·x + xy·y + x0, y' = yx·x + yy·y + y0.
struct AffineMatrix: Equatable {
    var xx, yx, xy, yy, x0, y0: Double

    var cValue: CImageRendering_Matrix {
        CImageRendering_Matrix(xx: xx, yx: yx, xy: xy, yy: yy, x0: x0, y0: y0)
    }

    func apply(_ point: Point) -> Point {
        Point(x: xx * point.x + xy * point.y + x0, y: yx * point.x + yy * point.y + y0)
    }
}

/// Where a box's text runs on the page: from its top-left corner along its top edge (the
/// direction of reading) and down its left edge. An upright box is a rectangle; a box from a
/// photo may be turned or slanted.
public struct BoxFrame: Equatable, Sendable {
    /// Top-left, top-right, bottom-right, bottom-left, as the text reads.
    let corners: [Point]

    /// The frame of `box`: its polygon when it has one, otherwise its rectangle.
    public init(_ box: BoxResult) {
        if let polygon = box.polygon, polygon.count == 4 {
            corners = polygon.map { Point(x: Double($0.x), y: Double($0.y)) }
        } else {
            let rect = box.rect
            let (left, top) = (Double(rect.x), Double(rect.y))
            let (right, bottom) = (left + Double(rect.width), top + Double(rect.height))
            corners = [Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom)]
        }
    }

    /// Length of the top edge: how long a line of text may run.
    public var width: Double { (corners[1] - corners[0]).length }
    /// Length of the left edge: how tall the text may stand.
    public var height: Double { (corners[3] - corners[0]).length }
    /// Angle of the top edge from the horizontal, in degrees, clockwise on screen.
    public var angle: Double { atan2(corners[1].y - corners[0].y, corners[1].x - corners[0].x) * 180 / .pi }
    /// The centre of the box.
    var center: Point { (corners[0] + corners[2]) * 0.5 }

    /// Maps a layout of `width` × `height` (the box's own measures) onto the box.
    var matrix: AffineMatrix {
        let across = (corners[1] - corners[0]) * (1 / max(width, 1))
        let down = (corners[3] - corners[0]) * (1 / max(height, 1))
        return AffineMatrix(xx: across.x, yx: across.y, xy: down.x, yy: down.y, x0: corners[0].x, y0: corners[0].y)
    }

    /// The margin around the box that belongs to it: the blended edges of its letters lie
    /// just outside a tight box.
    public var coverMargin: Double {
        max(2, (height * 0.06).rounded())
    }

    /// The pixels a picture may change for this box: the rectangle around the box grown by
    /// its cover margin, within a page of `width` × `height`.
    public func coverBounds(pageWidth width: Int, pageHeight height: Int) -> PixelRect? {
        boundingRect(of: grown(by: coverMargin), width: width, height: height)
    }

    /// The top-left corner of the frame grown by `margin` pixels on every side.
    public func grownCorners(by margin: Double) -> (x: Double, y: Double) {
        let corner = grown(by: margin)[0]
        return (corner.x, corner.y)
    }

    /// The frame grown by `margin` pixels on every side.
    func grown(by margin: Double) -> [Point] {
        let across = (corners[1] - corners[0]) * (margin / max(width, 1))
        let down = (corners[3] - corners[0]) * (margin / max(height, 1))
        return [corners[0] - across - down, corners[1] + across - down, corners[2] + across + down, corners[3] - across + down]
    }
}

/// The smallest pixel rectangle holding `points`, limited to a page of `width` × `height`.
func boundingRect(of points: [Point], width: Int, height: Int) -> PixelRect? {
    let left = max(0, Int(floor(points.map(\.x).min() ?? 0)))
    let top = max(0, Int(floor(points.map(\.y).min() ?? 0)))
    let right = min(width, Int(ceil(points.map(\.x).max() ?? 0)))
    let bottom = min(height, Int(ceil(points.map(\.y).max() ?? 0)))
    guard right > left, bottom > top else { return nil }
    return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
}

/// Whether `point` lies inside the convex polygon `corners` (either winding).
func contains(_ corners: [Point], _ point: Point) -> Bool {
    var sign = 0.0
    for index in corners.indices {
        let from = corners[index], to = corners[(index + 1) % corners.count]
        let cross = (to.x - from.x) * (point.y - from.y) - (to.y - from.y) * (point.x - from.x)
        if cross == 0 { continue }
        if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
    }
    return true
}

/// The columns `left..<left + width` of pixel row `row` whose centres lie inside the convex
/// polygon `corners`, as `contains` decides, as offsets from `left`; nil when there are none.
///
/// A row crosses a convex polygon in one run: its ends come from the edges' half-planes, then
/// are checked against `contains`, so a whole box costs two tests a row instead of one a pixel.
func insideRun(of corners: [Point], row: Int, from left: Int, width: Int) -> ClosedRange<Int>? {
    guard width > 0 else { return nil }
    let centreY = Double(row) + 0.5
    func isInside(_ x: Int) -> Bool { contains(corners, Point(x: Double(left + x) + 0.5, y: centreY)) }
    // The winding's sign: inside, every edge sees the point on this side.
    var twiceArea = 0.0
    for index in corners.indices {
        let from = corners[index], to = corners[(index + 1) % corners.count]
        twiceArea += from.x * to.y - to.x * from.y
    }
    let sign: Double = twiceArea >= 0 ? 1 : -1
    var low = -Double.infinity, high = Double.infinity
    for index in corners.indices {
        let from = corners[index], to = corners[(index + 1) % corners.count]
        // sign · cross ≥ 0, with cross = (to.x − from.x)(y − from.y) − (to.y − from.y)(x − from.x),
        // is constant − slope · x ≥ 0.
        let constant = sign * ((to.x - from.x) * (centreY - from.y) + (to.y - from.y) * from.x)
        let slope = sign * (to.y - from.y)
        if slope > 0 {
            high = min(high, constant / slope)
        } else if slope < 0 {
            low = max(low, constant / slope)
        } else if constant < 0 {
            return nil
        }
    }
    guard low <= high else { return nil }
    let lastColumn = Double(width - 1)
    var first = Int(max(0, min(lastColumn, (low - Double(left) - 0.5).rounded(.up))))
    var last = Int(max(0, min(lastColumn, (high - Double(left) - 0.5).rounded(.down))))
    guard first <= last else { return nil }
    // Rounding at the ends: widen while the neighbour is inside, narrow while the end is not.
    while first > 0 && isInside(first - 1) { first -= 1 }
    while last < width - 1 && isInside(last + 1) { last += 1 }
    while first <= last && !isInside(first) { first += 1 }
    while last >= first && !isInside(last) { last -= 1 }
    return first <= last ? first...last : nil
}
