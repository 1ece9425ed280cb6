internal import CImageRendering
import TranslateModel

/// A colour, 0–255 per channel.
public struct RGBColor: Equatable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let black = RGBColor(red: 0, green: 0, blue: 0)
    public static let white = RGBColor(red: 255, green: 255, blue: 255)

    /// Perceived brightness, 0–255 (Rec. 601 weights).
    public var luminance: Double { 0.299 * red + 0.587 * green + 0.114 * blue }

    /// `#rrggbb`, for HTML.
    public var hex: String {
        "#" + [red, green, blue].map { value in
            let byte = Int(max(0, min(255, value.rounded())))
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }.joined()
    }

    func cValue(alpha: Double = 1) -> CImageRendering_Color {
        CImageRendering_Color(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
    }
}

/// The two colours of a box of text: its letters and what they stand on.
public struct BoxColors: Equatable, Sendable {
    public var ink: RGBColor
    public var background: RGBColor
    /// Luminance that separates ink from background; ink lies above it when `inkIsLight`.
    public var threshold: Double
    public var inkIsLight: Bool

    /// Whether a pixel of this luminance belongs to the letters.
    public func isInk(luminance: Double) -> Bool {
        inkIsLight ? luminance > threshold : luminance <= threshold
    }

    /// The colours of the text inside `rect` of `pixels`: the pixels split in two by
    /// brightness (Otsu's threshold); the side the box's edge mostly lies on is the
    /// background, the other the ink. The ink's colour is the mean of its clearest third,
    /// since the letters' edges are blended with the background. Ink too close to its
    /// background to read is replaced by black or white, whichever stands out more.
    public static func of(_ rect: PixelRect, in pixels: PagePixels) -> BoxColors {
        let samples = Sampler(rect: rect, pixels: pixels)
        var histogram = [Int](repeating: 0, count: 256)
        samples.forEach { _, _, color in histogram[Int(color.luminance.rounded())] += 1 }
        let threshold = Double(otsuThreshold(histogram))
        var edgeAbove = 0, edgeCount = 0
        samples.forEachOnEdge { color in
            edgeCount += 1
            if color.luminance > threshold { edgeAbove += 1 }
        }
        let backgroundIsLight = edgeAbove * 2 >= edgeCount
        var background = Mean(), inkLuminances: [Double] = []
        samples.forEach { _, _, color in
            if (color.luminance > threshold) == backgroundIsLight { background.add(color) } else { inkLuminances.append(color.luminance) }
        }
        let backgroundColor = background.value ?? (backgroundIsLight ? .white : .black)
        // The clearest third of the ink: the darkest of dark letters, the lightest of light ones.
        inkLuminances.sort()
        let cut = inkLuminances.isEmpty ? threshold : inkLuminances[backgroundIsLight ? inkLuminances.count / 3 : inkLuminances.count * 2 / 3]
        var ink = Mean()
        samples.forEach { _, _, color in
            let value = color.luminance
            if (value > threshold) != backgroundIsLight, backgroundIsLight ? value <= cut : value >= cut { ink.add(color) }
        }
        var inkColor = ink.value ?? (backgroundIsLight ? .black : .white)
        if abs(inkColor.luminance - backgroundColor.luminance) < minimumContrast {
            inkColor = backgroundColor.luminance > 128 ? .black : .white
        }
        return BoxColors(ink: inkColor, background: backgroundColor, threshold: threshold, inkIsLight: !backgroundIsLight)
    }

    /// Least difference in luminance between letters and background that still reads.
    static let minimumContrast = 60.0

    /// The threshold that best splits `histogram` in two classes (Otsu, 1979).
    static func otsuThreshold(_ histogram: [Int]) -> Int {
        let total = histogram.reduce(0, +)
        guard total > 0 else { return 127 }
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var below = 0, belowSum = 0.0, best = 0.0, bestThreshold = 127
        for level in 0..<255 {
            below += histogram[level]
            belowSum += Double(level * histogram[level])
            let above = total - below
            if below == 0 || above == 0 { continue }
            let meanBelow = belowSum / Double(below), meanAbove = (sum - belowSum) / Double(above)
            let between = Double(below) * Double(above) * (meanBelow - meanAbove) * (meanBelow - meanAbove)
            if between > best {
                best = between
                bestThreshold = level
            }
        }
        return bestThreshold
    }
}

/// A running mean of colours.
private struct Mean {
    var red = 0.0, green = 0.0, blue = 0.0, count = 0

    mutating func add(_ color: RGBColor) {
        red += color.red
        green += color.green
        blue += color.blue
        count += 1
    }

    var value: RGBColor? {
        count == 0 ? nil : RGBColor(red: red / Double(count), green: green / Double(count), blue: blue / Double(count))
    }
}

/// The pixels of a rectangle, every one for a small box and an even grid of about
/// `sampleLimit` for a large one, so that a box in a 20-megapixel photo costs no more.
private struct Sampler {
    let rect: PixelRect
    let pixels: PagePixels
    let step: Int

    static let sampleLimit = 40_000

    init(rect: PixelRect, pixels: PagePixels) {
        let left = max(0, rect.x), top = max(0, rect.y)
        let right = min(pixels.width, rect.x + rect.width), bottom = min(pixels.height, rect.y + rect.height)
        self.rect = PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
        self.pixels = pixels
        let area = self.rect.width * self.rect.height
        step = max(1, Int((Double(area) / Double(Self.sampleLimit)).squareRoot()))
    }

    func color(_ x: Int, _ y: Int) -> RGBColor {
        let offset = y * pixels.bytesPerRow + x * 4
        return pixels.bytes.withUnsafeBufferPointer { bytes in
            RGBColor(red: Double(bytes[offset + 2]), green: Double(bytes[offset + 1]), blue: Double(bytes[offset]))
        }
    }

    func forEach(_ body: (Int, Int, RGBColor) -> Void) {
        for y in stride(from: rect.y, to: rect.y + rect.height, by: step) {
            for x in stride(from: rect.x, to: rect.x + rect.width, by: step) { body(x, y, color(x, y)) }
        }
    }

    /// The outermost ring of pixels.
    func forEachOnEdge(_ body: (RGBColor) -> Void) {
        guard rect.width > 0, rect.height > 0 else { return }
        let right = rect.x + rect.width - 1, bottom = rect.y + rect.height - 1
        for x in stride(from: rect.x, through: right, by: step) {
            body(color(x, rect.y))
            if bottom != rect.y { body(color(x, bottom)) }
        }
        for y in stride(from: rect.y + 1, to: bottom, by: step) {
            body(color(rect.x, y))
            if right != rect.x { body(color(right, y)) }
        }
    }
}
