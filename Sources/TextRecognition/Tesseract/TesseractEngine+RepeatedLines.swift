internal import CTesseract
import TranslateModel

/// A text line as Tesseract's layout analysis finds it, before anything is read.
struct LayoutLine {
    var rect: PixelRect
    /// The index of its paragraph among the page's paragraphs, in layout order.
    var paragraph: Int
    var key: RepeatedLines.Key
}

extension TesseractEngine {
    /// Reads `image` line by line: Tesseract's layout analysis finds the lines, each is read on
    /// its own (as one line, from its box and `linePadding` pixels around it), and a line whose
    /// pixels were read before in this run (`repeated`) is not read again.
    ///
    /// A line's reading depends only on its pixels, so the text does not depend on which pages
    /// came first, on the number of workers or on the shard. Modes that are not about a page's
    /// layout (a single line or word) read the usual way.
    func recognize(_ image: LeptonicaImage, pageSegmentationMode mode: Int, repeated: RepeatedLines) throws(OCRError) -> RecognizedPage {
        guard Self.layoutModes.contains(mode), let pixels = GrayPixels(image.pix) else {
            return try recognize(image, pageSegmentationMode: mode)
        }
        OpenMPLimiter.limitCurrentThread()
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(mode)))
        TessBaseAPISetImage2(handle, image.pix)
        defer {
            TessBaseAPIClear(handle)
            TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(pageSegmentationMode)))
        }
        guard let lines = layoutLines(in: pixels, mode: mode) else {
            // Vertical lines are read the usual way, in the layout just found.
            return try recognizeCurrentImage()
        }
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(Self.singleLineMode)))
        var readings: [[RecognizedBox]] = []
        for line in lines {
            if let known = repeated.reading(for: line.key) {
                readings.append(known.lines.map { $0.moved(by: line.rect.x, line.rect.y) })
                continue
            }
            let crop = line.rect.grown(by: Self.linePadding).clipped(width: pixels.width, height: pixels.height)
            TessBaseAPISetRectangle(handle, Int32(crop.x), Int32(crop.y), Int32(crop.width), Int32(crop.height))
            let read = try recognizeCurrentImage().lines
            repeated.remember(.init(lines: read.map { $0.moved(by: -line.rect.x, -line.rect.y) }), for: line.key)
            readings.append(read)
        }
        return RecognizedPage.lineByLine(zip(lines, readings).map { ($0.paragraph, $1) })
    }

    /// The page segmentation modes in which a page's layout is found (automatic, a column, a
    /// block, sparse text), where reading line by line applies.
    static let layoutModes: Set<Int> = [3, 4, 6, 11, 12]

    /// The pixels around a line's box that its reading sees. A line read alone is thresholded
    /// on this crop, and a wider margin than Tesseract's own 4 pixels read small UI text better
    /// (BENCHMARKS.md); wider still takes in the next line.
    static let linePadding = 12

    /// The text lines of the image set on the handle, found by layout analysis, with their keys.
    /// Lines of blocks that are not text (pictures, rules, noise) are left out, as Tesseract's
    /// page reading leaves them. Nil when a block of vertical text is found: a single line is
    /// read as horizontal.
    private func layoutLines(in pixels: GrayPixels, mode: Int) -> [LayoutLine]? {
        guard let iterator = TessBaseAPIAnalyseLayout(handle) else { return [] }
        defer { TessPageIteratorDelete(iterator) }
        var found: [(rect: PixelRect, paragraph: Int)] = []
        var paragraph = -1
        repeat {
            let type = TessPageIteratorBlockType(iterator)
            if type == PT_VERTICAL_TEXT { return nil }
            guard Self.isText(type) else { continue }
            if TessPageIteratorIsAtBeginningOf(iterator, RIL_PARA) != 0 || paragraph < 0 { paragraph += 1 }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard TessPageIteratorBoundingBox(iterator, RIL_TEXTLINE, &left, &top, &right, &bottom) != 0 else { continue }
            found.append((PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top)), paragraph))
        } while TessPageIteratorNext(iterator, RIL_TEXTLINE) != 0
        let data = languages.joined(separator: "+")
        return LayoutLine.joiningMarkRows(found).map { line in
            LayoutLine(rect: line.rect, paragraph: line.paragraph,
                       key: .init(languages: data, pixels: LinePixels(of: line.rect, in: pixels)))
        }
    }

    /// Text blocks, tables and equations: what Tesseract reads on a page.
    private static func isText(_ type: TessPolyBlockType) -> Bool {
        type.rawValue >= PT_FLOWING_TEXT.rawValue && type.rawValue <= PT_CAPTION_TEXT.rawValue
    }
}

extension LayoutLine {
    /// `lines` with each row of marks alone joined to the line it belongs to.
    ///
    /// Layout analysis can make a row of their own of the vowel and tone marks above or below
    /// Thai or Vietnamese letters; read alone, such a row is noise, and its line loses its
    /// marks. A row less than half as tall as a line it overlaps horizontally, and as near to
    /// it as a third of that line's height, is taken into the nearest such line.
    static func joiningMarkRows(_ lines: [(rect: PixelRect, paragraph: Int)]) -> [(rect: PixelRect, paragraph: Int)] {
        var joined = lines
        var taken = Set<Int>()
        for (index, row) in lines.enumerated() {
            let host = lines.indices.filter { other in
                let line = lines[other].rect
                return other != index && row.rect.height * 2 < line.height
                    && row.rect.x < line.x + line.width && line.x < row.rect.x + row.rect.width
                    && verticalGap(row.rect, line) <= line.height / 3
            }.min { verticalGap(row.rect, lines[$0].rect) < verticalGap(row.rect, lines[$1].rect) }
            guard let host else { continue }
            joined[host].rect = PixelRect.union([joined[host].rect, row.rect]) ?? joined[host].rect
            taken.insert(index)
        }
        return joined.enumerated().filter { !taken.contains($0.offset) }.map(\.element)
    }

    /// The distance between two rectangles' vertical extents; 0 when they overlap.
    private static func verticalGap(_ first: PixelRect, _ second: PixelRect) -> Int {
        max(0, max(first.y, second.y) - min(first.y + first.height, second.y + second.height))
    }
}

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
            paragraphs.append(RecognizedBox(rect: rect, confidence: RecognizedWord.meanConfidence(of: words),
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
    func grown(by margin: Int) -> PixelRect {
        PixelRect(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }

    /// The part of the rectangle inside an image of the given size.
    func clipped(width imageWidth: Int, height imageHeight: Int) -> PixelRect {
        let left = max(0, x), top = max(0, y)
        return PixelRect(x: left, y: top, width: max(0, min(imageWidth, x + width) - left), height: max(0, min(imageHeight, y + height) - top))
    }
}

extension RecognizedWord {
    /// Mean confidence of `words`, weighted by each word's length; 0 when there are none.
    static func meanConfidence(of words: some Sequence<RecognizedWord>) -> Double {
        var total = 0.0, weight = 0
        for word in words {
            let length = word.text.count
            total += word.confidence * Double(length)
            weight += length
        }
        return weight == 0 ? 0 : total / Double(weight)
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
