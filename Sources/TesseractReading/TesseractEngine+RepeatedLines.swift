internal import CTesseract
import PagePreparation
import TranslateModel

extension TesseractEngine {
    /// Reads `image` line by line: Tesseract's layout analysis finds the lines, each is read on
    /// its own (as one line, from its box and `linePadding` pixels around it), and a line whose
    /// pixels were read before in this run (`repeated`) is not read again.
    ///
    /// A line's reading depends only on its pixels, so the text does not depend on which pages
    /// came first, on the number of workers or on the shard. Modes that are not about a page's
    /// layout (a single line or word) read the usual way.
    package func recognize(_ image: LeptonicaImage, pageSegmentationMode mode: Int, repeated: RepeatedLines) throws(OCRError) -> RecognizedPage {
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
        guard let lines = layoutLines(in: pixels) else {
            // Vertical lines are read the usual way, in the layout just found.
            return try recognizeCurrentImage()
        }
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(Self.singleLineMode)))
        var readings: [[RecognizedBox]] = []
        for line in lines {
            readings.append(try repeated.lines(for: line.key, at: PixelPoint(x: line.rect.x, y: line.rect.y)) { () throws(OCRError) in
                let crop = line.rect.grown(by: Self.linePadding).clipped(width: pixels.width, height: pixels.height)
                TessBaseAPISetRectangle(handle, Int32(crop.x), Int32(crop.y), Int32(crop.width), Int32(crop.height))
                return try recognizeCurrentImage().lines
            })
        }
        return RecognizedPage.lineByLine(zip(lines, readings).map { ($0.paragraph, $1) })
    }

    /// The page segmentation modes in which a page's layout is found (automatic, a column, a
    /// block, sparse text), where reading line by line applies.
    static let layoutModes: Set<Int> = [3, 4, 6, 11, 12]

    /// The pixels around a line's box that its reading sees. A line read alone is thresholded
    /// on this crop, and a wider margin than Tesseract's own 4 pixels read small UI text better
    /// (docs/experiments/batch-folders.md, "A folder of one app's screenshots read line by line");
    /// wider still takes in the next line.
    static let linePadding = 12

    /// The text lines of the image set on the handle, found by layout analysis, with their keys.
    /// Lines of blocks that are not text (pictures, rules, noise) are left out, as Tesseract's
    /// page reading leaves them. Nil when a block of vertical text is found: a single line is
    /// read as horizontal.
    private func layoutLines(in pixels: GrayPixels) -> [LayoutLine]? {
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
                       key: .init(languages: data, pixels: LinePixels(of: line.rect, in: pixels), way: .layoutLine))
        }
    }

    /// Text blocks, tables and equations: what Tesseract reads on a page.
    private static func isText(_ type: TessPolyBlockType) -> Bool {
        type.rawValue >= PT_FLOWING_TEXT.rawValue && type.rawValue <= PT_CAPTION_TEXT.rawValue
    }
}
