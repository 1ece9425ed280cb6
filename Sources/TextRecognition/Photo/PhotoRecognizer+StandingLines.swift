import PagePreparation
import TesseractReading
import TextDetection

/// Which way up the lines of a photo on its side, or of a photo taken upside down, are.
///
/// The detector cuts a standing line out as read downwards (a page turned a quarter
/// clockwise). A page turned the other way then gives every line upside down, and another
/// script's data can read upside-down Latin or Hangul more surely than the first languages
/// (`tha` read such a sign at 77), so the lines are turned over for the whole page, before the
/// page's data is chosen, when the first languages or the recognizer read them far better that way.
///
/// A photo on its side whose standing lines read well one way up is turned upright as a whole
/// instead, and its lines found again: the detector, made for level text, finds the small lines
/// of a page on its side poorly (a care label's paragraph on its side: 5 of its 12 lines read,
/// upright 10).
extension PhotoRecognizer {
    /// How a photo whose lines mostly stand (`TurnedPage.liesOnItsSide`) is read.
    enum StandingLines {
        /// Turned `quarterTurns` clockwise as a whole and read upright.
        case turnPage(quarterTurns: Int)
        /// Read line by line as they stand, each turned over or not.
        case read([LineImage], turnedOver: Bool)
    }

    /// How `lines`, of a photo lying on its side, are read: a sample of the standing lines (the
    /// tallest) is scored as cut and turned over (with `engine` or the recognizer); when the
    /// better way reads well (`retryConfidence`), the page is turned upright that way; else the
    /// standing lines are turned over when they read far better so. Vertical Chinese or Japanese
    /// text, which the recognizer reads as cut, is turned too, and reads the same turned (the
    /// shared vertical sign, a rendered Japanese one). The sample's readings as cut go into
    /// `known`.
    func standingLines(_ lines: [LineImage], in gray: GrayImage, engine: TesseractEngine,
                       known: inout KnownLineReadings) throws(OCRError) -> StandingLines {
        let standing = lines.indices.filter { Self.isTall(lines[$0]) }
        let tallest = standing.sorted { lines[$0].quadrilateral.boundingBox.height > lines[$1].quadrilateral.boundingBox.height }
        let sample = Array(tallest.prefix(tuning.photoSampleLines))
        var turnedOverByRecognizer: [Int: Double] = [:]
        if let quarterTurns = try turnSettledByRecognizer(lines, sample: sample, engine: engine, known: &known,
                                                         turnedOver: &turnedOverByRecognizer) {
            return .turnPage(quarterTurns: quarterTurns)
        }
        guard let scores = try sampleScores(lines, sample: sample, engine: engine, known: &known, floor: tuning.tesseractFloor,
                                            turnedOverByRecognizer: turnedOverByRecognizer)
        else { return .read(lines, turnedOver: false) }
        let over = scores.turnedOver.map { Self.readsBetterTurnedOver((scores.asCut, $0), floor: tuning.tesseractFloor) } ?? false
        // As cut, a standing line reads downwards: the page was turned a quarter clockwise.
        if (over ? scores.turnedOver ?? 0 : scores.asCut) >= tuning.retryConfidence { return .turnPage(quarterTurns: over ? 1 : 3) }
        guard over else { return .read(lines, turnedOver: false) }
        known = KnownLineReadings()
        return .read(Self.turnedOver(lines, at: Set(standing), in: gray), turnedOver: true)
    }

    /// The way a photo on its side is turned upright when the recognizer's readings of `sample`
    /// settle it, so that Tesseract need not read the sample both ways; nil when they do not.
    /// A line's score each way is the surer of Tesseract and the recognizer, and no score is
    /// above 100, so the recognizer's scores are floors. Read surely as cut (a mean above 100
    /// less `turnOverMargin`), the sample cannot read far better turned over: the page is turned
    /// a quarter back, as `standingLines` would, without Tesseract. Read surely turned over, by
    /// the margin over the sample's scores as cut, it is turned the other way without Tesseract
    /// reading it turned over. Tesseract then reads the sample as cut, the lines the recognizer
    /// read least surely first, only until the answer is certain: a line not yet read scores
    /// at most 100 and at least the recognizer's score (on the book page on its side, two
    /// lines of four). The same decisions as from the full scores; the recognizer's scores
    /// turned over go into `turnedOver`.
    private func turnSettledByRecognizer(_ lines: [LineImage], sample: [Int], engine: TesseractEngine,
                                         known: inout KnownLineReadings, turnedOver: inout [Int: Double]) throws(OCRError) -> Int? {
        guard let recognizer, !sample.isEmpty else { return nil }
        let count = Double(sample.count)
        var recognizerAsCut: [Int: Double] = [:]
        for index in sample {
            recognizerAsCut[index] = (known.recognizerReading(of: index, in: lines, by: recognizer)?.confidence ?? 0) * 100
        }
        let asCutFloor = sample.reduce(0.0) { $0 + (recognizerAsCut[$1] ?? 0) } / count
        if asCutFloor > 100 - tuning.turnOverMargin { return asCutFloor >= tuning.retryConfidence ? 3 : nil }
        for index in sample { turnedOver[index] = recognizerScoreTurnedOver(lines[index], by: recognizer) }
        let turnedOverFloor = sample.reduce(0.0) { $0 + (turnedOver[$1] ?? 0) } / count
        guard turnedOverFloor >= max(tuning.tesseractFloor, tuning.retryConfidence) else { return nil }
        // Turned when the sample's mean score as cut is at most this.
        let turnsUpTo = turnedOverFloor - tuning.turnOverMargin
        var scored = 0.0
        var left = sample.sorted { recognizerAsCut[$0] ?? 0 < recognizerAsCut[$1] ?? 0 }
        while let index = left.first {
            if (scored + Double(left.count) * 100) / count <= turnsUpTo { return 1 }
            if (scored + left.reduce(0.0) { $0 + (recognizerAsCut[$1] ?? 0) }) / count > turnsUpTo { return nil }
            scored += try scoreAsCut(lines, index, engine: engine, known: &known)
            left.removeFirst()
        }
        return scored / count <= turnsUpTo ? 1 : nil
    }

    /// Whether a photo was taken upside down: its widest line does not read well as cut, and a
    /// sample of the widest level lines reads far better turned over, or has more lines the
    /// recognizer reads whole only turned over than only as cut (`turnedOverVote`). A photo upside down was
    /// read line by line as Thai letters, which `tha` reads upside-down text as surely as
    /// anything. The sample's readings as cut go into `known`, for the lines not to be read
    /// again when the photo is upright.
    func readsUpsideDown(_ lines: [LineImage], engine: TesseractEngine,
                         known: inout KnownLineReadings) throws(OCRError) -> Bool {
        let level = lines.indices.filter { !Self.isTall(lines[$0]) }
        let sample = level.sorted { lines[$0].image.width > lines[$1].image.width }.prefix(tuning.photoSampleLines)
        // The widest line read well as cut says the photo is upright, at the cost of one or two
        // readings: read whole by the recognizer (which reads upside-down text too, at 0.7 to
        // 0.8, but not whole), or by the first languages at `retryConfidence`.
        guard let widest = sample.first else { return false }
        let recognized = recognizer.flatMap { known.recognizerReading(of: widest, in: lines, by: $0) }
        if let recognized, Self.readsWhole(recognized) { return false }
        let asCut = try known.firstLanguagesReading(of: widest) { () throws(OCRError) in
            try read(lines[widest], preparation: .grey, quarterTurns: 0, engine: engine)
        }
        // A reading is as sure as the recognizer is of the line when it read the line through
        // in Latin letters, unsurely (`recognizerSureness`): upside down, `OPEN` read `NidO` at
        // 81 with `kor+eng` and `N∃N` at 0.63 by it, and a shop's `Hung Wan BBQ` read as Hangul
        // and Latin junk, `ogg uem 6니개`, at 77, where it read `Hunn wan B` at 0.66 and saw no
        // stretch in a script it lacks.
        var sureness = asCut?.confidence ?? 0
        if asCut != nil, let recognizerSureness = recognizerSureness(of: recognized) {
            sureness = min(sureness, recognizerSureness)
        }
        // Thai data reads upside-down text as surely as upright (`--ocr-lang tha+eng`): its
        // sure reading says nothing of which way up the photo is.
        if sureness >= tuning.retryConfidence, !engine.data.languages.contains("tha") { return false }
        var turnedOverByRecognizer: [Int: Double] = [:]
        if let recognizer {
            var votes = 0
            for index in sample {
                // Only a line read through as cut may vote (`turnedOverVote`): another is read
                // turned over only if the sample's scores come to it.
                guard let asCut = known.recognizerReading(of: index, in: lines, by: recognizer), asCut.unreadShare == 0 else { continue }
                let over = recognizerReadingTurnedOver(lines[index], by: recognizer)
                turnedOverByRecognizer[index] = (over?.confidence ?? 0) * 100
                votes += Self.turnedOverVote(asCut: asCut, turnedOver: over)
            }
            if votes > 0 { return true }
        }
        guard let scores = try sampleScores(lines, sample: Array(sample), engine: engine, known: &known, floor: tuning.upsideDownPhotoFloor,
                                            turnedOverByRecognizer: turnedOverByRecognizer),
              let turnedOver = scores.turnedOver
        else { return false }
        return Self.readsBetterTurnedOver((scores.asCut, turnedOver), floor: tuning.upsideDownPhotoFloor)
    }

    /// A line's vote on whether its photo is upside down, from the recognizer's readings of it
    /// as cut and turned over: 1 when it reads the line whole and surely (`readsWhole`) only
    /// turned over, -1 when only as cut, 0 otherwise. Upside down, the recognizer often keeps
    /// a Latin line's letters but not its sureness: a Thai sign's `metres` read at 0.85 upside
    /// down and 1.00 upright, where Thai data reads the sign's Thai line as well either way.
    /// Only a line it reads through both ways votes: one it leaves partly unread either way is
    /// in a script it lacks, whose shapes turned over may pass for Latin (`ทางออก` upright,
    /// read `ueealu` at 0.98 turned over) (docs/experiments/photos.md,
    /// "A Thai sign the orientation model turns over").
    static func turnedOverVote(asCut: RecognizedLine?, turnedOver: RecognizedLine?) -> Int {
        guard let asCut, let turnedOver, asCut.unreadShare == 0, turnedOver.unreadShare == 0 else { return 0 }
        let wholeAsCut = readsWhole(asCut), wholeTurnedOver = readsWhole(turnedOver)
        return wholeAsCut == wholeTurnedOver ? 0 : (wholeTurnedOver ? 1 : -1)
    }

    /// Readings of lines made before the photo's lines are all read (`readAll`), by line: the
    /// recognizer's, and Tesseract's of the line as it lies, not binarised, with the first
    /// languages (a nil reading when Tesseract read nothing).
    struct KnownLineReadings {
        var recognized: [Int: RecognizedLine] = [:]
        var read: [Int: Reading?] = [:]

        /// Line `index`'s reading with the first languages: the one known, or else `reading`'s,
        /// kept.
        mutating func firstLanguagesReading(of index: Int, reading: () throws(OCRError) -> Reading?) throws(OCRError) -> Reading? {
            if let known = read[index] { return known }
            let made = try reading()
            read[index] = made
            return made
        }

        /// Line `index`'s reading by the recognizer, as cut: the one known, or else made and kept
        /// (nil when it cannot read the line).
        mutating func recognizerReading(of index: Int, in lines: [LineImage], by recognizer: TextLineRecognizer) -> RecognizedLine? {
            if let known = recognized[index] { return known }
            let flat = lines[index].flat
            let made = try? recognizer.read(pixels: flat.pixels, width: flat.width, height: flat.height, bytesPerRow: flat.width, channels: 1)
            recognized[index] = made
            return made
        }
    }

    /// A line's score turned over: the surer of Tesseract with `engine` and the recognizer
    /// (which reads Chinese lines that the first languages cannot); `byRecognizer`, the
    /// recognizer's score when made already.
    private func scoreTurnedOver(_ line: LineImage, engine: TesseractEngine, byRecognizer: Double? = nil) throws(OCRError) -> Double {
        let tesseract = try read(line, preparation: .grey, quarterTurns: 2, engine: engine)?.confidence ?? 0
        guard let recognizer else { return tesseract }
        return max(tesseract, byRecognizer ?? recognizerScoreTurnedOver(line, by: recognizer))
    }

    /// The recognizer's score of `line` turned over (its confidence as a percentage; 0 when it
    /// cannot read it).
    private func recognizerScoreTurnedOver(_ line: LineImage, by recognizer: TextLineRecognizer) -> Double {
        (recognizerReadingTurnedOver(line, by: recognizer)?.confidence ?? 0) * 100
    }

    /// The recognizer's reading of `line` turned over; nil when it cannot read it.
    private func recognizerReadingTurnedOver(_ line: LineImage, by recognizer: TextLineRecognizer) -> RecognizedLine? {
        let image = line.flat.turned(quarterTurns: 2)
        return try? recognizer.read(pixels: image.pixels, width: image.width, height: image.height, bytesPerRow: image.width, channels: 1)
    }

    /// Line `index`'s score as cut, the same way; its readings made once, in `known`, for the
    /// line kept as it is (`engine` is the first languages').
    private func scoreAsCut(_ lines: [LineImage], _ index: Int, engine: TesseractEngine,
                            known: inout KnownLineReadings) throws(OCRError) -> Double {
        let tesseract = try known.firstLanguagesReading(of: index) { () throws(OCRError) in
            try read(lines[index], preparation: .grey, quarterTurns: 0, engine: engine)
        }?.confidence ?? 0
        guard let recognizer else { return tesseract }
        return max(tesseract, (known.recognizerReading(of: index, in: lines, by: recognizer)?.confidence ?? 0) * 100)
    }

    /// The mean scores of `sample` as cut and turned over; nil for no sample. The turned-over
    /// readings stop, and its score is nil, once even perfect scores on the lines left could
    /// not make the sample read far better turned over at `floor` or more
    /// (`readsBetterTurnedOver`): on the Russian contract, `kor+eng` reads the lines turned
    /// over at 13-20 and the first already settles it. The readings as cut go into `known`.
    private func sampleScores(_ lines: [LineImage], sample: [Int], engine: TesseractEngine, known: inout KnownLineReadings,
                              floor: Double, turnedOverByRecognizer: [Int: Double] = [:])
        throws(OCRError) -> (asCut: Double, turnedOver: Double?)? {
        guard !sample.isEmpty else { return nil }
        let count = Double(sample.count)
        var asCut = 0.0
        for index in sample { asCut += try scoreAsCut(lines, index, engine: engine, known: &known) }
        asCut /= count
        let needed = max(floor, asCut + tuning.turnOverMargin)
        var turnedOver = 0.0
        for (scored, index) in sample.enumerated() {
            guard (turnedOver + Double(sample.count - scored) * 100) / count >= needed else { return (asCut, nil) }
            turnedOver += try scoreTurnedOver(lines[index], engine: engine, byRecognizer: turnedOverByRecognizer[index])
        }
        return (asCut, turnedOver / count)
    }

    /// Whether a sample reads far better turned over than as cut, and at `floor` or more.
    private static func readsBetterTurnedOver(_ scores: (asCut: Double, turnedOver: Double), floor: Double) -> Bool {
        scores.turnedOver >= floor && scores.turnedOver >= scores.asCut + tuning.turnOverMargin
    }

    /// `lines` with those at `indices` turned over.
    private static func turnedOver(_ lines: [LineImage], at indices: Set<Int>, in gray: GrayImage) -> [LineImage] {
        lines.indices.map { index in
            guard indices.contains(index) else { return lines[index] }
            let quad = lines[index].quadrilateral
            let over = Quadrilateral(topLeft: quad.bottomRight, topRight: quad.bottomLeft, bottomRight: quad.topLeft, bottomLeft: quad.topRight)
            return LineImage(over, curve: lines[index].curve?.turnedOver, in: gray) ?? lines[index]
        }
    }
}
