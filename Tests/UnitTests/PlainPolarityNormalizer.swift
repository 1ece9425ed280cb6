@testable import PagePreparation
@testable import TextRecognition

/// The polarity normalisation written plainly, one array access and one multiplication at a
/// time, as it was before it was made faster: `PolarityNormalizer` must give exactly what this
/// gives. The chamfer distance's raster passes were only moved there, so they are shared.
struct PlainPolarityNormalizer {
    let settings = PolarityNormalizer()
    var flatRange: Int { settings.flatRange }
    var seedRadius: Int { settings.seedRadius }
    var minimumArea: Int { settings.minimumArea }
    var gain: Double { settings.gain }
    var readingGain: Double { settings.readingGain }
    var edgeContrast: Int { settings.edgeContrast }

    func normalize(_ image: GrayImage) -> PolarityNormalizer.Result {
        let width = image.width, height = image.height, count = width * height
        guard width >= 3, height >= 3 else {
            return PolarityNormalizer.Result(image: image, readingImage: image, lightTextShare: 0, darkBackgroundShare: 0, backgroundShare: 0, regionCount: 0)
        }
        let gray = image.pixels
        let flat = flatMask(gray, width: width, height: height)
        let seeds = erode(flat, width: width, height: height, radius: seedRadius)
        let (background, regions, darkArea, backgroundArea) = backgroundRegions(gray, flat: flat, seeds: seeds, width: width, height: height)
        guard backgroundArea > 0 else {
            return PolarityNormalizer.Result(image: image, readingImage: image, lightTextShare: 0, darkBackgroundShare: 0, backgroundShare: 0, regionCount: 0)
        }
        let nearest = nearestBackground(gray, background: background, width: width, height: height)
        let low = filter(nearest, width: width, height: height, radius: 2, keepMaximum: false)
        let high = filter(nearest, width: width, height: height, radius: 2, keepMaximum: true)

        var output = [UInt8](repeating: 255, count: count)
        var reading = output
        var lightText = 0, darkText = 0
        for index in 0..<count where !background[index] {
            if Int(high[index]) - Int(low[index]) > edgeContrast { continue }
            let difference = Int(gray[index]) - Int(nearest[index])
            let magnitude = abs(difference)
            if magnitude > 48 {
                if difference > 0 { lightText += 1 } else { darkText += 1 }
            }
            output[index] = UInt8(255 - min(255, Int(Double(magnitude) * gain)))
            reading[index] = UInt8(255 - min(255, Int(Double(magnitude) * readingGain)))
        }
        let textPixels = lightText + darkText
        return PolarityNormalizer.Result(image: GrayImage(width: width, height: height, pixels: output),
                      readingImage: GrayImage(width: width, height: height, pixels: reading),
                      lightTextShare: textPixels == 0 ? 0 : Double(lightText) / Double(textPixels),
                      darkBackgroundShare: Double(darkArea) / Double(backgroundArea),
                      backgroundShare: Double(backgroundArea) / Double(count),
                      regionCount: regions)
    }

    /// Pixels whose 3×3 neighbourhood spans at most `flatRange` grey levels.
    private func flatMask(_ gray: [UInt8], width: Int, height: Int) -> [Bool] {
        let low = filter(gray, width: width, height: height, radius: 1, keepMaximum: false)
        let high = filter(gray, width: width, height: height, radius: 1, keepMaximum: true)
        var flat = [Bool](repeating: false, count: gray.count)
        for index in 0..<gray.count { flat[index] = Int(high[index]) - Int(low[index]) <= flatRange }
        return flat
    }

    /// Pixels around which a square of side 2·radius+1 is entirely set in `mask`.
    private func erode(_ mask: [Bool], width: Int, height: Int, radius: Int) -> [Bool] {
        var horizontal = [Bool](repeating: false, count: mask.count)
        for y in 0..<height {
            var run = 0
            let row = y * width
            // run = length of the set run ending at x; the square's row fits when the run ending at
            // x + radius is at least 2·radius+1 long.
            var runs = [Int](repeating: 0, count: width)
            for x in 0..<width {
                run = mask[row + x] ? run + 1 : 0
                runs[x] = run
            }
            for x in radius..<max(radius, width - radius) where runs[x + radius] >= 2 * radius + 1 {
                horizontal[row + x] = true
            }
        }
        var result = [Bool](repeating: false, count: mask.count)
        for x in 0..<width {
            var run = 0
            var runs = [Int](repeating: 0, count: height)
            for y in 0..<height {
                run = horizontal[y * width + x] ? run + 1 : 0
                runs[y] = run
            }
            for y in radius..<max(radius, height - radius) where runs[y + radius] >= 2 * radius + 1 {
                result[y * width + x] = true
            }
        }
        return result
    }

    /// Flat regions grown from the seeds, kept when large enough: the mask, the number of
    /// regions, and the dark and total background areas.
    private func backgroundRegions(_ gray: [UInt8], flat: [Bool], seeds: [Bool], width: Int, height: Int)
        -> (mask: [Bool], regions: Int, darkArea: Int, area: Int) {
        var label = [Int32](repeating: 0, count: gray.count)
        var keep: [Bool] = [false]
        var darkArea = 0, area = 0, regions = 0
        var stack: [Int] = []
        for start in 0..<gray.count where seeds[start] && label[start] == 0 {
            let id = Int32(keep.count)
            label[start] = id
            stack.append(start)
            var size = 0, sum = 0
            while let index = stack.popLast() {
                size += 1
                sum += Int(gray[index])
                let x = index % width
                for neighbour in [index - width, index + width, x > 0 ? index - 1 : -1, x < width - 1 ? index + 1 : -1]
                where neighbour >= 0 && neighbour < gray.count && flat[neighbour] && label[neighbour] == 0 {
                    label[neighbour] = id
                    stack.append(neighbour)
                }
            }
            let kept = size >= minimumArea
            keep.append(kept)
            if kept {
                regions += 1
                area += size
                if sum / size < 128 { darkArea += size }
            }
        }
        var mask = [Bool](repeating: false, count: gray.count)
        for index in 0..<gray.count where label[index] != 0 { mask[index] = keep[Int(label[index])] }
        return (mask, regions, darkArea, area)
    }

    /// For every pixel, the grey value of the nearest background pixel (chamfer 3-4 distance,
    /// two raster passes).
    private func nearestBackground(_ gray: [UInt8], background: [Bool], width: Int, height: Int) -> [UInt8] {
        let far = Int32.max / 2
        var distance = [Int32](repeating: far, count: gray.count)
        var value = [UInt8](repeating: 255, count: gray.count)
        for index in 0..<gray.count where background[index] {
            distance[index] = 0
            value[index] = gray[index]
        }
        // The raster passes were moved, not changed: the live ones are used.
        distance.withUnsafeMutableBufferPointer { distance in
            value.withUnsafeMutableBufferPointer { value in
                PolarityNormalizer.chamferPasses(distance: distance.baseAddress!, value: value.baseAddress!, width: width, height: height)
            }
        }
        return value
    }

    /// The minimum or maximum over a (2·radius+1)² square, edges clamped; separable.
    func filter(_ values: [UInt8], width: Int, height: Int, radius: Int, keepMaximum: Bool) -> [UInt8] {
        var horizontal = values
        for y in 0..<height {
            let row = y * width
            for x in 0..<width {
                var best = values[row + x]
                for dx in max(0, x - radius)...min(width - 1, x + radius) {
                    let v = values[row + dx]
                    best = keepMaximum ? max(best, v) : min(best, v)
                }
                horizontal[row + x] = best
            }
        }
        var result = horizontal
        for y in 0..<height {
            for x in 0..<width {
                var best = horizontal[y * width + x]
                for dy in max(0, y - radius)...min(height - 1, y + radius) {
                    let v = horizontal[dy * width + x]
                    best = keepMaximum ? max(best, v) : min(best, v)
                }
                result[y * width + x] = best
            }
        }
        return result
    }
}
