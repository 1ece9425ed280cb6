import Testing
import TranslateModel
@testable import TextRecognition

/// Which clusters of ink outside a page's read lines are read as lines of their own, and which
/// read line a cluster completes. The page's lines are 20 pixels tall here.
@Suite struct MissedInkTests {
    private let lineHeight = 20

    private func cluster(width: Int, height: Int, solid: Double = 0, x: Int = 10, y: Int = 100) -> MissedInk.Cluster {
        MissedInk.Cluster(rect: PixelRect(x: x, y: y, width: width, height: height), solidShare: solid)
    }

    @Test("a word, a one-syllable tab label and a bold title are lines")
    func wordSizedClustersAreLines() {
        let clusters = [cluster(width: 60, height: 18), cluster(width: 14, height: 14), cluster(width: 120, height: 28)]
        #expect(MissedInk.lineLike(clusters, lineHeight: lineHeight) == clusters.map(\.rect))
    }

    @Test("a rule, a speck, a chevron taller than the text and a narrow bar are not")
    func clustersOfOtherShapesAreNot() {
        let clusters = [cluster(width: 300, height: 2), cluster(width: 6, height: 6), cluster(width: 20, height: 34),
                        cluster(width: 8, height: 20)]
        #expect(MissedInk.lineLike(clusters, lineHeight: lineHeight).isEmpty)
    }

    @Test("a filled dot or badge the size of a letter is not a line")
    func filledShapesAreNotLines() {
        #expect(MissedInk.lineLike([cluster(width: 16, height: 16, solid: 0.25)], lineHeight: lineHeight).isEmpty)
    }

    @Test("a page that leaves more unread than a few lines gets none read")
    func tooManyClustersAreLeftAlone() {
        let many = (0...tuning.missedInkMostLines).map { cluster(width: 40, height: 18, y: 30 * $0) }
        #expect(MissedInk.lineLike(many, lineHeight: lineHeight).isEmpty)
        #expect(MissedInk.lineLike(Array(many.dropLast()), lineHeight: lineHeight).count == tuning.missedInkMostLines)
    }

    @Test("a cluster just past a line's end on its row completes it; a row's value far to the right does not")
    func aClusterBesideALineCompletesIt() {
        let lines = [PixelRect(x: 10, y: 100, width: 200, height: 20), PixelRect(x: 10, y: 140, width: 100, height: 20)]
        #expect(MissedInk.lineContinued(by: PixelRect(x: 215, y: 102, width: 18, height: 18), among: lines, lineHeight: lineHeight) == 0)
        #expect(MissedInk.lineContinued(by: PixelRect(x: 300, y: 140, width: 40, height: 20), among: lines, lineHeight: lineHeight) == nil)
        #expect(MissedInk.lineContinued(by: PixelRect(x: 10, y: 180, width: 40, height: 20), among: lines, lineHeight: lineHeight) == nil)
    }
}
