import Foundation
import Testing
import TextDetection
@testable import TextRecognition

/// Pieces of one straight line, broken at a word gap, are cut out up to where they meet.
@Suite struct LinePiecesTests {
    /// A level box from `left` to `right`, `height` tall, its top at `top`.
    private func box(_ left: Double, _ right: Double, top: Double = 100, height: Double = 100) -> Quadrilateral {
        Quadrilateral(topLeft: Point(x: left, y: top), topRight: Point(x: right, y: top),
                      bottomRight: Point(x: right, y: top + height), bottomLeft: Point(x: left, y: top + height))
    }

    /// `quad` turned `degrees` clockwise about the origin.
    private func turned(_ quad: Quadrilateral, by degrees: Double) -> Quadrilateral {
        let angle = degrees * .pi / 180
        func turn(_ p: Point) -> Point { Point(x: p.x * cos(angle) - p.y * sin(angle), y: p.x * sin(angle) + p.y * cos(angle)) }
        return Quadrilateral(topLeft: turn(quad.topLeft), topRight: turn(quad.topRight),
                             bottomRight: turn(quad.bottomRight), bottomLeft: turn(quad.bottomLeft))
    }

    private func trimmed(_ lines: [Quadrilateral]) -> [Quadrilateral] {
        LinePieces.trimmed(lines.map(LineImage.padded), lines: lines, straight: lines.map { _ in true })
    }

    /// `choice` and `guided`, 30 apart: padded by 20 each, their cut-outs overlapped by 10;
    /// both now end at the middle of the gap, and keep their padding everywhere else.
    @Test func piecesOfOneLineMeetHalfwayBetweenThem() {
        let cut = trimmed([box(100, 500), box(530, 900)])
        #expect(cut[0].topRight.x == 515 && cut[0].bottomRight.x == 515)
        #expect(cut[1].topLeft.x == 515 && cut[1].bottomLeft.x == 515)
        #expect(cut[0].topLeft.x == 80 && cut[1].topRight.x == 920)
        #expect(cut[0].topLeft.y == 80 && cut[0].bottomRight.y == 220)
    }

    /// The same on a tilted line: the cut is across the line, where the two meet.
    @Test func tiltedPiecesMeetAcrossTheLine() {
        let cut = trimmed([turned(box(100, 500), by: 8), turned(box(530, 900), by: 8)])
        let end = Point(x: (cut[0].topRight.x + cut[0].bottomRight.x) / 2, y: (cut[0].topRight.y + cut[0].bottomRight.y) / 2)
        let start = Point(x: (cut[1].topLeft.x + cut[1].bottomLeft.x) / 2, y: (cut[1].topLeft.y + cut[1].bottomLeft.y) / 2)
        #expect(end.distance(to: start) < 0.001)
        #expect(abs(end.distance(to: Point(x: 0, y: 0)) - Point(x: 515, y: 150).distance(to: Point(x: 0, y: 0))) < 0.001)
    }

    /// Lines far apart, one above the other, of very different heights or turned apart keep
    /// their padding.
    @Test func otherLinesKeepTheirPadding() {
        let apart = [box(100, 500), box(600, 900)]
        #expect(trimmed(apart) == apart.map(LineImage.padded))
        let rows = [box(100, 500), box(480, 900, top: 200)]
        #expect(trimmed(rows) == rows.map(LineImage.padded))
        let sizes = [box(100, 500), box(530, 900, top: 50, height: 200)]
        #expect(trimmed(sizes) == sizes.map(LineImage.padded))
        // The second turned 20° about its start, which stays where it was.
        let second = turned(box(530, 900), by: 20), shift = Point(x: 530 - second.topLeft.x, y: 100 - second.topLeft.y)
        let crossing = [box(100, 500), Quadrilateral(
            topLeft: Point(x: second.topLeft.x + shift.x, y: second.topLeft.y + shift.y),
            topRight: Point(x: second.topRight.x + shift.x, y: second.topRight.y + shift.y),
            bottomRight: Point(x: second.bottomRight.x + shift.x, y: second.bottomRight.y + shift.y),
            bottomLeft: Point(x: second.bottomLeft.x + shift.x, y: second.bottomLeft.y + shift.y))]
        #expect(trimmed(crossing) == crossing.map(LineImage.padded))
    }

    /// A line along a curve is never trimmed, nor trims its neighbour.
    @Test func curvedLinesAreLeftAsTheyAre() {
        let lines = [box(100, 500), box(530, 900)]
        let padded = lines.map(LineImage.padded)
        #expect(LinePieces.trimmed(padded, lines: lines, straight: [true, false]) == padded)
    }
}
