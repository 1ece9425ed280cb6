/// One text line found in an image: where it is and how sure the detector is.
public struct DetectedTextLine: Sendable, Hashable {
    /// The line's corners in the original image's pixels.
    public var quadrilateral: Quadrilateral
    /// Mean text probability inside the line, 0 to 1.
    public var score: Double

    public init(quadrilateral: Quadrilateral, score: Double) {
        self.quadrilateral = quadrilateral
        self.score = score
    }

    /// The corners in order: top-left, top-right, bottom-right, bottom-left.
    public var corners: [Point] { quadrilateral.corners }

    /// The line's angle in degrees, clockwise on screen; see `Quadrilateral.angle`.
    public var angle: Double { quadrilateral.angle }

    /// The smallest axis-aligned rectangle holding the line.
    public var boundingBox: BoundingBox { quadrilateral.boundingBox }
}
