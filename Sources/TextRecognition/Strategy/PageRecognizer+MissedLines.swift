import TranslateModel

/// Lines that layout analysis left out of a page, found by their ink and read one by one.
extension PageRecognizer {
    /// `reading` with the lines `MissedInk` finds outside its lines read one by one with the
    /// reading's data (`MissedLines` decides what becomes of them). Dense app screens at 1x lose
    /// whole lines to Tesseract's layout analysis (a tab bar of short words, the prices on a
    /// dark menu's rows), which read well on their own.
    func withMissedLines(_ reading: Reading) throws(OCRError) -> Reading {
        guard let missed = MissedLines(lines: reading.page.lines, rects: reading.preparedLineRects) else { return reading }
        let image = reading.prepared.image
        let clusters = MissedInk.clusters(in: image, outside: missed.covered, lineHeight: missed.lineHeight)
        let candidates = MissedInk.lineLike(clusters, lineHeight: missed.lineHeight)
        let shapes = missed.drawnShapes(among: clusters)
        let cuts = missed.cutAcross
        guard !candidates.isEmpty || !shapes.isEmpty || !missed.piecesOfReadLines.isEmpty || !cuts.isEmpty else { return reading }
        let margin = max(BoxRereading.margin, missed.lineHeight / 4)
        let pixels = GrayPixels(image.pix)
        func read(_ rect: PixelRect, engine: TesseractEngine) throws(OCRError) -> RecognizedBox? {
            let grown = rect.grown(by: margin).clipped(width: image.width, height: image.height)
            guard let line = try Self.readEnlarged(grown, of: image, textHeight: rect.height, engine: engine,
                                                   repeated: pixels.map { (engines.repeatedLines, $0) }),
                  MissedLines.keeps(line) else { return nil }
            return line
        }
        let read = try engines.withEngine(reading.languages) { (engine) throws(OCRError) -> (missed: [RecognizedBox], wholes: [RecognizedBox?]) in
            var lines: [RecognizedBox] = []
            for candidate in candidates {
                if let line = try read(candidate, engine: engine) { lines.append(line) }
            }
            var wholes: [RecognizedBox?] = []
            for cut in cuts { wholes.append(try read(cut.rect, engine: engine)) }
            return (lines, wholes)
        }
        func original(_ line: RecognizedBox) -> RecognizedBox {
            reading.prepared.map.original(RecognizedPage(lines: [line], paragraphs: [])).lines[0]
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

    /// `readEnlarged(_:of:textHeight:engine:)`, or the reading of a line of the same pixels read
    /// before in this run (`repeated`: the run's lines, and `image`'s pixels).
    static func readEnlarged(_ rect: PixelRect, of image: LeptonicaImage, textHeight: Int, engine: TesseractEngine,
                             repeated: (lines: RepeatedLines, pixels: GrayPixels)?) throws(OCRError) -> RecognizedBox? {
        guard let repeated else { return try readEnlarged(rect, of: image, textHeight: textHeight, engine: engine) }
        let key = RepeatedLines.Key(languages: engine.languages.joined(separator: "+"),
                                    pixels: LinePixels(of: rect, in: repeated.pixels), way: .missedLine(textHeight: textHeight))
        if let known = repeated.lines.reading(for: key) {
            return known.lines.first.map { $0.moved(by: rect.x, rect.y) }
        }
        let line = try readEnlarged(rect, of: image, textHeight: textHeight, engine: engine)
        repeated.lines.remember(.init(lines: line.map { [$0.moved(by: -rect.x, -rect.y)] } ?? []), for: key)
        return line
    }

    /// `rect` of `image` read as one line; when that is not sure, also cut out and enlarged to
    /// the height Tesseract reads best, and the surer reading kept. The line's boxes are in
    /// `image`'s coordinates.
    static func readEnlarged(_ rect: PixelRect, of image: LeptonicaImage, textHeight: Int,
                             engine: TesseractEngine) throws(OCRError) -> RecognizedBox? {
        let asItIs = try engine.recognizeLine(in: image, rect: rect)
        if let asItIs, asItIs.confidence >= tuning.missedLineSureConfidence, MissedLines.keeps(asItIs) { return asItIs }
        let factor = Double(tuning.missedLineReadHeight) / Double(max(1, textHeight))
        guard factor > 1, let crop = image.cropped(to: rect)?.scaled(by: factor),
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
