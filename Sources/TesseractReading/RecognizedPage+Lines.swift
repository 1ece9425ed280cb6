import TranslateModel

extension RecognizedPage {
    /// A page from the readings of its layout lines, in layout order, each with the index of
    /// its paragraph; paragraphs without text are left out and the rest numbered from 0.
    static func lineByLine(_ readings: [(paragraph: Int, lines: [RecognizedBox])]) -> RecognizedPage {
        var lines: [RecognizedBox] = []
        var paragraphs: [RecognizedBox] = []
        var members: [RecognizedBox] = []
        func finishParagraph() {
            guard !members.isEmpty, let rect = PixelRect.union(members.map(\.rect)) else { return }
            let words = members.flatMap(\.words)
            paragraphs.append(RecognizedBox(rect: rect, confidence: ReadingConfidence.mean(of: words),
                                            text: ParagraphText.join(members.map(\.text)), words: words,
                                            paragraph: paragraphs.count))
            members = []
        }
        var current: Int?
        for (paragraph, read) in readings {
            for line in read where !line.text.isEmpty {
                if paragraph != current { finishParagraph() }
                current = paragraph
                var numbered = line
                numbered.paragraph = paragraphs.count
                lines.append(numbered)
                members.append(numbered)
            }
        }
        finishParagraph()
        return RecognizedPage(lines: lines, paragraphs: paragraphs)
    }
}

extension PixelRect {
    package func grown(by margin: Int) -> PixelRect {
        PixelRect(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }

    /// The part of the rectangle inside an image of the given size.
    package func clipped(width imageWidth: Int, height imageHeight: Int) -> PixelRect {
        let left = max(0, x), top = max(0, y)
        return PixelRect(x: left, y: top, width: max(0, min(imageWidth, x + width) - left), height: max(0, min(imageHeight, y + height) - top))
    }
}

extension RecognizedBox {
    /// The box and its words moved by (`dx`, `dy`).
    func moved(by dx: Int, _ dy: Int) -> RecognizedBox {
        var moved = self
        moved.rect.x += dx
        moved.rect.y += dy
        for index in moved.words.indices {
            moved.words[index].rect.x += dx
            moved.words[index].rect.y += dy
        }
        moved.polygon = polygon?.map { PixelPoint(x: $0.x + dx, y: $0.y + dy) }
        return moved
    }
}
