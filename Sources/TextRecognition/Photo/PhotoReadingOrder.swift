import TranslateModel

/// The lines of a photo in the order a person reads them: top to bottom, and lines side by side
/// (their middles within each other's height) left to right, as the text stands. On a photo
/// turned on its side or upside down that is not the order in the photo's pixels: a sign turned
/// a quarter clockwise reads from its rightmost line to its leftmost.
enum PhotoReadingOrder {
    static func sorted(_ boxes: [RecognizedBox]) -> [RecognizedBox] {
        let turns = quarterTurns(of: boxes)
        let upright = boxes.map { uprightRect($0.rect, quarterTurns: turns) }
        let order = boxes.indices.sorted { first, second in
            let a = upright[first], b = upright[second]
            let aMiddle = Double(a.y) + Double(a.height) / 2, bMiddle = Double(b.y) + Double(b.height) / 2
            let sameRow = abs(aMiddle - bMiddle) < Double(min(a.height, b.height)) / 2
            return sameRow ? a.x < b.x : aMiddle < bMiddle
        }
        return order.map { boxes[$0] }
    }

    /// How many quarter turns clockwise the text is from upright, by the most line length: a
    /// line's corners start at its reading top-left and go on along its top edge, so that edge
    /// points the way it reads. A box without corners is upright.
    static func quarterTurns(of boxes: [RecognizedBox]) -> Int {
        var length = [0.0, 0.0, 0.0, 0.0]
        for box in boxes {
            guard let corners = box.polygon, corners.count == 4 else {
                length[0] += Double(box.rect.width)
                continue
            }
            let dx = Double(corners[1].x - corners[0].x), dy = Double(corners[1].y - corners[0].y)
            // Reading along +x is no turn, along +y (downwards) a quarter clockwise, and so on.
            let turns = abs(dx) >= abs(dy) ? (dx >= 0 ? 0 : 2) : (dy >= 0 ? 1 : 3)
            length[turns] += (dx * dx + dy * dy).squareRoot()
        }
        return length.indices.max { length[$0] < length[$1] } ?? 0
    }

    /// `rect` in the coordinates of the text turned upright (only the order of positions matters).
    static func uprightRect(_ rect: PixelRect, quarterTurns: Int) -> PixelRect {
        switch quarterTurns {
        case 1: PixelRect(x: rect.y, y: -(rect.x + rect.width), width: rect.height, height: rect.width)
        case 2: PixelRect(x: -(rect.x + rect.width), y: -(rect.y + rect.height), width: rect.width, height: rect.height)
        case 3: PixelRect(x: -(rect.y + rect.height), y: rect.x, width: rect.height, height: rect.width)
        default: rect
        }
    }
}
