import Foundation

/// A photographed rectangle's true width over its height, worked out from its four corners in
/// the photo with a pinhole camera model.
///
/// The side lengths of the quadrilateral alone mislead: the half of a tilted page that is
/// further from the camera comes out smaller, so a page photographed at a strong angle looks
/// shorter than it is. The camera is taken to have square pixels and its principal point at
/// the image's centre, which holds for phone photos that were not cropped. Its focal length
/// is measured from the quadrilateral when the two pairs of sides both converge clearly (a
/// rectangle's sides meet at right angles, which only one focal length makes true); otherwise
/// a phone's usual focal length is assumed.
public struct PageProportions: Sendable, Hashable {
    /// The rectangle's width (along its top edge) over its height.
    public var aspectRatio: Double
    /// The focal length used, in pixels.
    public var focalLength: Double
    /// Whether `focalLength` was measured from the quadrilateral rather than assumed.
    public var focalLengthMeasured: Bool

    /// The focal length assumed when the quadrilateral cannot tell it, as a share of the
    /// image's diagonal: a phone's main camera, about 26 mm in 35 mm terms (26 / 43.3).
    public static let assumedFocalShare = 0.6
    /// The focal lengths believed when measured, as shares of the diagonal: from an ultra-wide
    /// camera (13 mm, 0.3) to a cropped telephoto shot.
    public static let plausibleFocalShares = 0.25...4.0
    /// How far, in image diagonals from the centre, both vanishing points must lie for the
    /// focal length to be measured: sides that barely converge leave it undetermined, and a
    /// pixel of error in a corner would move it anywhere.
    public static let farthestVanishingPoint = 20.0

    /// The proportions of the rectangle seen as `quadrilateral` in an image of the given size;
    /// nil when the corners do not make a convex quadrilateral that a camera could have seen.
    public init?(of quadrilateral: Quadrilateral, imageWidth: Int, imageHeight: Int) {
        let centre = Point(x: Double(imageWidth) / 2, y: Double(imageHeight) / 2)
        let diagonal = Double(imageWidth * imageWidth + imageHeight * imageHeight).squareRoot()
        guard diagonal > 0 else { return nil }
        // Corners as homogeneous vectors, measured from the principal point.
        func vector(_ point: Point) -> Vector3 { Vector3(point.x - centre.x, point.y - centre.y, 1) }
        let topLeft = vector(quadrilateral.topLeft), topRight = vector(quadrilateral.topRight)
        let bottomLeft = vector(quadrilateral.bottomLeft), bottomRight = vector(quadrilateral.bottomRight)

        // On the page, bottom-right = top-right + bottom-left - top-left. Seen through the
        // camera each corner is its ray scaled by an unknown depth; with top-left's depth 1,
        // crossing out bottom-right's ray leaves top-right's depth and bottom-left's.
        let diagonalRay = topLeft.cross(bottomRight)
        let rightDenominator = topRight.cross(bottomRight).dot(bottomLeft)
        let downDenominator = bottomLeft.cross(bottomRight).dot(topRight)
        guard abs(rightDenominator) > 1e-9, abs(downDenominator) > 1e-9 else { return nil }
        let rightDepth = diagonalRay.dot(bottomLeft) / rightDenominator
        let downDepth = diagonalRay.dot(topRight) / downDenominator
        // A corner behind the camera: not a photographed rectangle.
        guard rightDepth > 0, downDepth > 0 else { return nil }
        // The page's top edge and left edge as the camera sees them, up to the one common
        // scale: (x, y, z) stands for the direction (x / f, y / f, z) in space.
        let across = topRight.scaled(by: rightDepth) - topLeft
        let down = bottomLeft.scaled(by: downDepth) - topLeft

        var focalLength = Self.assumedFocalShare * diagonal
        var measured = false
        // Where each pair of sides meets, in diagonals from the centre: |(x, y)| / |z|.
        let reach = Self.farthestVanishingPoint * diagonal
        if abs(across.z) * reach > across.planarLength, abs(down.z) * reach > down.planarLength {
            // The two edges are perpendicular in space:
            // (across.x * down.x + across.y * down.y) / f^2 + across.z * down.z = 0.
            let squared = -(across.x * down.x + across.y * down.y) / (across.z * down.z)
            if squared > 0, Self.plausibleFocalShares.contains(squared.squareRoot() / diagonal) {
                focalLength = squared.squareRoot()
                measured = true
            }
        }
        let f2 = focalLength * focalLength
        let width = (across.planarLength * across.planarLength + f2 * across.z * across.z).squareRoot()
        let height = (down.planarLength * down.planarLength + f2 * down.z * down.z).squareRoot()
        guard width > 0, height > 0, (width / height).isFinite else { return nil }
        self.aspectRatio = width / height
        self.focalLength = focalLength
        self.focalLengthMeasured = measured
    }
}

extension Quadrilateral {
    /// The size of this page's flat crop in an image of the given size: the page's true
    /// proportions (`PageProportions`), with the longer of each pair of opposite sides kept
    /// where that is the larger dimension and the other one stretched to match, so that no
    /// detail is lost. `flatCropSize` when the proportions cannot be worked out.
    public func flatPageSize(imageWidth: Int, imageHeight: Int) -> (width: Int, height: Int) {
        let sides = flatCropSize
        guard let proportions = PageProportions(of: self, imageWidth: imageWidth, imageHeight: imageHeight) else {
            return sides
        }
        let ratio = proportions.aspectRatio
        let width = Double(sides.width), height = Double(sides.height)
        // The same cap as the crop's: a wild estimate cannot ask for an absurd buffer.
        func clamped(_ value: Double) -> Int { Int(min(max(value.rounded(), 1), 32768)) }
        if width / height >= ratio {
            return (sides.width, clamped(width / ratio))
        }
        return (clamped(height * ratio), sides.height)
    }
}

/// A 3-vector, just enough for the projective geometry above.
struct Vector3: Hashable {
    var x: Double, y: Double, z: Double

    init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    func cross(_ other: Vector3) -> Vector3 {
        Vector3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
    }

    func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

    func scaled(by factor: Double) -> Vector3 { Vector3(x * factor, y * factor, z * factor) }

    static func - (left: Vector3, right: Vector3) -> Vector3 {
        Vector3(left.x - right.x, left.y - right.y, left.z - right.z)
    }

    /// The length of (x, y).
    var planarLength: Double { (x * x + y * y).squareRoot() }
}
