internal import CTesseract
import PagePreparation
import TesseractReading
import TranslateModel

/// Where a prepared page has ink that none of its read lines covers: the lines layout analysis
/// left out of a dense screen (a tab bar's short labels, a price at the right end of a row, a
/// grey note in small type), each found as a word-sized cluster of dark pixels.
///
/// Works on a prepared page (dark text on a light background) in three steps: the page made
/// binary against its background, the read lines cleared from it, and what is left joined into
/// clusters by a brick about half a line wide and a quarter of one tall, so that a word's
/// letters, a syllable's parts and the words of one phrase join, while a row's label and value
/// and two rows stay apart.
enum MissedInk {
    /// One cluster of ink: its tight rectangle, and how much of it is solid ink, ink that a
    /// brick thicker than a letter's strokes fits inside (a drawn dot or badge has plenty,
    /// text, bold text too, none).
    struct Cluster: Equatable {
        var rect: PixelRect
        var solidShare: Double

        /// Whether it is a filled shape rather than strokes.
        var isFilled: Bool { solidShare >= tuning.missedInkFilledShare }
    }

    /// The clusters in `image` outside `lines` (rectangles in the image), with `lineHeight` the
    /// height of the page's read lines; empty when the page has no light background.
    static func clusters(in image: LeptonicaImage, outside lines: [PixelRect], lineHeight: Int) -> [Cluster] {
        guard lineHeight > 0, let background = backgroundLevel(of: image), background >= tuning.missedInkLightestBackground else { return [] }
        let threshold = Int32(max(1, background - tuning.missedInkContrast))
        guard let binaryPix = pixThresholdToBinary(image.pix, threshold) else { return [] }
        let binary = LeptonicaImage(owning: binaryPix)
        let margin = Int((Double(lineHeight) * tuning.missedInkLineMargin).rounded(.up))
        for line in lines {
            clear(line.grown(by: margin).clipped(width: image.width, height: image.height), in: binary)
        }
        let width = max(3, Int((Double(lineHeight) * tuning.missedInkJoinWidth).rounded()))
        let height = max(3, Int((Double(lineHeight) * tuning.missedInkJoinHeight).rounded()))
        guard let joinedPix = pixDilateBrick(nil, binary.pix, Int32(width), Int32(height)) else { return [] }
        let joined = LeptonicaImage(owning: joinedPix)
        let stroke = max(3, Int((Double(lineHeight) * tuning.missedInkSolidBrick).rounded()))
        guard let solidPix = pixErodeBrick(nil, binary.pix, Int32(stroke), Int32(stroke)) else { return [] }
        let solid = LeptonicaImage(owning: solidPix)
        guard let components = pixConnCompBB(joined.pix, 8) else { return [] }
        var boxes: UnsafeMutablePointer<BOXA>? = components
        defer { boxaDestroy(&boxes) }
        var clusters: [Cluster] = []
        for index in 0..<boxaGetCount(components) {
            guard let cluster = tightCluster(components, index: index, in: binary, solid: solid) else { continue }
            clusters.append(cluster)
        }
        return clusters
    }

    /// The clusters that look like a line of text of a page whose lines are `lineHeight` tall:
    /// about as tall as a line (a tab label in smaller type, a bold title), at least a letter
    /// wide, and not a filled shape like a drawn dot or badge; or a large title, taller but at
    /// least as wide as it is tall (`missedTitleTallest`). None when there are more than
    /// `missedInkMostLines`: a page that leaves that much unread is not a screen with a few
    /// lines missed.
    static func lineLike(_ clusters: [Cluster], lineHeight: Int) -> [PixelRect] {
        let height = Double(lineHeight)
        let lines = clusters.filter { cluster in
            let rect = cluster.rect
            let tall = Double(rect.height) > height * tuning.missedLineTallest
            let fits = tall
                ? Double(rect.height) <= height * tuning.missedTitleTallest && Double(rect.width) >= Double(rect.height) * tuning.missedTitleNarrowest
                : Double(rect.height) >= height * tuning.missedLineShortest
            return fits && Double(rect.width) >= height * tuning.missedLineNarrowest && !cluster.isFilled
        }
        guard lines.count <= tuning.missedInkMostLines else { return [] }
        return lines.map(\.rect)
    }

    /// The index of the line among `lines` that a missed line at `rect` continues: on its row,
    /// and nearer to it than the brick that joins a phrase's words would reach.
    static func lineContinued(by rect: PixelRect, among lines: [PixelRect], lineHeight: Int) -> Int? {
        let reach = Double(lineHeight) * tuning.missedInkJoinWidth
        return lines.indices.filter { index in
            let line = lines[index]
            let overlap = min(line.y + line.height, rect.y + rect.height) - max(line.y, rect.y)
            let gap = max(line.x - (rect.x + rect.width), rect.x - (line.x + line.width))
            return overlap * 2 >= min(line.height, rect.height) && Double(gap) <= reach
        }.min { abs(lines[$0].x - rect.x) < abs(lines[$1].x - rect.x) }
    }

    /// Whether two rectangles share at least a third of the smaller one's area.
    static func overlaps(_ first: PixelRect, _ second: PixelRect) -> Bool {
        let width = min(first.x + first.width, second.x + second.width) - max(first.x, second.x)
        let height = min(first.y + first.height, second.y + second.height) - max(first.y, second.y)
        guard width > 0, height > 0 else { return false }
        return width * height * 3 >= min(first.width * first.height, second.width * second.height)
    }

    /// The grey level most of the page has: its background.
    private static func backgroundLevel(of image: LeptonicaImage) -> Int? {
        guard let histogram = pixGetGrayHistogram(image.pix, 1) else { return nil }
        var numa: UnsafeMutablePointer<NUMA>? = histogram
        defer { numaDestroy(&numa) }
        var count: Float = 0
        var level: Int32 = 0
        guard numaGetMax(histogram, &count, &level) == 0 else { return nil }
        return Int(level)
    }

    private static func clear(_ rect: PixelRect, in binary: LeptonicaImage) {
        guard rect.width > 0, rect.height > 0, let box = boxCreate(Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height)) else { return }
        var owned: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&owned) }
        pixClearInRect(binary.pix, box)
    }

    /// The ink of `binary` inside component `index`'s rectangle: its tight box, and the share of
    /// the box that `solid` (the ink eroded by a brick) still covers.
    private static func tightCluster(_ components: UnsafeMutablePointer<BOXA>, index: Int32, in binary: LeptonicaImage,
                                     solid: LeptonicaImage) -> Cluster? {
        guard let joinedBox = boxaGetBox(components, index, Int32(L_CLONE)) else { return nil }
        var joined: UnsafeMutablePointer<BOX>? = joinedBox
        defer { boxDestroy(&joined) }
        var tight: UnsafeMutablePointer<BOX>?
        guard pixClipBoxToForeground(binary.pix, joinedBox, nil, &tight) == 0, let tightBox = tight else { return nil }
        defer { boxDestroy(&tight) }
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        boxGetGeometry(tightBox, &x, &y, &width, &height)
        var solidInk: Int32 = 0
        guard width > 0, height > 0, pixCountPixelsInRect(solid.pix, tightBox, &solidInk, nil) == 0 else { return nil }
        return Cluster(rect: PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)),
                       solidShare: Double(solidInk) / Double(width * height))
    }
}
