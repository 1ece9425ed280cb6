import TranslateModel

/// Lines that layout analysis left out of a page, found by their ink and read one by one.
extension PageRecognizer {
    /// `reading` with the lines `MissedInk` finds outside its lines, each read as one line with
    /// the reading's data and kept when read surely and with a letter or digit, placed among
    /// the other lines in reading order. Dense app screens at 1x lose whole lines to Tesseract's
    /// layout analysis (a tab bar of short words, the prices on a dark menu's rows), which read
    /// well on their own.
    ///
    /// Short lines read unsurely (`isDoubtfulShortLine`) do not count as read: their ink is
    /// looked at again, and a line read there surely replaces them (a tab label `홈`
    /// read `z` at 57 within the page, `홈` at 95 alone; a 2x label read as two half-height
    /// pieces `주무` and `Tr`).
    func withMissedLines(_ reading: Reading) throws(OCRError) -> Reading {
        let rects = reading.preparedLineRects
        guard !rects.isEmpty, rects.count == reading.page.lines.count else { return reading }
        let lineHeight = rects.map(\.height).sorted()[rects.count / 2]
        let image = reading.prepared.image
        let doubtful = Set(reading.page.lines.indices.filter { Self.isDoubtfulShortLine(reading.page.lines[$0]) })
        let covered = rects.indices.filter { !doubtful.contains($0) }.map { rects[$0] }
        let clusters = MissedInk.clusters(in: image, outside: covered, lineHeight: lineHeight)
        let candidates = MissedInk.lineLike(clusters, lineHeight: lineHeight)
        // An unsure short line whose ink is all filled shapes no taller than a line is a drawn
        // dot or badge (a tab's icon read `e`), not text; a button's text on its filled shape
        // is taller than that.
        let shapes = doubtful.filter { index in
            let under = clusters.filter { MissedInk.overlaps($0.rect, rects[index]) }
            return !under.isEmpty && under.allSatisfy { $0.isFilled && Double($0.rect.height) <= Double(lineHeight) * tuning.missedLineTallest }
        }
        guard !candidates.isEmpty || !shapes.isEmpty else { return reading }
        let margin = max(BoxRereading.margin, lineHeight / 4)
        let read = try engines.withEngine(reading.languages) { (engine) throws(OCRError) -> [RecognizedBox] in
            var lines: [RecognizedBox] = []
            for candidate in candidates {
                let rect = candidate.grown(by: margin).clipped(width: image.width, height: image.height)
                guard let line = try Self.readEnlarged(rect, of: image, textHeight: candidate.height, engine: engine),
                      Self.keepsMissedLine(line) else { continue }
                lines.append(line)
            }
            return lines
        }
        var kept = reading
        var separate: [RecognizedBox] = []
        var removed: Set<Int> = []
        var replaced: Set<Int> = []
        var counts = (found: 0, completed: 0, replaced: 0)
        for line in read ?? [] {
            let original = reading.prepared.map.original(RecognizedPage(lines: [line], paragraphs: [])).lines[0]
            let overlapped = doubtful.filter { MissedInk.overlaps(line.rect, rects[$0]) }.sorted()
            if let first = overlapped.first {
                // Read again where unsure short lines were: the surer reading stays.
                guard line.confidence >= tuning.missedLineSureConfidence,
                      line.confidence > overlapped.map({ reading.page.lines[$0].confidence }).max() ?? 0 else { continue }
                var replacement = original
                replacement.paragraph = reading.page.lines[first].paragraph
                kept.page.lines[first] = replacement
                removed.formUnion(overlapped.dropFirst())
                replaced.formUnion(overlapped)
                counts.replaced += 1
            } else if let index = MissedInk.lineContinued(by: line.rect, among: covered, lineHeight: lineHeight)
                        .flatMap({ match in rects.firstIndex(of: covered[match]) }) {
                // The rest of a line whose end layout analysis cut off (`自` of `自動`): read into it.
                kept.page.lines[index] = Self.joined(kept.page.lines[index], original, before: line.rect.x < rects[index].x)
                counts.completed += 1
            } else {
                separate.append(original)
                counts.found += 1
            }
        }
        for index in shapes where !replaced.contains(index) {
            let line = reading.page.lines[index]
            kept.page.dropped.append(DroppedBox(rect: line.rect, text: line.text, confidence: line.confidence,
                                                height: Double(line.rect.height), reason: .filledShape))
            removed.insert(index)
        }
        for index in removed.sorted(by: >) { kept.page.lines.remove(at: index) }
        var paragraph = (kept.page.paragraphs.map(\.paragraph).max() ?? -1) + 1
        for var line in separate {
            line.paragraph = paragraph
            paragraph += 1
            kept.page.paragraphs.append(line)
            kept.page.lines.insert(line, at: Self.readingPlace(of: line.rect, among: kept.page.lines))
        }
        let said = [(counts.found, "found"), (counts.completed, "completed"), (counts.replaced, "read again")].filter { $0.0 > 0 }
            .map { "\($0.0) line\($0.0 == 1 ? "" : "s") \($0.1)" }
        if !said.isEmpty { kept.report.add("read outside the page's layout: " + said.joined(separator: ", ")) }
        return kept
    }

    /// A line of three letters or fewer read less surely than `doubtfulShortLineConfidence`:
    /// what a short label read within the page, or a drawn icon, often comes to.
    static func isDoubtfulShortLine(_ line: RecognizedBox) -> Bool {
        line.confidence < tuning.doubtfulShortLineConfidence
            && line.text.filter({ $0.isLetter || $0.isNumber }).count <= tuning.doubtfulShortLineLetters
    }

    /// `line` with `piece`, the part of it found missing, put before or after its text: with no
    /// space between Han and kana, else with one.
    static func joined(_ line: RecognizedBox, _ piece: RecognizedBox, before: Bool) -> RecognizedBox {
        var whole = line
        let (first, second) = before ? (piece.text, line.text) : (line.text, piece.text)
        let closeUp = [first.unicodeScalars.last, second.unicodeScalars.first].allSatisfy { scalar in
            scalar.flatMap(WritingScript.of).map { $0 == .han || $0 == .kana } ?? false
        }
        whole.text = first + (closeUp ? "" : " ") + second
        whole.words = before ? piece.words + line.words : line.words + piece.words
        whole.rect = PixelRect.union([line.rect, piece.rect]) ?? line.rect
        whole.confidence = ReadingConfidence.mean(of: whole.words)
        return whole
    }

    /// A missed line's reading is kept when it is sure, or when it has figures enough to be text
    /// however unsure (a price whose `₩` reads as a backslash is read at 23 to 57).
    static func keepsMissedLine(_ line: RecognizedBox) -> Bool {
        let characters = line.text.filter { $0.isLetter || $0.isNumber }.count
        return characters > 0 && (line.confidence >= tuning.missedLineConfidence || characters > tuning.smallBoxLetters)
    }

    /// `rect` of `image` read as one line; when that is not sure, also cut out and enlarged to
    /// the height Tesseract reads best, and the surer reading kept. The line's boxes are in
    /// `image`'s coordinates.
    static func readEnlarged(_ rect: PixelRect, of image: LeptonicaImage, textHeight: Int,
                             engine: TesseractEngine) throws(OCRError) -> RecognizedBox? {
        let asItIs = try engine.recognizeLine(in: image, rect: rect)
        if let asItIs, asItIs.confidence >= tuning.missedLineSureConfidence, keepsMissedLine(asItIs) { return asItIs }
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

    /// Where a line at `rect` goes among `lines` in reading order: before the first line on a
    /// lower row, or on its row and to its right.
    static func readingPlace(of rect: PixelRect, among lines: [RecognizedBox]) -> Int {
        let middle = rect.y + rect.height / 2
        return lines.firstIndex { other in
            let otherMiddle = other.rect.y + other.rect.height / 2
            let sameRow = middle >= other.rect.y && middle < other.rect.y + other.rect.height
                || otherMiddle >= rect.y && otherMiddle < rect.y + rect.height
            return sameRow ? other.rect.x > rect.x : other.rect.y > middle
        } ?? lines.count
    }
}
