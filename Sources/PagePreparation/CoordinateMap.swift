import Foundation
import TranslateModel

/// Leads from the pixels of a prepared image back to the pixels of the original page.
///
/// Preparation turns, straightens and enlarges a page; Tesseract reports boxes in the prepared
/// image. Every step is recorded here in the order it was applied, and a box is taken back
/// through them in reverse, so that results are always in the original image's coordinates.
package struct CoordinateMap: Sendable, Equatable {
    enum Step: Sendable, Equatable {
        /// Turned clockwise by `quarterTurns` × 90° from an image of `width` × `height`.
        case quarterTurns(Int, width: Int, height: Int)
        /// Rotated by `degrees` (clockwise) about the centre, keeping the size `width` × `height`.
        case rotation(degrees: Double, width: Int, height: Int)
        /// Enlarged (or reduced) by `factor` from an image of `width` × `height`.
        case scale(factor: Double, width: Int, height: Int)
    }

    /// The original page's size.
    let width: Int
    let height: Int
    private(set) var steps: [Step] = []

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size of the image after every step so far.
    var currentSize: (width: Int, height: Int) {
        guard let last = steps.last else { return (width, height) }
        switch last {
        case .quarterTurns(let turns, let w, let h): return turns % 2 == 0 ? (w, h) : (h, w)
        case .rotation(_, let w, let h): return (w, h)
        case .scale(let factor, let w, let h): return (Int((Double(w) * factor).rounded()), Int((Double(h) * factor).rounded()))
        }
    }

    package mutating func turn(quarterTurns: Int) {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0 else { return }
        let size = currentSize
        steps.append(.quarterTurns(turns, width: size.width, height: size.height))
    }

    mutating func rotate(degrees: Double) {
        guard degrees != 0 else { return }
        let size = currentSize
        steps.append(.rotation(degrees: degrees, width: size.width, height: size.height))
    }

    mutating func scale(by factor: Double) {
        guard factor != 1 else { return }
        let size = currentSize
        steps.append(.scale(factor: factor, width: size.width, height: size.height))
    }

    /// `rect`, given in the prepared image, in the original page's pixels (clipped to the page).
    package func original(_ rect: PixelRect) -> PixelRect {
        var left = Double(rect.x), top = Double(rect.y)
        var right = Double(rect.x + rect.width), bottom = Double(rect.y + rect.height)
        for step in steps.reversed() {
            switch step {
            case .scale(let factor, _, _):
                left /= factor; top /= factor; right /= factor; bottom /= factor
            case .quarterTurns(let turns, let w, let h):
                let (l, t, r, b) = (left, top, right, bottom)
                switch turns {
                case 1: (left, top, right, bottom) = (t, Double(h) - r, b, Double(h) - l)
                case 2: (left, top, right, bottom) = (Double(w) - r, Double(h) - b, Double(w) - l, Double(h) - t)
                default: (left, top, right, bottom) = (Double(w) - b, l, Double(w) - t, r)
                }
            case .rotation(let degrees, let w, let h):
                // The prepared image was rotated clockwise by `degrees`: turn the corners back.
                let angle = -degrees * .pi / 180
                let cx = Double(w) / 2, cy = Double(h) / 2
                let corners = [(left, top), (right, top), (left, bottom), (right, bottom)].map { x, y in
                    (cx + (x - cx) * cos(angle) - (y - cy) * sin(angle), cy + (x - cx) * sin(angle) + (y - cy) * cos(angle))
                }
                left = corners.map(\.0).min()!; right = corners.map(\.0).max()!
                top = corners.map(\.1).min()!; bottom = corners.map(\.1).max()!
            }
        }
        let x0 = max(0, min(width, Int(left.rounded(.down)))), y0 = max(0, min(height, Int(top.rounded(.down))))
        let x1 = max(x0, min(width, Int(right.rounded(.up)))), y1 = max(y0, min(height, Int(bottom.rounded(.up))))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Every box and word of `page` taken back to the original page.
    package func original(_ page: RecognizedPage) -> RecognizedPage {
        guard !steps.isEmpty else { return page }
        func map(_ box: RecognizedBox) -> RecognizedBox {
            var copy = box
            copy.rect = original(box.rect)
            copy.words = box.words.map { word in
                var mapped = word
                mapped.rect = original(word.rect)
                return mapped
            }
            return copy
        }
        return RecognizedPage(lines: page.lines.map(map), paragraphs: page.paragraphs.map(map))
    }
}
