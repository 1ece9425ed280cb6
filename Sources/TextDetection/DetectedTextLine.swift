/// One text line found in an image: where it is and how sure the detector is.
public struct DetectedTextLine: Sendable, Hashable {
    /// The line's corners in the original image's pixels.
    public var quadrilateral: Quadrilateral
    /// Mean text probability inside the line, 0 to 1.
    public var score: Double
    /// For text set along a curve, the curve it follows, to be cut out along it; the
    /// quadrilateral then holds the whole bent line. Nil for a straight line.
    public var curve: TextCurve?

    public init(quadrilateral: Quadrilateral, score: Double, curve: TextCurve? = nil) {
        self.quadrilateral = quadrilateral
        self.score = score
        self.curve = curve
    }

    /// The corners in order: top-left, top-right, bottom-right, bottom-left.
    public var corners: [Point] { quadrilateral.corners }

    /// The line's angle in degrees, clockwise on screen; see `Quadrilateral.angle`.
    public var angle: Double { quadrilateral.angle }

    /// The smallest axis-aligned rectangle holding the line.
    public var boundingBox: BoundingBox { quadrilateral.boundingBox }
}
