import TranslateModel
/// How tall the text of a page is, from the connected dark shapes of its normalised image,
/// and how much to enlarge it for Tesseract.
///
/// Tesseract reads best when letters are a few dozen pixels tall. UI text on a standard-density
/// screen is 11–13 px, and enlarging it 2–3 times roughly halves the error rate; enlarging text
/// that is already large makes it worse. So only small text is scaled, and only up to the size
/// Tesseract likes.
struct TextSize: Sendable, Equatable {
    /// The height of the text, in pixels (see `measure`); nil when no letters were found.
    var textHeight: Int?
    /// How many letter-like shapes were measured.
    var shapeCount: Int

    /// The factor to enlarge the page by: 1 when the text is large enough (or was not measured),
    /// else enough to bring the median shape to `targetHeight`, in steps of a half.
    func scaleFactor(_ tuning: PreparationTuning) -> Double {
        guard let height = textHeight, shapeCount >= 3, height < tuning.comfortableHeight, height > 0 else { return 1 }
        let factor = (Double(tuning.textTargetHeight) / Double(height) * 2).rounded() / 2
        return min(tuning.maximumEnlargement, max(1, factor))
    }

    /// Measures the dark shapes (below `threshold`) of `image`, which holds dark text on white.
    ///
    /// Letters break into several shapes (the parts of a Hangul syllable, the dot of an i), so
    /// shapes stacked above one another are joined first; the size is then the height that four
    /// in five of the joined shapes stay below, which is close to the height of capitals and CJK
    /// characters, whatever the script.
    static func measure(_ image: GrayImage, threshold: UInt8 = 128) -> TextSize {
        let shapes = ConnectedShapes.boxes(in: image, threshold: threshold).filter { box in
            box.height >= 2 && box.width <= image.width / 3 && box.height <= image.height / 4 && box.pixelCount >= 3
        }
        let heights = stacked(shapes).compactMap { box -> Int? in
            // Letters: not specks, not rules or frames.
            guard box.height >= 4, box.width <= box.height * 4 else { return nil }
            return box.height
        }.sorted()
        guard !heights.isEmpty else { return TextSize(textHeight: nil, shapeCount: 0) }
        return TextSize(textHeight: heights[heights.count * 4 / 5], shapeCount: heights.count)
    }

    /// Joins shapes that overlap horizontally by half the narrower one, are vertically closer
    /// than a third of the shorter one's height, and together are at most twice as tall as the
    /// taller one (so that letters of two lines are never joined).
    static func stacked(_ shapes: [ConnectedShapes.Box]) -> [ConnectedShapes.Box] {
        var boxes = shapes.sorted { $0.x < $1.x }
        var merged = true
        while merged {
            merged = false
            var index = 0
            while index < boxes.count {
                var other = index + 1
                while other < boxes.count && boxes[other].x < boxes[index].x + boxes[index].width {
                    let a = boxes[index], b = boxes[other]
                    let overlap = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
                    let gap = max(a.y, b.y) - min(a.y + a.height, b.y + b.height)
                    let joinedHeight = max(a.y + a.height, b.y + b.height) - min(a.y, b.y)
                    if overlap * 2 >= min(a.width, b.width) && gap <= max(1, min(a.height, b.height) / 3)
                        && joinedHeight <= 2 * max(a.height, b.height) {
                        let left = min(a.x, b.x), top = min(a.y, b.y)
                        boxes[index] = ConnectedShapes.Box(x: left, y: top, width: max(a.x + a.width, b.x + b.width) - left,
                                                           height: max(a.y + a.height, b.y + b.height) - top,
                                                           pixelCount: a.pixelCount + b.pixelCount)
                        boxes.remove(at: other)
                        merged = true
                    } else {
                        other += 1
                    }
                }
                index += 1
            }
        }
        return boxes
    }
}

/// Bounding boxes of the 8-connected dark shapes of a grey image.
enum ConnectedShapes {
    struct Box: Sendable, Equatable {
        var x: Int, y: Int, width: Int, height: Int
        var pixelCount: Int
    }

    static func boxes(in image: GrayImage, threshold: UInt8) -> [Box] {
        let width = image.width, height = image.height
        var seen = [Bool](repeating: false, count: width * height)
        var boxes: [Box] = []
        var stack: [Int] = []
        for start in 0..<(width * height) where !seen[start] && image.pixels[start] < threshold {
            seen[start] = true
            stack.append(start)
            var left = width, top = height, right = -1, bottom = -1, count = 0
            while let index = stack.popLast() {
                let x = index % width, y = index / width
                count += 1
                left = min(left, x); right = max(right, x); top = min(top, y); bottom = max(bottom, y)
                for dy in -1...1 {
                    let ny = y + dy
                    guard ny >= 0, ny < height else { continue }
                    for dx in -1...1 {
                        let nx = x + dx
                        guard nx >= 0, nx < width else { continue }
                        let neighbour = ny * width + nx
                        if !seen[neighbour] && image.pixels[neighbour] < threshold {
                            seen[neighbour] = true
                            stack.append(neighbour)
                        }
                    }
                }
            }
            boxes.append(Box(x: left, y: top, width: right - left + 1, height: bottom - top + 1, pixelCount: count))
        }
        return boxes
    }
}
