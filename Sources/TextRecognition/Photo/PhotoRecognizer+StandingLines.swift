import TextDetection

/// Which way up the lines of a photo on its side are.
///
/// The detector cuts a standing line out as read downwards (a page turned a quarter
/// clockwise). A page turned the other way then gives every line upside down, and another
/// script's data can read upside-down Latin or Hangul more surely than the first languages
/// (`tha` read such a sign at 77), so the lines are turned over for the whole page, before the
/// page's data is chosen, when the first languages or the recognizer read them far better that way.
extension PhotoRecognizer {
    /// `lines` (of a page lying on its side, `TurnedPage.liesOnItsSide`) with every standing
    /// line turned over when a sample of them reads far better upside down (with `engine` or the
    /// recognizer); nil to keep them.
    func standingLinesTurnedOver(_ lines: [LineImage], in gray: GrayImage, engine: TesseractEngine) throws(OCRError) -> [LineImage]? {
        let standing = lines.indices.filter { Self.isTall(lines[$0]) }
        guard !standing.isEmpty else { return nil }
        let sample = standing.sorted { lines[$0].quadrilateral.boundingBox.height > lines[$1].quadrilateral.boundingBox.height }
            .prefix(tuning.photoSampleLines)
        // Each line scores the surer of Tesseract and the recognizer (which reads Chinese lines
        // that the first languages cannot), as cut and turned over.
        func score(_ line: LineImage, quarterTurns: Int) throws(OCRError) -> Double {
            let tesseract = try read(line, binarized: false, quarterTurns: quarterTurns, engine: engine)?.confidence ?? 0
            guard let recognizer else { return tesseract }
            let image = line.flat.turned(quarterTurns: quarterTurns)
            let recognized = (try? recognizer.recognize(pixels: image.pixels, width: image.width, height: image.height,
                                                        bytesPerRow: image.width, channels: 1))?.confidence ?? 0
            return max(tesseract, recognized * 100)
        }
        var asCut = 0.0, turnedOver = 0.0
        for index in sample {
            asCut += try score(lines[index], quarterTurns: 0)
            turnedOver += try score(lines[index], quarterTurns: 2)
        }
        let count = Double(sample.count)
        guard turnedOver / count >= tuning.tesseractFloor, turnedOver / count >= asCut / count + tuning.turnOverMargin else {
            return nil
        }
        let turning = Set(standing)
        return lines.indices.map { index in
            guard turning.contains(index) else { return lines[index] }
            let quad = lines[index].quadrilateral
            let over = Quadrilateral(topLeft: quad.bottomRight, topRight: quad.bottomLeft, bottomRight: quad.topLeft, bottomLeft: quad.topRight)
            return LineImage(over, in: gray) ?? lines[index]
        }
    }

}
