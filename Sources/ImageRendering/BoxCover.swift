import TranslateModel

/// The pixels that hide a box's text: its letters, thickened a little, inside the box grown
/// by a small margin. Nothing outside `area` changes when the box is covered and redrawn.
struct BoxCover {
    /// The box grown by `margin`: the letters' blended edges lie just outside a tight box.
    let polygon: [Point]
    /// The rectangle around `polygon`, on the page.
    let area: PixelRect
    /// `area` with the context the fill is made from around it.
    let region: PixelRect
    /// One byte per pixel of `region`: non-zero where the fill goes.
    let mask: [UInt8]
    /// How far around a masked pixel the fill looks.
    let radius: Double

    /// Share of the area masked above which the letters were not told from their background,
    /// and the whole box is filled instead.
    static let unclearShare = 0.6


    init?(frame: BoxFrame, colors: BoxColors, pixels: PagePixels) {
        let margin = frame.coverMargin
        let polygon = frame.grown(by: margin)
        self.polygon = polygon
        guard let area = boundingRect(of: polygon, width: pixels.width, height: pixels.height) else { return nil }
        self.area = area
        radius = max(3, (frame.height / 8).rounded())
        let context = Int(radius) + 2
        let left = max(0, area.x - context), top = max(0, area.y - context)
        let right = min(pixels.width, area.x + area.width + context), bottom = min(pixels.height, area.y + area.height + context)
        region = PixelRect(x: left, y: top, width: right - left, height: bottom - top)

        // Inside the grown box, by rows of `area`: each row's pixels inside form one run.
        var inside = [Bool](repeating: false, count: area.width * area.height)
        var ink = [Bool](repeating: false, count: area.width * area.height)
        var insideCount = 0, inkCount = 0
        let stride = pixels.bytesPerRow
        pixels.bytes.withUnsafeBufferPointer { bytes in
            for y in 0..<area.height {
                guard let run = insideRun(of: polygon, row: area.y + y, from: area.x, width: area.width) else { continue }
                for x in run {
                    let index = y * area.width + x
                    inside[index] = true
                    insideCount += 1
                    let offset = (area.y + y) * stride + (area.x + x) * 4
                    let luminance = 0.114 * Double(bytes[offset]) + 0.587 * Double(bytes[offset + 1]) + 0.299 * Double(bytes[offset + 2])
                    if colors.isInk(luminance: luminance) {
                        ink[index] = true
                        inkCount += 1
                    }
                }
            }
        }
        var filled = inside
        if insideCount > 0 && Double(inkCount) <= Double(insideCount) * Self.unclearShare {
            let thickening = max(1, Int((frame.height / 12).rounded()))
            let thickened = Self.dilated(ink, width: area.width, height: area.height, by: thickening)
            for index in filled.indices where filled[index] { filled[index] = thickened[index] }
        }
        var mask = [UInt8](repeating: 0, count: region.width * region.height)
        for y in 0..<area.height {
            let row = (area.y - region.y + y) * region.width + (area.x - region.x)
            for x in 0..<area.width where filled[y * area.width + x] { mask[row + x] = 255 }
        }
        self.mask = mask
    }

    /// Mean difference between neighbouring surround pixels (summed over the three channels)
    /// up to which the surround counts as smooth. Screenshots' flat backgrounds and gentle
    /// gradients measured 0–0.4, photographed walls, paper and signs 1.5–45; on a photo a blend
    /// along rows and columns draws streaks where an inpaint blurs.
    static let smoothRoughness = 1.0

    /// How a cover was filled.
    enum Fill: Equatable {
        /// Blended from the nearest surround pixels along rows and columns.
        case blend
        /// OpenCV's inpainting.
        case inpaint
    }

    /// Fills the mask on `canvas`: a blend along rows and columns where the surround is
    /// smooth, which is what an inpaint makes of it there too, at a small part of the cost;
    /// OpenCV's inpainting where the surround has texture.
    @discardableResult
    func fill(on canvas: Canvas) -> Fill {
        if let roughness = canvas.surroundRoughness(region, mask: mask), roughness <= Self.smoothRoughness,
           canvas.blendFromSurround(region, mask: mask) {
            return .blend
        }
        canvas.inpaint(region, mask: mask, radius: radius)
        return .inpaint
    }

    /// `marks` grown by `distance` pixels in every direction (a square), one direction at a time.
    static func dilated(_ marks: [Bool], width: Int, height: Int, by distance: Int) -> [Bool] {
        let across = dilatedAlongRuns(marks, runs: height, length: width, index: { row, x in row * width + x }, by: distance)
        return dilatedAlongRuns(across, runs: width, length: height, index: { column, y in y * width + column }, by: distance)
    }

    /// `marks` grown by `distance` along each of `runs` straight runs of `length` pixels (rows or
    /// columns); `index(run, position)` is a pixel's place in `marks`.
    private static func dilatedAlongRuns(_ marks: [Bool], runs: Int, length: Int, index: (Int, Int) -> Int,
                                         by distance: Int) -> [Bool] {
        var result = [Bool](repeating: false, count: marks.count)
        for run in 0..<runs {
            var marked: [Int] = []
            for position in 0..<length where marks[index(run, position)] { marked.append(position) }
            var next = 0
            for position in 0..<length {
                while next < marked.count && marked[next] < position - distance { next += 1 }
                if next < marked.count && marked[next] <= position + distance { result[index(run, position)] = true }
            }
        }
        return result
    }
}
