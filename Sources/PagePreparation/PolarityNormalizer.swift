import TranslateModel
/// Makes all text dark on white, region by region, whatever its own colours were.
///
/// Tesseract binarises a page with one threshold, which suits dark print on white paper and
/// fails on what screenshots are made of: light text on a dark page, a light panel on a dark
/// page, white text on a coloured button (a medium blue and its white text can fall on the same
/// side of the threshold, and the text vanishes). Here every pixel is compared with the
/// background it stands on instead:
///
/// 1. Background regions are the large flat areas of the page: pixels whose 3×3 neighbourhood
///    varies little, connected to a spot where a square of `seedRadius` fits (wider than any
///    text stroke, so the inside of a thick letter is never taken for background; on a page of
///    larger text the square grows with it, `narrowed`), and covering at least `minimumArea`
///    pixels.
/// 2. Every other pixel takes the value of the nearest background pixel as its background.
/// 3. Its distance from that background, amplified, is its darkness in the result: text lighter
///    than its background and text darker than it both come out dark on white.
/// 4. Where two different backgrounds meet (the edge of a button, a bubble, a card) the result
///    is left white, so that the outlines of shapes are not read as letters.
struct PolarityNormalizer: Sendable {
    /// Largest difference within a 3×3 neighbourhood for a pixel to count as flat.
    var flatRange = 18
    /// Half the side of the square that must fit inside a background region, on a page whose
    /// text is at most `seedTextHeight` tall (`seedRadius(forTextHeight:)`).
    var seedRadius = 4
    /// The text height (`TextSize`) up to which `seedRadius` is wide enough: a bold letter's
    /// strokes grow with its size, and in a phone screenshot at 3× (body text 27 px tall) a large
    /// title's strokes are 14 px wide, so that a square of 9 fits inside them and the letters
    /// were taken for background and lost (docs/experiments/screenshot-ocr.md,
    /// "Large bold text lost by the region-by-region polarity").
    var seedTextHeight = 14
    /// Smallest background region, in pixels.
    var minimumArea = 800
    /// How much a pixel's distance from its background is amplified in the image that skew, text
    /// size and orientation are measured on: solid shapes.
    var gain = 2.2
    /// The same for the image Tesseract reads, where the grey edges of letters should stay grey:
    /// with 2.2 strokes thickened and the dark, coloured and small screenshots read worse than
    /// with 1.5 (1.2 and 1.8 were worse as well), and a Korean word in a dark chat came out as
    /// Latin junk.
    var readingGain = 1.5
    /// Backgrounds differing by more than this within 5×5 pixels mark a shape's edge.
    var edgeContrast = 24

    /// What the normalizer found on a page.
    struct Result: Sendable {
        /// The page, dark text on white, for measuring.
        var image: GrayImage
        /// The page, dark text on white, for Tesseract to read.
        var readingImage: GrayImage
        /// Share of the text pixels that were lighter than their background (light text on dark).
        var lightTextShare: Double
        /// Share of the page's background area that is dark (below mid-grey).
        var darkBackgroundShare: Double
        /// Share of the page covered by background regions.
        var backgroundShare: Double
        /// Number of background regions.
        var regionCount: Int
    }

    /// The seed's half side for a page whose text is `height` tall, grown in proportion when that
    /// is taller than `seedTextHeight`: the page's paddings and panels grow with its text, so they
    /// still hold the larger square. Nil when the seed stays as it is.
    func seedRadius(forTextHeight height: Int?) -> Int? {
        guard let height, height > seedTextHeight else { return nil }
        let grown = seedRadius * height / seedTextHeight
        return grown > seedRadius ? grown : nil
    }

    /// The background regions a page was normalised with, kept so that a larger seed can narrow
    /// them (`narrowed`) without finding them again.
    struct Regions: Sendable {
        fileprivate let flat: [Bool]
        /// Each pixel's flat region, 1 and up; 0 outside every region.
        fileprivate let label: [Int32]
        /// Whether each region (by label; index 0 unused) is a background.
        fileprivate var kept: [Bool]
        /// Each region's pixel count and grey sum, by label less one.
        fileprivate let sizes: [(size: Int, sum: Int)]
    }

    func normalize(_ image: GrayImage) -> Result {
        normalizeKeepingRegions(image).result
    }

    /// `normalize`, with the regions found, nil for a page too small to have any.
    func normalizeKeepingRegions(_ image: GrayImage) -> (result: Result, regions: Regions?) {
        let width = image.width, height = image.height
        guard width >= 3, height >= 3 else { return (Self.unchanged(image), nil) }
        let flat = flatMask(image.pixels, width: width, height: height)
        let seeds = erode(flat, width: width, height: height, radius: seedRadius)
        let regions = findRegions(image.pixels, flat: flat, seeds: seeds, width: width)
        return (darkened(image, regions: regions), regions)
    }

    /// The page normalised with the seed's half side `radius` (larger than `seedRadius`), from
    /// the `regions` `normalizeKeepingRegions` found on it: the same as normalising it afresh,
    /// since a region is a whole flat area and holds the larger square or does not. Nil when
    /// every background holds it, and the result is the one already made.
    func narrowed(_ regions: Regions, of image: GrayImage, seedRadius radius: Int) -> Result? {
        let seeds = erode(regions.flat, width: image.width, height: image.height, radius: radius)
        var holdsSeed = [Bool](repeating: false, count: regions.kept.count)
        for index in seeds.indices where seeds[index] { holdsSeed[Int(regions.label[index])] = true }
        var narrowed = regions
        for id in narrowed.kept.indices where narrowed.kept[id] && !holdsSeed[id] { narrowed.kept[id] = false }
        guard narrowed.kept != regions.kept else { return nil }
        return darkened(image, regions: narrowed)
    }

    private static func unchanged(_ image: GrayImage) -> Result {
        Result(image: image, readingImage: image, lightTextShare: 0, darkBackgroundShare: 0, backgroundShare: 0, regionCount: 0)
    }

    /// Steps 2 to 4: every pixel measured against its nearest background.
    private func darkened(_ image: GrayImage, regions: Regions) -> Result {
        let width = image.width, height = image.height, count = width * height
        let gray = image.pixels
        let (background, regionCount, darkArea, backgroundArea) = backgroundMask(regions)
        guard backgroundArea > 0 else { return Self.unchanged(image) }
        let nearest = nearestBackground(gray, background: background, width: width, height: height)
        let low = filter(nearest, width: width, height: height, radius: 2, keepMaximum: false)
        let high = filter(nearest, width: width, height: height, radius: 2, keepMaximum: true)

        // A pixel's output depends only on its distance from its background: one table per gain
        // instead of a floating-point product per pixel.
        let measuring = Self.darknessTable(gain: gain), readingTable = Self.darknessTable(gain: readingGain)
        var output = [UInt8](repeating: 255, count: count)
        var reading = output
        let contrast = edgeContrast
        let (lightText, darkText) = output.withUnsafeMutableBufferPointer { output in
            reading.withUnsafeMutableBufferPointer { reading in
                Self.darken(gray: gray, nearest: nearest, low: low, high: high, background: background, contrast: contrast,
                            tables: (measuring, readingTable), into: (output.baseAddress!, reading.baseAddress!))
            }
        }
        let textPixels = lightText + darkText
        return Result(image: GrayImage(width: width, height: height, pixels: output),
                      readingImage: GrayImage(width: width, height: height, pixels: reading),
                      lightTextShare: textPixels == 0 ? 0 : Double(lightText) / Double(textPixels),
                      darkBackgroundShare: Double(darkArea) / Double(backgroundArea),
                      backgroundShare: Double(backgroundArea) / Double(count),
                      regionCount: regionCount)
    }

    /// Writes each text pixel's darkness (its distance from its background, through the tables)
    /// into the two outputs, leaving backgrounds and shape edges white; counts the light and dark
    /// text pixels.
    private static func darken(gray: [UInt8], nearest: [UInt8], low: [UInt8], high: [UInt8], background: [Bool], contrast: Int,
                               tables: ([UInt8], [UInt8]), into outputs: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>))
        -> (light: Int, dark: Int) {
        gray.withUnsafeBufferPointer { gray in
        nearest.withUnsafeBufferPointer { nearest in
        low.withUnsafeBufferPointer { low in
        high.withUnsafeBufferPointer { high in
        background.withUnsafeBufferPointer { background in
        tables.0.withUnsafeBufferPointer { measuring in
        tables.1.withUnsafeBufferPointer { reading in
            var light = 0, dark = 0
            for index in 0..<gray.count where !background[index] {
                if Int(high[index]) - Int(low[index]) > contrast { continue }
                let difference = Int(gray[index]) - Int(nearest[index])
                let magnitude = abs(difference)
                if magnitude > 48 {
                    if difference > 0 { light += 1 } else { dark += 1 }
                }
                outputs.0[index] = measuring[magnitude]
                outputs.1[index] = reading[magnitude]
            }
            return (light, dark)
        }}}}}}}
    }

    /// The output grey for each distance 0...255 from the background, amplified by `gain`.
    private static func darknessTable(gain: Double) -> [UInt8] {
        (0...255).map { UInt8(255 - min(255, Int(Double($0) * gain))) }
    }

    /// Pixels whose 3×3 neighbourhood spans at most `flatRange` grey levels.
    private func flatMask(_ gray: [UInt8], width: Int, height: Int) -> [Bool] {
        let low = filter(gray, width: width, height: height, radius: 1, keepMaximum: false)
        let high = filter(gray, width: width, height: height, radius: 1, keepMaximum: true)
        let range = flatRange
        var flat = [Bool](repeating: false, count: gray.count)
        flat.withUnsafeMutableBufferPointer { flat in
            low.withUnsafeBufferPointer { low in
                high.withUnsafeBufferPointer { high in
                    for index in 0..<low.count { flat[index] = Int(high[index]) - Int(low[index]) <= range }
                }
            }
        }
        return flat
    }

    /// Pixels around which a square of side 2·radius+1 is entirely set in `mask`.
    private func erode(_ mask: [Bool], width: Int, height: Int, radius: Int) -> [Bool] {
        var horizontal = [Bool](repeating: false, count: mask.count)
        var result = [Bool](repeating: false, count: mask.count)
        var runs = [Int](repeating: 0, count: max(width, height))
        horizontal.withUnsafeMutableBufferPointer { horizontal in
            runs.withUnsafeMutableBufferPointer { runs in
                mask.withUnsafeBufferPointer { mask in
                    Self.keepRuns(mask.baseAddress!, into: horizontal.baseAddress!, runs: runs.baseAddress!,
                                  lines: height, length: width, lineStep: width, step: 1, radius: radius)
                }
                result.withUnsafeMutableBufferPointer { result in
                    Self.keepRuns(UnsafePointer(horizontal.baseAddress!), into: result.baseAddress!, runs: runs.baseAddress!,
                                  lines: width, length: height, lineStep: 1, step: width, radius: radius)
                }
            }
        }
        return result
    }

    /// Along each of `lines` lines of `length` pixels, sets the pixels whose run of set pixels
    /// reaches `radius` either way. `runs[i]` is the length of the set run ending at i; the
    /// square's side fits at i when the run ending at i + radius is at least 2·radius+1 long.
    private static func keepRuns(_ mask: UnsafePointer<Bool>, into output: UnsafeMutablePointer<Bool>, runs: UnsafeMutablePointer<Int>,
                                 lines: Int, length: Int, lineStep: Int, step: Int, radius: Int) {
        let side = 2 * radius + 1
        for line in 0..<lines {
            let first = line * lineStep
            var run = 0
            for i in 0..<length {
                run = mask[first + i * step] ? run + 1 : 0
                runs[i] = run
            }
            for i in radius..<max(radius, length - radius) where runs[i + radius] >= side {
                output[first + i * step] = true
            }
        }
    }

    /// Flat regions grown from the seeds, each kept as a background when large enough.
    private func findRegions(_ gray: [UInt8], flat: [Bool], seeds: [Bool], width: Int) -> Regions {
        var label = [Int32](repeating: 0, count: gray.count)
        let sizes = label.withUnsafeMutableBufferPointer { label in
            gray.withUnsafeBufferPointer { gray in
                flat.withUnsafeBufferPointer { flat in
                    seeds.withUnsafeBufferPointer { seeds in
                        Self.labelRegions(gray: gray, flat: flat, seeds: seeds, width: width, label: label.baseAddress!)
                    }
                }
            }
        }
        return Regions(flat: flat, label: label, kept: [false] + sizes.map { $0.size >= minimumArea }, sizes: sizes)
    }

    /// The backgrounds' mask, their number, and their dark and total areas.
    private func backgroundMask(_ regions: Regions) -> (mask: [Bool], regions: Int, darkArea: Int, area: Int) {
        var darkArea = 0, area = 0, count = 0
        for (index, (size, sum)) in regions.sizes.enumerated() where regions.kept[index + 1] {
            count += 1
            area += size
            if sum / size < 128 { darkArea += size }
        }
        var mask = [Bool](repeating: false, count: regions.label.count)
        mask.withUnsafeMutableBufferPointer { mask in
            regions.label.withUnsafeBufferPointer { label in
                regions.kept.withUnsafeBufferPointer { keep in
                    for index in 0..<label.count where label[index] != 0 { mask[index] = keep[Int(label[index])] }
                }
            }
        }
        return (mask, count, darkArea, area)
    }

    /// Labels the flat pixels connected to each seed (4-connected), region 1, 2, … in the order
    /// their first seed is met; each region's pixel count and grey sum, in that order.
    private static func labelRegions(gray: UnsafeBufferPointer<UInt8>, flat: UnsafeBufferPointer<Bool>, seeds: UnsafeBufferPointer<Bool>,
                                     width: Int, label: UnsafeMutablePointer<Int32>) -> [(size: Int, sum: Int)] {
        let count = gray.count
        var sizes: [(size: Int, sum: Int)] = []
        var stack: [Int] = []
        for start in 0..<count where seeds[start] && label[start] == 0 {
            let id = Int32(sizes.count + 1)
            label[start] = id
            stack.append(start)
            var size = 0, sum = 0
            while let index = stack.popLast() {
                size += 1
                sum += Int(gray[index])
                let x = index % width
                // Up, down, left, right, as flat, unlabelled neighbours join the region.
                if index >= width, flat[index - width], label[index - width] == 0 {
                    label[index - width] = id
                    stack.append(index - width)
                }
                if index + width < count, flat[index + width], label[index + width] == 0 {
                    label[index + width] = id
                    stack.append(index + width)
                }
                if x > 0, flat[index - 1], label[index - 1] == 0 {
                    label[index - 1] = id
                    stack.append(index - 1)
                }
                if x < width - 1, flat[index + 1], label[index + 1] == 0 {
                    label[index + 1] = id
                    stack.append(index + 1)
                }
            }
            sizes.append((size, sum))
        }
        return sizes
    }

    /// For every pixel, the grey value of the nearest background pixel (chamfer 3-4 distance,
    /// two raster passes).
    private func nearestBackground(_ gray: [UInt8], background: [Bool], width: Int, height: Int) -> [UInt8] {
        var distance = [Int32](repeating: Int32.max / 2, count: gray.count)
        var value = [UInt8](repeating: 255, count: gray.count)
        distance.withUnsafeMutableBufferPointer { distance in
            value.withUnsafeMutableBufferPointer { value in
                gray.withUnsafeBufferPointer { gray in
                    background.withUnsafeBufferPointer { background in
                        for index in 0..<gray.count where background[index] {
                            distance[index] = 0
                            value[index] = gray[index]
                        }
                    }
                }
                Self.chamferPasses(distance: distance.baseAddress!, value: value.baseAddress!, width: width, height: height)
            }
        }
        return value
    }

    /// The two raster passes of the chamfer distance, carrying each background's value along.
    static func chamferPasses(distance: UnsafeMutablePointer<Int32>, value: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        @inline(__always) func relax(_ index: Int, _ from: Int, _ step: Int32) {
            let candidate = distance[from] + step
            if candidate < distance[index] {
                distance[index] = candidate
                value[index] = value[from]
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                if distance[index] == 0 { continue }
                if x > 0 { relax(index, index - 1, 3) }
                if y > 0 {
                    relax(index, index - width, 3)
                    if x > 0 { relax(index, index - width - 1, 4) }
                    if x < width - 1 { relax(index, index - width + 1, 4) }
                }
            }
        }
        for y in stride(from: height - 1, through: 0, by: -1) {
            for x in stride(from: width - 1, through: 0, by: -1) {
                let index = y * width + x
                if distance[index] == 0 { continue }
                if x < width - 1 { relax(index, index + 1, 3) }
                if y < height - 1 {
                    relax(index, index + width, 3)
                    if x < width - 1 { relax(index, index + width + 1, 4) }
                    if x > 0 { relax(index, index + width - 1, 4) }
                }
            }
        }
    }

    /// The minimum or maximum over a (2·radius+1)² square, edges clamped; separable.
    func filter(_ values: [UInt8], width: Int, height: Int, radius: Int, keepMaximum: Bool) -> [UInt8] {
        keepMaximum ? Self.squareExtreme(values, width: width, height: height, radius: radius, pick: Maximum.self)
                    : Self.squareExtreme(values, width: width, height: height, radius: radius, pick: Minimum.self)
    }

    /// `filter` as whole rows compared with whole rows shifted by one pixel at a time, so that
    /// the compiler can compare many pixels per instruction; the result is the same as taking
    /// each square's extreme pixel by pixel, since the pixels compared are the same.
    private static func squareExtreme<Pick: ExtremePick>(_ values: [UInt8], width: Int, height: Int, radius: Int,
                                                         pick: Pick.Type) -> [UInt8] {
        var horizontal = values
        var result = values
        // Row pointers, so that the inner loops index from zero without checked arithmetic.
        values.withUnsafeBufferPointer { values in
            horizontal.withUnsafeMutableBufferPointer { horizontal in
                for y in 0..<height {
                    let input = values.baseAddress! + y * width, row = horizontal.baseAddress! + y * width
                    for shift in stride(from: 1, through: min(radius, width - 1), by: 1) {
                        // Each pixel against the one `shift` to its left, then to its right.
                        let count = width - shift
                        let shifted = row + shift, right = input + shift
                        for x in 0..<count { shifted[x] = Pick.pick(shifted[x], input[x]) }
                        for x in 0..<count { row[x] = Pick.pick(row[x], right[x]) }
                    }
                }
            }
            result.withUnsafeMutableBufferPointer { result in
                horizontal.withUnsafeBufferPointer { horizontal in
                    for y in 0..<height {
                        let output = result.baseAddress! + y * width
                        output.update(from: horizontal.baseAddress! + y * width, count: width)
                        for shift in stride(from: 1, through: radius, by: 1) {
                            if y >= shift {
                                let above = horizontal.baseAddress! + (y - shift) * width
                                for x in 0..<width { output[x] = Pick.pick(output[x], above[x]) }
                            }
                            if y + shift < height {
                                let below = horizontal.baseAddress! + (y + shift) * width
                                for x in 0..<width { output[x] = Pick.pick(output[x], below[x]) }
                            }
                        }
                    }
                }
            }
        }
        return result
    }
}

/// The smaller or the larger of two grey values, chosen by type so that the filter's loops are
/// compiled once for each, without a branch per pixel.
private protocol ExtremePick {
    static func pick(_ a: UInt8, _ b: UInt8) -> UInt8
}

private enum Minimum: ExtremePick {
    @inline(__always) static func pick(_ a: UInt8, _ b: UInt8) -> UInt8 { min(a, b) }
}

private enum Maximum: ExtremePick {
    @inline(__always) static func pick(_ a: UInt8, _ b: UInt8) -> UInt8 { max(a, b) }
}
