/// A perspective map of the plane (a homography): how a flat page appears in a photo, and back.
/// Straight lines stay straight; parallel ones may meet.
///
/// A point (x, y) maps to ((a x + b y + c) / w, (d x + e y + f) / w) with w = g x + h y + i,
/// where `matrix` is [a, b, c, d, e, f, g, h, i].
public struct Homography: Sendable, Hashable {
    /// The 3 x 3 matrix, row by row, scaled so that its largest entry in size is 1 (a matrix
    /// and its multiples are the same map; this makes equal maps compare equal).
    public let matrix: [Double]

    /// The map with this matrix (row by row); nil unless it has nine finite entries and can be
    /// undone (its determinant is not zero).
    public init?(matrix: [Double]) {
        guard matrix.count == 9, matrix.allSatisfy(\.isFinite) else { return nil }
        let largest = matrix.max { abs($0) < abs($1) }!
        guard largest != 0 else { return nil }
        let scaled = matrix.map { $0 / largest }
        guard abs(Self.determinant(scaled)) > 1e-12 else { return nil }
        self.matrix = scaled
    }

    /// The map that takes each of four `source` points to the `target` point at the same
    /// index; nil when three of either lie on one line (or there are not four of each).
    public init?(from source: [Point], to target: [Point]) {
        guard source.count == 4, target.count == 4,
              (source + target).allSatisfy({ $0.x.isFinite && $0.y.isFinite })
        else { return nil }
        // Each side's points are moved to their centroid and scaled to a mean distance of
        // sqrt(2) from it first, which keeps the equations well conditioned (Hartley's
        // normalisation); the solution is then put back into pixels.
        guard let fromSource = Self.normalisation(source), let fromTarget = Self.normalisation(target),
              let toTarget = fromTarget.inverse
        else { return nil }
        let s = source.map(fromSource.map), t = target.map(fromTarget.map)

        // With the last entry fixed at 1, each pair of points gives two linear equations in the
        // other eight: a x + b y + c - g x u - h y u = u, and the same with d, e, f for v.
        var rows: [[Double]] = []
        for (p, q) in zip(s, t) {
            rows.append([p.x, p.y, 1, 0, 0, 0, -p.x * q.x, -p.y * q.x, q.x])
            rows.append([0, 0, 0, p.x, p.y, 1, -p.x * q.y, -p.y * q.y, q.y])
        }
        guard let solution = Self.solve(rows), let normalised = Homography(matrix: solution + [1]) else { return nil }
        guard let result = Homography(matrix: Self.product(toTarget.matrix, Self.product(normalised.matrix, fromSource.matrix)))
        else { return nil }
        self = result
    }

    /// The map that takes each corner of `source` to the same corner of `target`.
    public init?(from source: Quadrilateral, to target: Quadrilateral) {
        self.init(from: source.corners, to: target.corners)
    }

    /// Where `point` lands. A point on the line this map sends to infinity (for a page, the
    /// horizon of its plane, never on the page itself) lands at infinite or NaN coordinates.
    public func map(_ point: Point) -> Point {
        let m = matrix
        let w = m[6] * point.x + m[7] * point.y + m[8]
        return Point(x: (m[0] * point.x + m[1] * point.y + m[2]) / w, y: (m[3] * point.x + m[4] * point.y + m[5]) / w)
    }

    /// Where each corner of `quadrilateral` lands.
    public func map(_ quadrilateral: Quadrilateral) -> Quadrilateral {
        Quadrilateral(
            topLeft: map(quadrilateral.topLeft),
            topRight: map(quadrilateral.topRight),
            bottomRight: map(quadrilateral.bottomRight),
            bottomLeft: map(quadrilateral.bottomLeft)
        )
    }

    /// Where the corners of `box` land: a box read on a flat page becomes four corners in the
    /// photo (top-left, top-right, bottom-right, bottom-left of the box).
    public func map(_ box: BoundingBox) -> Quadrilateral {
        map(Quadrilateral(
            topLeft: Point(x: box.x, y: box.y),
            topRight: Point(x: box.maxX, y: box.y),
            bottomRight: Point(x: box.maxX, y: box.maxY),
            bottomLeft: Point(x: box.x, y: box.maxY)
        ))
    }

    /// The map that undoes this one.
    public var inverse: Homography? {
        let m = matrix
        // The adjugate: the inverse up to a scale, which a homography ignores.
        let adjugate = [
            m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
            m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
            m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
        ]
        return Homography(matrix: adjugate)
    }

    private static func determinant(_ m: [Double]) -> Double {
        m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
    }

    private static func product(_ a: [Double], _ b: [Double]) -> [Double] {
        var result = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                for k in 0..<3 { result[row * 3 + column] += a[row * 3 + k] * b[k * 3 + column] }
            }
        }
        return result
    }

    /// The similarity that moves `points` to their centroid and scales them to a mean distance
    /// of sqrt(2); nil when they all coincide.
    private static func normalisation(_ points: [Point]) -> Homography? {
        let count = Double(points.count)
        let centre = Point(x: points.map(\.x).reduce(0, +) / count, y: points.map(\.y).reduce(0, +) / count)
        let spread = points.map { $0.distance(to: centre) }.reduce(0, +) / count
        guard spread > 0 else { return nil }
        let scale = 2.0.squareRoot() / spread
        return Homography(matrix: [scale, 0, -scale * centre.x, 0, scale, -scale * centre.y, 0, 0, 1])
    }

    /// Solves the linear system whose augmented rows are `rows` (each n coefficients, then the
    /// right-hand side) by Gaussian elimination with partial pivoting; nil when it is singular.
    private static func solve(_ rows: [[Double]]) -> [Double]? {
        var a = rows
        let n = a.count
        let scale = a.flatMap { $0.dropLast() }.map(abs).max() ?? 0
        guard scale > 0 else { return nil }
        for column in 0..<n {
            let pivot = (column..<n).max { abs(a[$0][column]) < abs(a[$1][column]) }!
            guard abs(a[pivot][column]) > 1e-10 * scale else { return nil }
            a.swapAt(column, pivot)
            for row in column + 1..<n {
                let factor = a[row][column] / a[column][column]
                if factor == 0 { continue }
                for k in column...n { a[row][k] -= factor * a[column][k] }
            }
        }
        var solution = [Double](repeating: 0, count: n)
        for row in (0..<n).reversed() {
            let known = (row + 1..<n).reduce(0) { $0 + a[row][$1] * solution[$1] }
            solution[row] = (a[row][n] - known) / a[row][row]
        }
        return solution
    }
}

extension Quadrilateral {
    /// The map from the image's pixels to this quadrilateral's flat crop, as `flatCrop` warps
    /// it: `topLeft` to (0, 0), `topRight` to (width, 0), `bottomRight` to (width, height) and
    /// `bottomLeft` to (0, height), with the size `flatCropSize`. Nil for a degenerate
    /// quadrilateral (three corners on one line).
    public var imageToFlatCrop: Homography? {
        imageToFlatCrop(size: flatCropSize)
    }

    /// The map from the flat crop's pixels back to the image's: it puts a box read on the flat
    /// page back into the photo, as four corners. Nil for a degenerate quadrilateral.
    public var flatCropToImage: Homography? {
        imageToFlatCrop?.inverse
    }

    /// The map from the image's pixels to a flat crop of the given size (`flatCrop(size:)`).
    public func imageToFlatCrop(size: (width: Int, height: Int)) -> Homography? {
        let width = Double(size.width), height = Double(size.height)
        let rectangle = [Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height), Point(x: 0, y: height)]
        return Homography(from: corners, to: rectangle)
    }

    /// The map from a flat crop of the given size back to the image's pixels.
    public func flatCropToImage(size: (width: Int, height: Int)) -> Homography? {
        imageToFlatCrop(size: size)?.inverse
    }
}
