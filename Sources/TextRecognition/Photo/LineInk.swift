import PagePreparation

/// A photo line's ink made as dark along the whole line as where it is darkest.
///
/// Glare adds light to the letters as well as to the paper around them. Dividing a line by its
/// background (`LineImage.backgroundEvened`) whitens the paper, but letters under the glare stay
/// a light grey, and one threshold for the whole line, as Tesseract's own Otsu binarisation is,
/// drops them: a Russian sign's `повернув` and `интернету`, their ends under glare, read
/// `поверн` and `интерн` at 92.
enum LineInk {
    /// `image`, dark text on an evened white background, with each stretch of it darkened so
    /// that its darkest ink is as dark as the line's darkest. Each stretch is
    /// `tuning.lineInkTileWidth` line heights wide; one whose darkest pixel is within
    /// `tuning.lineInkMinimumContrast` of white holds no ink (a word gap) and takes its
    /// neighbours' level. The levels are interpolated between the stretches' middles, so that no
    /// seam shows. Only ever darkens: where the ink is as dark as the line's darkest, nothing
    /// changes.
    static func evened(_ image: GrayImage) -> GrayImage {
        let width = image.width, height = image.height
        let tile = max(4, Int(Double(height) * tuning.lineInkTileWidth))
        guard width >= 2 * tile, height >= 2 else { return image }
        let levels = inkLevels(image, tile: tile)
        guard let darkest = levels.min(), darkest < 255 else { return image }
        var result = image
        for x in 0..<width {
            // Between the middles of the two nearest stretches.
            let position = (Double(x) + 0.5) / Double(tile) - 0.5
            let left = min(levels.count - 1, max(0, Int(position.rounded(.down))))
            let right = min(levels.count - 1, left + 1)
            let share = min(1, max(0, position - Double(left)))
            let local = Double(levels[left]) * (1 - share) + Double(levels[right]) * share
            let gain = (255 - Double(darkest)) / max(1, 255 - local)
            guard gain > 1 else { continue }
            for y in 0..<height {
                let value = Double(image[x, y])
                result[x, y] = UInt8(max(0, min(255, 255 - (255 - value) * gain)).rounded())
            }
        }
        return result
    }

    /// The darkest level of each stretch `tile` wide, measured on 2×2 means so that a single
    /// noisy pixel does not count as ink; a stretch without ink takes the nearest one's level,
    /// and all are 255 when no stretch has ink.
    static func inkLevels(_ image: GrayImage, tile: Int) -> [UInt8] {
        let width = image.width, height = image.height
        var columnDarkest = [Int](repeating: 255, count: width)
        for x in 0..<(width - 1) {
            var darkest = 255
            for y in 0..<(height - 1) {
                let mean = (Int(image[x, y]) + Int(image[x + 1, y]) + Int(image[x, y + 1]) + Int(image[x + 1, y + 1])) / 4
                darkest = min(darkest, mean)
            }
            columnDarkest[x] = darkest
        }
        columnDarkest[width - 1] = columnDarkest[width - 2]
        let count = (width + tile - 1) / tile
        let measured: [Int?] = (0..<count).map { index in
            let darkest = columnDarkest[(index * tile)..<min(width, (index + 1) * tile)].min() ?? 255
            return 255 - darkest >= tuning.lineInkMinimumContrast ? darkest : nil
        }
        guard measured.contains(where: { $0 != nil }) else { return [UInt8](repeating: 255, count: count) }
        return measured.indices.map { index in
            if let level = measured[index] { return UInt8(level) }
            let nearest = measured.indices.filter { measured[$0] != nil }.min { abs($0 - index) < abs($1 - index) }!
            return UInt8(measured[nearest]!)
        }
    }
}
