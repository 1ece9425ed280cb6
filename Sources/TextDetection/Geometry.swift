/// A point in image pixels: x to the right, y down, pixel (i, j) centred on (i, j).
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Straight-line distance to `other`.
    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

/// An axis-aligned rectangle in image pixels.
public struct BoundingBox: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var area: Double { width * height }

    /// The overlap with `other`, or nil when they do not overlap.
    public func intersection(_ other: BoundingBox) -> BoundingBox? {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return BoundingBox(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Intersection over union: 0 for disjoint boxes, 1 for equal ones.
    public func intersectionOverUnion(_ other: BoundingBox) -> Double {
        guard let overlap = intersection(other) else { return 0 }
        return overlap.area / (area + other.area - overlap.area)
    }
}
