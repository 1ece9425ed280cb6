internal import CTesseract
import PagePreparation
import TextDetection
import TranslateModel

/// One detected text line cut out of a page, flat and upright, prepared the way Tesseract
/// reads a single line best, with the way back to the page's pixels.
struct LineImage {
    /// The line's four corners in the page, padded around the text.
    let quadrilateral: Quadrilateral
    /// For a line set along a curve, the curve it was cut out along, padded as the
    /// quadrilateral is: the crop is the line straightened, and its pixels map back along it.
    let curve: TextCurve?
    /// Dark text on white, scaled to `targetHeight`, its background evened out
    /// (`backgroundEvened`) and its ink too (`LineInk`), with a white border: the grey line, and
    /// the same binarised (Otsu). Neither reads best everywhere: the grey line keeps the fine
    /// strokes of small Chinese text, the binarised one reads bold signs and faded print.
    let image: GrayImage
    let binarizedImage: GrayImage
    /// The grey line before its border: what the marks reaching in from its edges are cleared
    /// from, only for the few lines read again so (`image(.edgesCleared)`).
    private let evened: GrayImage

    /// Which of the prepared lines a reading was made from.
    enum Preparation {
        case grey, binarized, edgesCleared, unbordered
    }

    /// The prepared line `preparation` names; for `edgesCleared`, the grey line with the marks
    /// that reach in from outside it cleared (`LineEdgeMarks`), or nil when none does; for
    /// `unbordered`, the grey line with its border before and after it only. Tesseract scales a
    /// line's whole height to its own: with the border above and below too, a sign's large
    /// `신체감각을`, padded already, filled less than half of it and read at 29, its first
    /// syllable unsure; without, at 93.
    func image(_ preparation: Preparation) -> GrayImage? {
        switch preparation {
        case .grey: image
        case .binarized: binarizedImage
        case .unbordered: evened.bordered(along: Self.border, across: 0, value: 255)
        case .edgesCleared:
            LineEdgeMarks.cleared(evened, threshold: Self.otsuThreshold(evened.pixels))?.bordered(Self.border, value: 255)
        }
    }
    /// The line as it was cut out, flat, before any preparation: what the recognizer reads.
    let flat: GrayImage
    /// A short straight line (`ShortLineRereading.isShort`) cut again at the detector's own
    /// height, with `tuning.shortLinePaddingAlong` of it before and after: what the recognizer
    /// reads it again from. Nil for other lines.
    let shortLineCut: GrayImage?

    /// The detector's boxes hug the ink; Tesseract reads a line's edge letters poorly without
    /// some background around them. Padding is a share of the line's height.
    static let padding = 0.2
    /// The height lines are scaled to: text read best at about this size (small text grows,
    /// big text shrinks, which also keeps reading fast).
    static let targetHeight = 56
    /// White added around the prepared line.
    static let border = 8

    private let scale: Double
    private let cropWidth: Int
    private let cropHeight: Int

    /// Cuts `line` out of `page`, padded (`cutOut`: padded already, `padded(line)` unless
    /// it is given), or, for a line set along `curve`, straightens it out along the curve; nil
    /// when it is too small to hold text.
    init?(_ line: Quadrilateral, curve: TextCurve? = nil, cutOut: Quadrilateral? = nil, in page: GrayImage) {
        let paddedCurve = curve?.padded(byShareOfThickness: Self.padding)
        let padded = paddedCurve?.boundingQuadrilateral ?? cutOut ?? Self.padded(line)
        let size = paddedCurve?.straightenedSize ?? padded.flatCropSize
        func cut() throws(TextDetectionError) -> CroppedImage {
            if let paddedCurve {
                return try paddedCurve.straightenedCrop(pixels: page.pixels, width: page.width, height: page.height,
                                                        bytesPerRow: page.width, channels: 1)
            }
            return try padded.flatCrop(pixels: page.pixels, width: page.width, height: page.height, bytesPerRow: page.width, channels: 1)
        }
        guard size.width >= 4, size.height >= 4, let crop = try? cut() else { return nil }
        quadrilateral = padded
        self.curve = paddedCurve
        cropWidth = crop.width
        cropHeight = crop.height
        let flat = GrayImage(width: crop.width, height: crop.height, pixels: crop.pixels)
        self.flat = flat
        shortLineCut = curve == nil && ShortLineRereading.isShort(flat)
            ? Self.cutAtItsHeight(line, in: page) : nil
        scale = Double(Self.targetHeight) / Double(crop.height)
        let even = LineInk.evened(Self.backgroundEvened(Self.darkOnLight(flat.scaled(by: scale))))
        evened = even
        image = even.bordered(Self.border, value: 255)
        binarizedImage = Self.binarized(even).bordered(Self.border, value: 255)
    }

    /// `image` (dark text on light) divided by its background, then stretched again: glare,
    /// shade and a gradient across a sign become one even white, so that one threshold fits the
    /// whole line (a Korean sign's bold name under glare read `|` at 0, evened `김 밥 천국` at 93).
    /// The background is the line closed (its light spread over the strokes) by a square
    /// `lineBackgroundSize` of the line's height across, then averaged over the same square.
    /// `image` itself when Leptonica fails.
    static func backgroundEvened(_ image: GrayImage) -> GrayImage {
        let size = max(3, Int(Double(image.height) * tuning.lineBackgroundSize) | 1)
        // The average's half-sizes, kept within the image as Leptonica asks.
        let halfWidth = min(size / 2, (image.width - 1) / 2), halfHeight = min(size / 2, (image.height - 1) / 2)
        guard halfWidth > 0, halfHeight > 0, let source = image.leptonicaImage(),
              let closed = pixCloseGray(source.pix, Int32(size), Int32(size)).map(LeptonicaImage.init(owning:)),
              let averaged = pixBlockconvGray(closed.pix, nil, Int32(halfWidth), Int32(halfHeight)).map(LeptonicaImage.init(owning:)),
              let background = GrayImage(averaged.pix), background.width == image.width, background.height == image.height
        else { return image }
        let divided = zip(image.pixels, background.pixels).map { value, light in
            UInt8(min(255, Double(value) * 255 / Double(max(1, light))))
        }
        return darkOnLight(GrayImage(width: image.width, height: image.height, pixels: divided))
    }

    /// `line` cut out with no padding above and below, and `tuning.shortLinePaddingAlong` of its
    /// height before and after; nil when it cannot be cut.
    static func cutAtItsHeight(_ line: Quadrilateral, in page: GrayImage) -> GrayImage? {
        let padded = line.padded(alongByShareOfHeight: tuning.shortLinePaddingAlong, acrossByShareOfHeight: 0)
        guard let crop = try? padded.flatCrop(pixels: page.pixels, width: page.width, height: page.height,
                                              bytesPerRow: page.width, channels: 1) else { return nil }
        return GrayImage(width: crop.width, height: crop.height, pixels: crop.pixels)
    }

    /// `line` moved outwards by `padding` of its height on every side.
    static func padded(_ line: Quadrilateral) -> Quadrilateral {
        line.padded(byShareOfHeight: padding)
    }

    /// Otsu's threshold, with the text dark whichever way round it was: the background is
    /// the side the line's border pixels are on.
    static func binarized(_ image: GrayImage) -> GrayImage {
        let threshold = otsuThreshold(image.pixels)
        let lightBackground = hasLightBackground(image, threshold: threshold)
        return GrayImage(width: image.width, height: image.height, pixels: image.pixels.map { value in
            (value > threshold) == lightBackground ? 255 : 0
        })
    }

    /// The line as it is, stretched to the full grey range, inverted when its background (the
    /// side of Otsu's threshold its border pixels are on) is dark.
    static func darkOnLight(_ image: GrayImage) -> GrayImage {
        // One histogram for Otsu's threshold and for the 2nd and 98th percentiles.
        let histogram = histogram(of: image.pixels)
        let invert = !hasLightBackground(image, threshold: otsuThreshold(histogram: histogram))
        func level(ranked rank: Int) -> Double {
            var seen = 0
            for (value, count) in histogram.enumerated() {
                seen += count
                if seen > rank { return Double(value) }
            }
            return 255
        }
        let count = image.pixels.count
        let low = level(ranked: count / 50), high = level(ranked: count - 1 - count / 50)
        let range = max(1, high - low)
        // One output level per input level.
        let levels = (0..<256).map { value in
            let stretched = max(0, min(255, (Double(value) - low) / range * 255))
            return UInt8(invert ? 255 - stretched : stretched)
        }
        return GrayImage(width: image.width, height: image.height, pixels: image.pixels.map { levels[Int($0)] })
    }

    /// Whether most of the line's border pixels are above `threshold`: the background is light.
    static func hasLightBackground(_ image: GrayImage, threshold: UInt8) -> Bool {
        var light = 0, count = 0
        for x in 0..<image.width {
            for y in [0, image.height - 1] {
                count += 1
                if image[x, y] > threshold { light += 1 }
            }
        }
        for y in 0..<image.height {
            for x in [0, image.width - 1] {
                count += 1
                if image[x, y] > threshold { light += 1 }
            }
        }
        return light * 2 >= count
    }

    /// How many of `pixels` there are at each grey level.
    static func histogram(of pixels: [UInt8]) -> [Int] {
        var histogram = [Int](repeating: 0, count: 256)
        for value in pixels { histogram[Int(value)] += 1 }
        return histogram
    }

    /// The grey level that best splits `pixels` into two classes (Otsu's method).
    static func otsuThreshold(_ pixels: [UInt8]) -> UInt8 {
        otsuThreshold(histogram: histogram(of: pixels))
    }

    /// Otsu's threshold of the pixels counted in `histogram`.
    static func otsuThreshold(histogram: [Int]) -> UInt8 {
        let total = Double(histogram.reduce(0, +))
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var backgroundWeight = 0.0, backgroundSum = 0.0, best = 0.0, threshold = 0
        for level in 0..<256 {
            backgroundWeight += Double(histogram[level])
            guard backgroundWeight > 0, backgroundWeight < total else { continue }
            backgroundSum += Double(level * histogram[level])
            let backgroundMean = backgroundSum / backgroundWeight
            let foregroundMean = (sum - backgroundSum) / (total - backgroundWeight)
            let between = backgroundWeight * (total - backgroundWeight) * (backgroundMean - foregroundMean) * (backgroundMean - foregroundMean)
            if between > best {
                best = between
                threshold = level
            }
        }
        return UInt8(threshold)
    }

    /// The white border above and below the line in `preparation`'s image.
    private static func borderAcross(_ preparation: Preparation) -> Int {
        preparation == .unbordered ? 0 : border
    }

    /// A point of `preparation`'s image (as read, `quarterTurns` clockwise from the flat crop)
    /// in the page's pixels.
    func pagePoint(x: Double, y: Double, quarterTurns: Int, preparation: Preparation = .grey) -> Point {
        let across = Double(Self.borderAcross(preparation))
        let width = Double(image.width), height = Double(evened.height) + 2 * across
        // Undo the turn: back to the prepared crop's own axes.
        var (u, v) = (x, y)
        switch ((quarterTurns % 4) + 4) % 4 {
        case 1: (u, v) = (y, height - x)
        case 2: (u, v) = (width - x, height - y)
        case 3: (u, v) = (width - y, x)
        default: break
        }
        // Undo the border and the scale, then go along the quadrilateral's sides.
        let s = (u - Double(Self.border)) / scale / Double(cropWidth)
        let t = (v - across) / scale / Double(cropHeight)
        if let curve { return curve.point(along: s, down: t) }
        let q = quadrilateral
        let top = Point(x: q.topLeft.x + (q.topRight.x - q.topLeft.x) * s, y: q.topLeft.y + (q.topRight.y - q.topLeft.y) * s)
        let bottom = Point(x: q.bottomLeft.x + (q.bottomRight.x - q.bottomLeft.x) * s,
                           y: q.bottomLeft.y + (q.bottomRight.y - q.bottomLeft.y) * s)
        return Point(x: top.x + (bottom.x - top.x) * t, y: top.y + (bottom.y - top.y) * t)
    }

    /// The page rectangle around a rectangle of `preparation`'s image (turned `quarterTurns`),
    /// clipped to the page.
    func pageRect(_ rect: PixelRect, quarterTurns: Int, preparation: Preparation = .grey, pageWidth: Int, pageHeight: Int) -> PixelRect {
        let corners = [(rect.x, rect.y), (rect.x + rect.width, rect.y), (rect.x, rect.y + rect.height),
                       (rect.x + rect.width, rect.y + rect.height)]
            .map { pagePoint(x: Double($0.0), y: Double($0.1), quarterTurns: quarterTurns, preparation: preparation) }
        return Self.boundingRect(corners, pageWidth: pageWidth, pageHeight: pageHeight)
    }

    static func boundingRect(_ points: [Point], pageWidth: Int, pageHeight: Int) -> PixelRect {
        let left = max(0, Int(points.map(\.x).min()!.rounded(.down)))
        let top = max(0, Int(points.map(\.y).min()!.rounded(.down)))
        let right = min(pageWidth, Int(points.map(\.x).max()!.rounded(.up)))
        let bottom = min(pageHeight, Int(points.map(\.y).max()!.rounded(.up)))
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}
