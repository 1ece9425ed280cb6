import Foundation
import PagePreparation

/// Marks that reach into a line's cut-out from outside it: the rim of a round or octagonal
/// sign, the corner of a panel, the tail of the line above. The cut-out is padded around the
/// text (`LineImage.padding`), so the text itself stays clear of its edges, and a dark mark
/// that touches an edge is not part of the line. Left in, Tesseract takes it for part of the
/// line: a sign's `정지` with its rim in both upper corners read as nothing, or as `"정지` at 15.
enum LineEdgeMarks {
    /// `image` (dark text on light) with every dark mark that touches its edge made white; nil
    /// when no mark does, or when those marks hold `edgeMarksKeptShare` or more of its dark
    /// pixels, since then the text itself reaches the edge (a cut too tight).
    static func cleared(_ image: GrayImage, threshold: UInt8) -> GrayImage? {
        let width = image.width, height = image.height
        guard width > 2, height > 2 else { return nil }
        var marked = [Bool](repeating: false, count: width * height)
        var stack: [Int] = []
        func visit(_ index: Int) {
            guard !marked[index], image.pixels[index] <= threshold else { return }
            marked[index] = true
            stack.append(index)
        }
        for x in 0..<width {
            visit(x)
            visit((height - 1) * width + x)
        }
        for y in 0..<height {
            visit(y * width)
            visit(y * width + width - 1)
        }
        var cleared = 0
        while let index = stack.popLast() {
            cleared += 1
            let x = index % width, y = index / width
            // Eight neighbours: a stroke's diagonal steps stay one mark.
            for dy in -1...1 {
                for dx in -1...1 where dx != 0 || dy != 0 {
                    let nx = x + dx, ny = y + dy
                    if nx >= 0, nx < width, ny >= 0, ny < height { visit(ny * width + nx) }
                }
            }
        }
        guard cleared > 0 else { return nil }
        let dark = image.pixels.reduce(0) { $0 + ($1 <= threshold ? 1 : 0) }
        guard Double(cleared) < tuning.edgeMarksKeptShare * Double(dark) else { return nil }
        var pixels = image.pixels
        for index in pixels.indices where marked[index] { pixels[index] = 255 }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// `text` without the marks (neither letter, digit nor space) at its ends, where a mark
    /// reaching in from the cut-out's edge is read; nil when it has none there, or nothing else.
    static func withoutEndMarks(_ text: String) -> String? {
        func isMark(_ character: Character) -> Bool { !character.isLetter && !character.isNumber && !character.isWhitespace }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let inner = trimmed.drop(while: isMark).reversed().drop(while: isMark).reversed()
        let bare = String(inner).trimmingCharacters(in: .whitespaces)
        return bare.count < trimmed.count && !bare.isEmpty ? bare : nil
    }
}
