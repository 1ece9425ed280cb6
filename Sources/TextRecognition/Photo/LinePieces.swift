import TextDetection

/// Pieces of one straight line that the detector broke at a word gap. Each piece is grown
/// before it is read (the detector's own growth, then `LineImage.padding`), and grown, each
/// takes in the other's edge letter: `choice guided` was read `choice` and `e guided`.
/// Where two such pieces' cut-outs overlap along the line, both are cut back to the middle of
/// the gap between them, which the detector's boxes, grown alike, share.
enum LinePieces {
    /// `padded` (the cut-outs of `lines`, the detector's boxes) with the ends of neighbouring
    /// pieces of one straight line moved back to where they meet. Lines that are not
    /// `straight` (set along a curve) are left as they are.
    static func trimmed(_ padded: [Quadrilateral], lines: [Quadrilateral], straight: [Bool]) -> [Quadrilateral] {
        var trimmed = padded
        for first in lines.indices where straight[first] {
            for second in lines.indices where second != first && straight[second] {
                guard let meeting = meeting(of: lines[first], before: lines[second]) else { continue }
                trimmed[first] = ending(trimmed[first], at: meeting.point, along: meeting.along)
                trimmed[second] = starting(trimmed[second], at: meeting.point, along: meeting.along)
            }
        }
        return trimmed
    }

    /// Where `line` and `next` meet, when `next` carries `line` on after a gap: the same
    /// direction and nearly the same height, its middle on `line`'s middle line, and its start
    /// past `line`'s middle and its end past `line`'s end. The point is halfway between
    /// `line`'s end and `next`'s start, on `line`'s middle line; `along` is `line`'s direction.
    static func meeting(of line: Quadrilateral, before next: Quadrilateral) -> (point: Point, along: Point)? {
        let height = line.height, nextHeight = next.height
        guard height > 0, nextHeight > 0, max(height, nextHeight) <= min(height, nextHeight) * tuning.linePieceHeightSpread
        else { return nil }
        var turn = abs(line.angle - next.angle).truncatingRemainder(dividingBy: 360)
        turn = min(turn, 360 - turn)
        guard turn <= tuning.linePieceMaximumTurn else { return nil }
        let along = line.along, centre = line.centre
        func position(_ point: Point) -> Double { (point.x - centre.x) * along.x + (point.y - centre.y) * along.y }
        let across = abs((next.centre.x - centre.x) * -along.y + (next.centre.y - centre.y) * along.x)
        let end = position(line.endMiddle), nextStart = position(next.startMiddle), nextEnd = position(next.endMiddle)
        guard across <= min(height, nextHeight) * tuning.linePieceOffset, nextStart > 0, nextEnd > end else { return nil }
        let middle = (end + nextStart) / 2
        return (Point(x: centre.x + along.x * middle, y: centre.y + along.y * middle), along)
    }

    /// `quad` with its end (its right edge, along `along`) moved back to `point` where it
    /// reaches past it.
    static func ending(_ quad: Quadrilateral, at point: Point, along: Point) -> Quadrilateral {
        var quad = quad
        quad.topRight = movedBack(quad.topRight, to: point, along: along, past: { $0 > 0 })
        quad.bottomRight = movedBack(quad.bottomRight, to: point, along: along, past: { $0 > 0 })
        return quad
    }

    /// `quad` with its start (its left edge, along `along`) moved on to `point` where it
    /// reaches back past it.
    static func starting(_ quad: Quadrilateral, at point: Point, along: Point) -> Quadrilateral {
        var quad = quad
        quad.topLeft = movedBack(quad.topLeft, to: point, along: along, past: { $0 < 0 })
        quad.bottomLeft = movedBack(quad.bottomLeft, to: point, along: along, past: { $0 < 0 })
        return quad
    }

    /// `corner` moved along `along` to the line through `point` across it, when its distance
    /// along from there is `past` it.
    private static func movedBack(_ corner: Point, to point: Point, along: Point, past: (Double) -> Bool) -> Point {
        let distance = (corner.x - point.x) * along.x + (corner.y - point.y) * along.y
        guard past(distance) else { return corner }
        return Point(x: corner.x - along.x * distance, y: corner.y - along.y * distance)
    }
}

private extension Quadrilateral {
    /// The unit vector along the line, from its start to its end.
    var along: Point {
        let x = topRight.x - topLeft.x + bottomRight.x - bottomLeft.x, y = topRight.y - topLeft.y + bottomRight.y - bottomLeft.y
        let length = (x * x + y * y).squareRoot()
        return length > 0 ? Point(x: x / length, y: y / length) : Point(x: 1, y: 0)
    }

    var centre: Point {
        Point(x: (topLeft.x + topRight.x + bottomRight.x + bottomLeft.x) / 4,
              y: (topLeft.y + topRight.y + bottomRight.y + bottomLeft.y) / 4)
    }

    /// The middle of the left edge, where the line starts.
    var startMiddle: Point { Point(x: (topLeft.x + bottomLeft.x) / 2, y: (topLeft.y + bottomLeft.y) / 2) }

    /// The middle of the right edge, where the line ends.
    var endMiddle: Point { Point(x: (topRight.x + bottomRight.x) / 2, y: (topRight.y + bottomRight.y) / 2) }
}
