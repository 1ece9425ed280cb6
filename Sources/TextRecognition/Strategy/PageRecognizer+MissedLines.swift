import PagePreparation
import TesseractReading
import TranslateModel

/// Lines that layout analysis left out of a page, found by their ink and read one by one.
extension PageRecognizer {
    /// `reading` with the lines `MissedInk` finds outside its lines read one by one with the
    /// reading's data (`MissedLines` decides what becomes of them). Dense app screens at 1x lose
    /// whole lines to Tesseract's layout analysis (a tab bar of short words, the prices on a
    /// dark menu's rows), which read well on their own.
    /// `prepared` is the page image `reading` read.
    func withMissedLines(_ reading: PageReading, prepared: PreparedPage) throws(OCRError) -> PageReading {
        guard let missed = MissedLines(lines: reading.page.lines, rects: reading.preparedLineRects) else { return reading }
        let image = prepared.image
        let clusters = MissedInk.clusters(in: image, outside: missed.covered, lineHeight: missed.lineHeight)
        let candidates = MissedInk.lineLike(clusters, lineHeight: missed.lineHeight)
        let shapes = missed.drawnShapes(among: clusters)
        let cuts = missed.cutAcross
        guard !candidates.isEmpty || !shapes.isEmpty || !missed.piecesOfReadLines.isEmpty || !cuts.isEmpty else { return reading }
        let margin = max(BoxRereading.margin, missed.lineHeight / 4)
        // A line met before in the run (a settings list's chevron on every row, an app's tab bar
        // on every page) is not read again: its reading depends only on its pixels.
        let pixels = GrayPixels(image.pix)
        func read(_ rect: PixelRect, engine: TesseractEngine) throws(OCRError) -> RecognizedBox? {
            let grown = rect.grown(by: margin).clipped(width: image.width, height: image.height)
            // Shrunk only to replace a doubtful line: ink beside a line read well, read shrunk,
            // came out as that line's word again (`INDUSTRIES INDUSTRIES` on a drawn receipt).
            let shrinks = missed.doubtful.contains { MissedInk.overlaps(rect, missed.rects[$0]) }
            let readLine = { () throws(OCRError) -> [RecognizedBox] in
                try Self.readAtReadingHeight(grown, of: image, textHeight: rect.height, shrinks: shrinks, engine: engine).map { [$0] } ?? []
            }
            let lines: [RecognizedBox]
            if let pixels {
                let key = RepeatedLines.Key(languages: engine.data.description, pixels: LinePixels(of: grown, in: pixels),
                                            way: .missedLine(textHeight: rect.height, shrinks: shrinks))
                lines = try engines.repeatedLines.lines(for: key, at: PixelPoint(x: grown.x, y: grown.y), read: readLine)
            } else {
                lines = try readLine()
            }
            guard let line = lines.first, MissedLines.keeps(line) else { return nil }
            return line
        }
        let read = try engines.withEngine(reading.data) { (engine) throws(OCRError) -> (missed: [RecognizedBox], wholes: [RecognizedBox?]) in
            var lines: [RecognizedBox] = []
            for candidate in candidates {
                if let line = try read(candidate, engine: engine) { lines.append(line) }
            }
            var wholes: [RecognizedBox?] = []
            for cut in cuts { wholes.append(try read(cut.rect, engine: engine)) }
            return (lines, wholes)
        }
        func original(_ line: RecognizedBox) -> RecognizedBox {
            prepared.map.original(RecognizedPage(lines: [line], paragraphs: [])).lines[0]
        }
        let readings = (read?.missed ?? []).map { (prepared: $0, original: original($0)) }
        let wholes = zip(cuts, read?.wholes ?? []).compactMap { cut, line in
            line.map { (line: cut.line, piece: cut.piece, reading: original($0)) }
        }
        let applied = missed.applied(readings, shapes: shapes, wholes: wholes, to: reading.page)
        var kept = reading
        kept.page = applied.page
        if let note = applied.note { kept.report.add(note) }
        return kept
    }

    /// `rect` of `image` read as one line; when that is not sure, also cut out and brought to
    /// the height Tesseract reads best, and the surer reading kept: enlarged, or, when it
    /// `shrinks`, shrunk when the line is more than `missedLineShrinkAbove` times that height (a
    /// phone's large title at 3×, `设置` 96 px tall, read at 53 as it is and at 93 shrunk to 40).
    /// The line's boxes are in `image`'s coordinates.
    static func readAtReadingHeight(_ rect: PixelRect, of image: LeptonicaImage, textHeight: Int, shrinks: Bool,
                             engine: TesseractEngine) throws(OCRError) -> RecognizedBox? {
        let asItIs = try engine.recognizeLine(in: image, rect: rect)
        if let asItIs, asItIs.confidence >= tuning.missedLineSureConfidence, MissedLines.keeps(asItIs) { return asItIs }
        let factor = Double(tuning.missedLineReadHeight) / Double(max(1, textHeight))
        guard factor > 1 || (shrinks && factor * tuning.missedLineShrinkAbove < 1), let crop = image.cropped(to: rect)?.scaled(by: factor),
              var line = try engine.recognizeLine(in: crop, rect: PixelRect(x: 0, y: 0, width: crop.width, height: crop.height)),
              line.confidence > asItIs?.confidence ?? 0 else { return asItIs }
        func back(_ box: PixelRect) -> PixelRect {
            let x = Int((Double(box.x) / factor).rounded(.down)), y = Int((Double(box.y) / factor).rounded(.down))
            let right = Int((Double(box.x + box.width) / factor).rounded(.up)), bottom = Int((Double(box.y + box.height) / factor).rounded(.up))
            return PixelRect(x: rect.x + x, y: rect.y + y, width: right - x, height: bottom - y)
        }
        for index in line.words.indices { line.words[index].rect = back(line.words[index].rect) }
        line.rect = PixelRect.union(line.words.map(\.rect)) ?? rect
        return line
    }
}
