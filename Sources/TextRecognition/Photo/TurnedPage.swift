import PagePreparation
import TextDetection
import TranslateModel

/// Which way a page with little text is turned, from the direction of its detected lines.
///
/// Tesseract's orientation detection needs a page of text: on a page turned on its side that
/// holds two lines it gives up ("too few characters"), and the page reads as nothing. The
/// text-line detector finds lines at any angle; when most of them stand upright, the page lies
/// on its side, and reading it turned a quarter either way tells which.
enum TurnedPage {
    /// Whether the detected lines say the page lies on its side: most of them (by length) are
    /// much taller than wide.
    static func liesOnItsSide(_ lines: [DetectedTextLine]) -> Bool {
        var upright = 0.0, level = 0.0
        for line in lines {
            let box = line.boundingBox
            if box.height > box.width * PhotoRecognizer.verticalAspect {
                upright += box.height
            } else if box.width > box.height * PhotoRecognizer.verticalAspect {
                level += box.width
            }
        }
        return upright > 0 && upright > level
    }

    /// `result`, read on the page turned `quarterTurns` clockwise, in the unturned page's
    /// pixels; each box gets its corners in reading order, since its text is not upright there:
    /// those it had when read at a slant, or else its rectangle's.
    static func turnedBack(_ result: inout ImageResult, quarterTurns: Int, width: Int, height: Int) {
        var map = CoordinateMap(width: width, height: height)
        map.turn(quarterTurns: quarterTurns)
        for index in result.boxes.indices {
            let rect = result.boxes[index].rect
            let corners = result.boxes[index].polygon ?? [PixelPoint(x: rect.x, y: rect.y), PixelPoint(x: rect.x + rect.width, y: rect.y),
                                                          PixelPoint(x: rect.x + rect.width, y: rect.y + rect.height),
                                                          PixelPoint(x: rect.x, y: rect.y + rect.height)]
            result.boxes[index].polygon = corners.map { original(x: $0.x, y: $0.y, quarterTurns: quarterTurns, width: width, height: height) }
            result.boxes[index].rect = map.original(rect)
            for word in result.boxes[index].words.indices {
                result.boxes[index].words[word].rect = map.original(result.boxes[index].words[word].rect)
            }
        }
        for index in result.droppedBoxes.indices {
            result.droppedBoxes[index].rect = map.original(result.droppedBoxes[index].rect)
        }
        result.width = width
        result.height = height
    }

    /// A point of the page turned `quarterTurns` clockwise, in the unturned page (`width` ×
    /// `height`).
    static func original(x: Int, y: Int, quarterTurns: Int, width: Int, height: Int) -> PixelPoint {
        switch ((quarterTurns % 4) + 4) % 4 {
        case 1: PixelPoint(x: y, y: height - x)
        case 2: PixelPoint(x: width - x, y: height - y)
        case 3: PixelPoint(x: width - y, y: x)
        default: PixelPoint(x: x, y: y)
        }
    }
}
