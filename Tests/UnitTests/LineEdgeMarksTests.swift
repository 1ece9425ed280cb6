@testable import PagePreparation
import Testing
@testable import TextRecognition

/// Marks reaching into a line's cut-out from outside it, cleared before a retry.
@Suite struct LineEdgeMarksTests {
    /// A white 40×20 cut-out with `marks` (x, y, width, height) painted black.
    static func cutOut(_ marks: [(Int, Int, Int, Int)]) -> GrayImage {
        var image = GrayImage(width: 40, height: 20, filledWith: 255)
        for (left, top, width, height) in marks {
            for y in top..<top + height {
                for x in left..<left + width { image.pixels[y * 40 + x] = 0 }
            }
        }
        return image
    }

    @Test func aRimInTheCornerIsClearedAndTheTextKept() throws {
        // Two letters in the middle; a sign's rim crossing the top-left corner, 3 px thick,
        // running diagonally so that only its 8-connected steps join it up.
        var rim: [(Int, Int, Int, Int)] = []
        for step in 0..<6 { rim.append((step, 5 - step, 3, 1)) }
        let letters = [(12, 6, 4, 8), (22, 6, 4, 8)]
        let cleared = try #require(LineEdgeMarks.cleared(Self.cutOut(rim + letters), threshold: 128))
        #expect(cleared == Self.cutOut(letters))
    }

    @Test func aCutOutNoMarkReachesIsLeftAlone() {
        #expect(LineEdgeMarks.cleared(Self.cutOut([(12, 6, 4, 8), (22, 6, 4, 8)]), threshold: 128) == nil)
    }

    @Test func textThatReachesTheEdgeItselfIsLeftAlone() {
        // The letters run off the bottom edge (a cut too tight): most of the ink touches it.
        let image = Self.cutOut([(12, 6, 4, 14), (22, 6, 4, 14), (0, 0, 2, 2)])
        #expect(LineEdgeMarks.cleared(image, threshold: 128) == nil)
    }

    @Test("marks at a reading's ends are taken off; a reading without them, or of marks alone, gives nil")
    func marksAtAReadingsEndsAreTakenOff() {
        #expect(LineEdgeMarks.withoutEndMarks("(정지)") == "정지")
        #expect(LineEdgeMarks.withoutEndMarks(" | Croissant x2 2,20 € ") == "Croissant x2 2,20")
        #expect(LineEdgeMarks.withoutEndMarks(".김밥천국") == "김밥천국")
        #expect(LineEdgeMarks.withoutEndMarks("Open 8:00") == nil)
        #expect(LineEdgeMarks.withoutEndMarks("\"-,") == nil)
    }
}
