import Foundation

/// Four corners of a text line or a page, named along its reading direction.
///
/// For a detected line, the top edge runs from `topLeft` to `topRight` along the line's long
/// side, pointing right (or down for a vertical line); the detector cannot tell a line from the
/// same line upside down, so "top" is a guess that a reader must check. For a found page, the
/// top edge is the one whose middle is highest in the image.
public struct Quadrilateral: Sendable, Hashable {
    public var topLeft: Point
    public var topRight: Point
    public var bottomRight: Point
    public var bottomLeft: Point

    public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The corners in order: top-left, top-right, bottom-right, bottom-left.
    public var corners: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// The top edge's angle in degrees, clockwise on screen from the x axis: 0 for level text,
    /// 90 for a line read downwards.
    public var angle: Double {
        atan2(topRight.y - topLeft.y, topRight.x - topLeft.x) * 180 / .pi
    }

    /// The mean length of the left and right edges: a line's height across it.
    public var height: Double {
        (topLeft.distance(to: bottomLeft) + topRight.distance(to: bottomRight)) / 2
    }

    /// The smallest axis-aligned rectangle holding all four corners.
    public var boundingBox: BoundingBox {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let left = xs.min()!, top = ys.min()!
        return BoundingBox(x: left, y: top, width: xs.max()! - left, height: ys.max()! - top)
    }
}

extension Quadrilateral {
    /// Moved outwards on every side by `share` of its height: the detector's boxes hug the
    /// ink, and a reader needs some background around the letters at the edges.
    public func padded(byShareOfHeight share: Double) -> Quadrilateral {
        padded(alongByShareOfHeight: share, acrossByShareOfHeight: share)
    }

    /// Moved outwards by `alongShare` of its height before and after the line, and by
    /// `acrossShare` of it above and below.
    public func padded(alongByShareOfHeight alongShare: Double, acrossByShareOfHeight acrossShare: Double) -> Quadrilateral {
        let height = self.height
        let width = (topLeft.distance(to: topRight) + bottomLeft.distance(to: bottomRight)) / 2
        guard height > 0, width > 0 else { return self }
        // Unit vectors along the line and down across it.
        let along = Point(x: (topRight.x - topLeft.x + bottomRight.x - bottomLeft.x) / (2 * width),
                          y: (topRight.y - topLeft.y + bottomRight.y - bottomLeft.y) / (2 * width))
        let down = Point(x: (bottomLeft.x - topLeft.x + bottomRight.x - topRight.x) / (2 * height),
                         y: (bottomLeft.y - topLeft.y + bottomRight.y - topRight.y) / (2 * height))
        let alongMargin = height * alongShare, acrossMargin = height * acrossShare
        func moved(_ point: Point, _ a: Double, _ d: Double) -> Point {
            Point(x: point.x + along.x * a * alongMargin + down.x * d * acrossMargin,
                  y: point.y + along.y * a * alongMargin + down.y * d * acrossMargin)
        }
        return Quadrilateral(topLeft: moved(topLeft, -1, -1), topRight: moved(topRight, 1, -1),
                             bottomRight: moved(bottomRight, 1, 1), bottomLeft: moved(bottomLeft, -1, 1))
    }
}
