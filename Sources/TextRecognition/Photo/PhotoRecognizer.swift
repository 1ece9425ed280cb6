import Foundation
import PagePreparation
import TesseractReading
import TextDetection
import TranslateModel

/// What reading a photo line by line comes to.
enum PhotoReading {
    case read(page: RecognizedPage, report: PreparationReport)
    /// The photo lies on its side, as its `lines` detected lines say: it is to be read turned
    /// `quarterTurns` clockwise (`PhotoRecognizer.standingLines`).
    case liesOnItsSide(quarterTurns: Int, lines: Int)
    /// The photo is upside down, as its `lines` detected lines read both ways up say
    /// (`PhotoRecognizer.readsUpsideDown`): it is to be turned over and its lines found afresh.
    case upsideDown(lines: Int)
}

/// Reads a camera photo line by line: a neural detector finds every text line (in any script,
/// at any angle), and each line is cut out, straightened and read on its own by Tesseract.
///
/// Tesseract's page layout analysis was made for paper: on a photo it cannot tell text from
/// bricks, windows and poles, and it misses lines that are turned or on busy backgrounds.
/// Owned by one worker thread, like its detector and Tesseract handles.
final class PhotoRecognizer {
    let detector: TextLineDetector
    /// PaddleOCR's recognizer for Chinese and Latin lines, which it reads far better than
    /// Tesseract (faint receipts, small Chinese print).
    private let recognizers: RecognizerLoading
    /// The recognizer; nil when its model is not installed.
    var recognizer: TextLineRecognizer? { recognizers.loaded }
    /// Where a helper thread that reads lines with the recognizer beside the worker gets its
    /// core: the run's second core in a run of one photo, else a core the run's other workers
    /// have left once they have nothing more to read (`SpareCores`).
    private var helperCore: SharedLineRecognition.HelperCore {
        if settings.threadsPerImage >= 2 { return .own }
        return spareCores.map { .spare($0) } ?? .none
    }
    private let spareCores: SpareCores?
    let engines: EngineCache
    /// The handles of a helper thread that reads lines with Tesseract beside the worker
    /// (`SharedLineRetries`), made when one first does.
    private lazy var helperEngines = engines.sibling()
    private let languageDetector: any LanguageDetector
    private let settings: OCRSettings

    /// The longest side of the reduced copy the detector sees: big enough for the small lines
    /// of a phone photo, small enough to take a fraction of a second whatever the photo's size.
    static let detectionSide = 960
    /// A smaller photo is enlarged to this on its longer side before the detector sees it: at
    /// its own size, a 350-pixel care label's lines ran together with the icons beside them.
    /// PaddleOCR's own pipeline enlarges small photos too (docs/experiments/photos.md,
    /// "Small photos enlarged for the detector (2026-12-06)").
    static let enlargedSide = 800
    /// A box this much taller than wide is a vertical line (or a line on a turned page).
    static let verticalAspect = 1.5

    init(detector: TextLineDetector, recognizers: RecognizerLoading, engines: EngineCache,
         languageDetector: any LanguageDetector, settings: OCRSettings, spareCores: SpareCores? = nil) {
        self.detector = detector
        self.spareCores = spareCores
        self.recognizers = recognizers
        self.engines = engines
        self.languageDetector = languageDetector
        self.settings = settings
    }

    /// Every line of `gray` (the page's grey pixels), read; or, when the photo lies on its side
    /// and `mayLieOnItsSide`, the turn that makes it upright, and when it is upside down, that
    /// it is, for it to be read again turned. A photo that is not `mayBeUpsideDown` (turned
    /// upright by lines read both ways up to choose the turn) is not checked for being upside
    /// down again.
    /// `colour` makes the page's red, green and blue bytes, which the detector looks at when
    /// there are any: in grey, red letters on a white sign fade into it (the shared photos read
    /// at CER 3.8% instead of 6.4%, a restaurant's red name found only in colour;
    /// docs/experiments/photos.md, "Camera photos with PP-OCRv6 small").
    /// Made only for the detector, they are freed once it is done. Without `triesOtherScripts`
    /// (the photo's script is known), no other script's data is tried on its lines.
    func read(_ gray: GrayImage, colour: () -> [UInt8]? = { nil }, engine: TesseractEngine, report: PreparationReport,
              mayLieOnItsSide: Bool = true, mayBeUpsideDown: Bool = true, triesOtherScripts: Bool = true) throws(OCRError) -> PhotoReading
    {
        var report = report
        let detected: [DetectedTextLine]
        do {
            detected = try colour().map { colour throws(TextDetectionError) in
                try detector.detect(pixels: colour, width: gray.width, height: gray.height, bytesPerRow: gray.width * 3, channels: 3,
                                    maxSide: Self.detectionSide, enlargedSide: Self.enlargedSide)
            } ?? detector.detect(pixels: gray.pixels, width: gray.width, height: gray.height,
                                 bytesPerRow: gray.width, channels: 1, maxSide: Self.detectionSide,
                                 enlargedSide: Self.enlargedSide)
        } catch {
            throw .recognitionFailed
        }
        let cutOuts = LinePieces.trimmed(detected.map { LineImage.padded($0.quadrilateral) }, lines: detected.map(\.quadrilateral),
                                         straight: detected.map { $0.curve == nil })
        var lines = zip(detected, cutOuts).compactMap { line, cutOut in
            LineImage(line.quadrilateral, curve: line.curve, cutOut: cutOut, in: gray)
        }
        report.add(.detectedLines(lines.count))
        var known = KnownLineReadings()
        if TurnedPage.liesOnItsSide(detected) {
            switch try standingLines(lines, in: gray, engine: engine, known: &known) {
            case .turnPage(let quarterTurns) where mayLieOnItsSide:
                return .liesOnItsSide(quarterTurns: quarterTurns, lines: lines.count)
            case .turnPage: break  // Turned upright already: its lines stand as the text does.
            case .read(let standing, let turnedOver):
                lines = standing
                if turnedOver { report.add(.linesTurnedOverOnItsSide) }
            }
        } else if mayBeUpsideDown, try readsUpsideDown(lines, engine: engine, known: &known) {
            // Found afresh the right way up: found upside down, a line's box can take in the
            // sign around it (the Korean wall sign's lines, 1821×428 against 1731×306 upright).
            return .upsideDown(lines: lines.count)
        }
        var (readings, recognizedLines, settled) = try readAll(lines, first: engine, known: known, triesOtherScripts: triesOtherScripts,
                                                               report: &report)
        if settings.rereadByLanguage {
            try readInDetectedLanguages(&readings, lines: lines, recognized: recognizedLines, settled: settled)
        }
        try readThaiOverWholeLinesInEnglish(&readings, lines: lines, recognized: recognizedLines)
        // Each line's reading: the recognizer's, unless there is none or Tesseract's stays
        // (`keepsTesseract`).
        var read: [(box: RecognizedBox, line: PhotoJunkRule.Line)?] = []
        for (index, (line, reading)) in zip(lines, readings).enumerated() {
            let byRecognizer = recognizer != nil && !keepsTesseract(reading, over: recognizedLines[index])
            let box = byRecognizer
                ? recognizedLines[index].map { recognizerBox($0, line: line, pageWidth: gray.width, pageHeight: gray.height) }
                : reading.map { self.box($0, line: line, pageWidth: gray.width, pageHeight: gray.height) }
            let thickness = Double(min(line.flat.width, line.flat.height))
            read.append(box.map { box in
                (box, PhotoJunkRule.Line(confidence: box.confidence, byRecognizer: byRecognizer, thickness: thickness, text: box.text))
            })
        }
        let verdicts = PhotoJunkRule.verdicts(read.map { $0?.line })
        let kept = zip(read, verdicts).compactMap { read, verdict in verdict == .kept ? read : nil }
        var boxes = kept.map(\.box)
        let recognized = kept.filter(\.line.byRecognizer).count
        let dropped = verdicts.filter { $0 == .unreadable }.count, junk = verdicts.filter { $0 == .junk }.count
        if recognized > 0 { report.add(.readByRecognizer(recognized)) }
        if dropped > 0 {
            report.add(.droppedUnreadable(dropped, confidenceFloor: Int(tuning.tesseractFloor)))
        }
        if junk > 0 { report.add(.droppedAsJunk(junk)) }
        boxes = PhotoReadingOrder.sorted(boxes)
        for index in boxes.indices { boxes[index].paragraph = index }
        // The lines read as something and dropped, for `--verbose`.
        let junkLines = zip(read, verdicts).compactMap { read, verdict -> DroppedBox? in
            guard verdict != .kept, let read, read.box.text.contains(where: { !$0.isWhitespace }) else { return nil }
            return DroppedBox(rect: read.box.rect, text: read.box.text, confidence: read.box.confidence,
                              height: read.line.thickness, reason: .photoJunk)
        }
        return .read(page: RecognizedPage(lines: boxes, paragraphs: boxes, dropped: junkLines), report: report)
    }

    /// Whether a photo read as it lies kept fewer than half of its `lines` (`kept`): then it may
    /// lie on its side with level boxes outweighing its standing lines (a crumpled receipt on its
    /// side, where blurred columns and handwriting come out as wide boxes), and it is read turned
    /// a quarter each way too. Of the 164 photos of the benchmark sets (both draws of the scenes
    /// among them), three on their side and one stop sign read not at all ask for it
    /// (docs/experiments/photos.md, "A photo read poorly as it lies is read turned too").
    static func readsPoorly(kept: Int, of lines: Int) -> Bool {
        kept * 2 < lines
    }

    /// Every line read by the recognizer when there is one (on two threads when there is a
    /// helper), and by Tesseract unless the recognizer read it whole and surely
    /// (`leftToRecognizer`). With automatic languages (and `triesOtherScripts`: the photo's
    /// script is not known already), when the recognizer did not read at least
    /// half of the widest lines whole, another script's data is chosen when it reads those
    /// lines better than the first languages; when it did, the same is tried on those it left
    /// mostly unread. Lines that read poorly with the chosen data
    /// (English on a Chinese sign) get the first languages' turn.
    ///
    /// `settled`: the lines whose recognizer reading will be taken whatever more Tesseract
    /// tries (it reads them surely and Tesseract's first reading has no letters it lacks, not
    /// even unsurely: a Cyrillic line read poorly at first reads well binarised); they are
    /// read by Tesseract once, without the retries.
    private func readAll(_ lines: [LineImage], first engine: TesseractEngine, known: KnownLineReadings, triesOtherScripts: Bool,
                         report: inout PreparationReport)
        throws(OCRError) -> (readings: [Reading?], recognized: [RecognizedLine?], settled: Set<Int>)
    {
        let widest = Array(lines.indices.sorted { lines[$0].image.width > lines[$1].image.width }.prefix(tuning.photoSampleLines))
        var recognized = [RecognizedLine?](repeating: nil, count: lines.count)
        if let recognizer {
            for (index, read) in known.recognized { recognized[index] = read }
            for (index, read) in try SharedLineRecognition.read(lines.map(\.flat), shortLineCuts: lines.map(\.shortLineCut),
                                                                  at: widest.filter { known.recognized[$0] == nil },
                                                                  with: recognizer, helperCore: helperCore, meanwhile: {}) {
                recognized[index] = read
            }
        }
        // A page whose widest lines the recognizer mostly read whole is in its scripts: the
        // lines left to Tesseract are then mostly marks and handwriting, which Thai or Hindi
        // data reads as letters more surely than the first languages do. Its lines that the
        // recognizer left mostly unread (a script it lacks) still try the other scripts' data,
        // alone: a Thai sign's one Thai line over three English ones was read with `kor+eng`.
        let notLeftToRecognizer = widest.filter { !leftToRecognizer(recognized[$0]) }
        let leftUnread = Set(lines.indices.filter { (recognized[$0]?.unreadShare ?? 0) >= tuning.unreadScript })
        let sample = notLeftToRecognizer.count * 2 >= widest.count ? notLeftToRecognizer : notLeftToRecognizer.filter(leftUnread.contains)
        var main = engine
        var known = known
        if settings.rereadByLanguage, triesOtherScripts, !sample.isEmpty,
           let chosen = try scriptData(for: lines, sample: sample, leftUnread: leftUnread, recognized: recognized, first: engine, known: &known) {
            main = chosen
        }
        var firstReadings = [Reading?](repeating: nil, count: lines.count)
        var recognizerAlone = 0
        // On a page in another script, a line read whole may be its letters' look-alikes
        // (АПТЕКА read as ANTEKA): Tesseract reads it too, and `keepsTesseract` chooses. So it
        // does when the first languages read a look-alike script (`--ocr-lang tha+eng`).
        let inRecognizerScripts = main === engine && !Self.readsLookAlikeScript(engine.data)
        let readByTesseract = { (index: Int, read: RecognizedLine?) throws(OCRError) in
            guard !(inRecognizerScripts && self.leftToRecognizer(read)) else {
                recognizerAlone += 1
                return
            }
            let readAsCut = { () throws(OCRError) in try self.read(lines[index], preparation: .grey, quarterTurns: 0, engine: main) }
            firstReadings[index] = main === engine ? try known.firstLanguagesReading(of: index, reading: readAsCut) : try readAsCut()
        }
        if let recognizer, inRecognizerScripts {
            // Tesseract reads a line once the recognizer has, and only when it must.
            var known: [Int: RecognizedLine] = [:]
            for index in widest { known[index] = recognized[index] }
            for (index, read) in try SharedLineRecognition.read(lines.map(\.flat), shortLineCuts: lines.map(\.shortLineCut),
                                                                  known: known, with: recognizer,
                                                                  helperCore: helperCore, followUp: readByTesseract) {
                recognized[index] = read
            }
        } else if let recognizer {
            // In another script's data Tesseract reads every line, first: the recognizer then
            // reads only the lines whose reading can still be its own (on the Russian contract,
            // 19 of its 63 lines are Cyrillic read surely and stay Tesseract's).
            let unread = lines.indices.filter { recognized[$0] == nil }
            for (index, read) in try SharedLineRecognition.read(lines.map(\.flat), shortLineCuts: lines.map(\.shortLineCut),
                                                                  at: unread, with: recognizer, helperCore: helperCore,
                                                                  after: { (index) throws(OCRError) in
                try readByTesseract(index, nil)
                return !staysTesseractsWhateverTheRecognizerReads(firstReadings[index])
            }) {
                recognized[index] = read
            }
        } else {
            for index in lines.indices { try readByTesseract(index, nil) }
        }
        var settled = Set<Int>()
        for index in lines.indices {
            if let read = recognized[index], Self.isRecognizerText(read), lettersTheRecognizerLacks(firstReadings[index]).isEmpty {
                settled.insert(index)
            }
        }
        let retried = try retried(lines, at: lines.indices.filter { !settled.contains($0) }, chosen: main, first: engine,
                                  firstReadings: firstReadings, known: known.read, recognized: recognized)
        let readings = lines.indices.map { settled.contains($0) ? firstReadings[$0] : retried[$0]?.reading ?? nil }
        let firstRead = retried.values.filter(\.byFirstLanguages).count
        let vertical = readings.filter { $0?.quarterTurns == 1 }.count
        report.add(.readLineByLine(data: main.data.description, bestOfSample: main !== engine,
                                   leftToRecognizer: recognizerAlone, betterWithFirst: firstRead,
                                   firstData: engine.data.description, vertical: vertical))
        return (readings, recognized, settled)
    }

    /// How sure the recognizer is of a line it read through in Latin letters alone but not
    /// whole and surely (`readsWhole`), on Tesseract's scale: its confidence scaled so that its
    /// floor (`recognizerFloor`) is Tesseract's `retryConfidence`. Nil for any other reading.
    func recognizerSureness(of read: RecognizedLine?) -> Double? {
        guard let read, read.unreadShare == 0, !Self.readsWhole(read), Self.isLatinOnly(read.text) else { return nil }
        return read.confidence * 100 * tuning.retryConfidence / tuning.recognizerFloor
    }

    /// Whether the first languages' turn at a line that the chosen data read poorly can change
    /// what the line becomes. Not when the recognizer read the line end to end, leaving no
    /// stretch in a script it lacks (so no Hangul for `kor+eng` to find), and the chosen data's
    /// reading does not stay in place of the recognizer's (`keepsTesseract`): the line is then
    /// the recognizer's whatever Latin the first languages read. On the Russian contract that is
    /// 16 of the 20 handwritten lines the turn read
    /// (docs/experiments/photos.md, "The first languages' turn only where it can change a line").
    private func firstLanguagesMayChange(_ reading: Reading?, over read: RecognizedLine?) -> Bool {
        guard let read, read.unreadShare == 0 else { return true }
        return keepsTesseract(reading, over: read)
    }

    /// Whether the recognizer's reading of a line is kept without Tesseract reading the line at
    /// all: it read the line whole and surely in its language's letters (`readsWholeInItsLetters`),
    /// in a language whose letters it has.
    private func leftToRecognizer(_ read: RecognizedLine?) -> Bool {
        guard let read, Self.readsWhole(read) else { return false }
        let language = languageDetector.detect(read.text).language
        return LettersOfItsLanguage.writes(read.text, in: language) && (language.map(writesEveryLetter) ?? true)
    }

    /// `readsWhole`, and in letters of the language the reading is detected in
    /// (`LettersOfItsLanguage`): a line in a script the recognizer lacks, read as Latin
    /// look-alikes, is not taken for one read whole.
    func readsWholeInItsLetters(_ read: RecognizedLine) -> Bool {
        Self.readsWhole(read) && LettersOfItsLanguage.writes(read.text, in: languageDetector.detect(read.text).language)
    }

    /// Whether the recognizer has every letter of `language`: Chinese and Japanese, which it
    /// was made for, and the Latin-script languages whose letters beyond English's it has.
    /// PP-OCRv6 small lacks only Vietnamese's stacked diacritics (ệ, ở, ữ) and Asturian's ḥ and
    /// ḷ; the older recognizer, on OpenCV, lacks many more (ö, ß, ł). A line in a language it
    /// writes ends up the recognizer's whatever Tesseract reads (`keepsTesseract`).
    private func writesEveryLetter(of language: Language) -> Bool {
        guard let recognizer else { return false }
        switch language.script {
        case .han, .kana: return true
        case .latin:
            let letters = language.lettersBeyondEnglish
            return (letters + letters.uppercased()).unicodeScalars.allSatisfy(recognizer.characters.contains)
        default: return false
        }
    }

    /// The letters of `reading` the recognizer has no class for (Hangul, Thai, Cyrillic,
    /// Vietnamese diacritics); none without a recognizer or a reading.
    private func lettersTheRecognizerLacks(_ reading: Reading?) -> [Unicode.Scalar] {
        guard let recognizer, let reading else { return [] }
        return TextLineRecognizer.unreadableLetters(in: reading.text, characters: recognizer.characters)
    }

    /// Whether Tesseract's reading stays in place of the recognizer's: it holds letters the
    /// recognizer has no class for (Hangul, Thai, Cyrillic, Vietnamese diacritics) and
    /// Tesseract is fairly sure of it. On a line the recognizer read whole and surely
    /// (`readsWhole`), only Latin letters it lacks, or Cyrillic ones read surer still
    /// (`tesseractOverWholeLine`), take the line: capitals such as АПТЕКА are Latin look-alikes
    /// to the recognizer, and a Latin line read with Thai data alone comes out as Thai letters
    /// at 62-82 on photos held out from tuning, and at 86 on a rendered tea-house sign. A
    /// reading in Cyrillic or Thai letters alone by data that has English too
    /// (`isLookAlikeScriptOverLatin`) needs no more than any other: Tesseract had every Latin
    /// letter to choose and chose none (a pharmacy's `Часы работы`, which the recognizer reads
    /// whole as `4abl pabl` at 0.92; `คะแนน`, read whole as `A:lluu` at 0.90).
    private func keepsTesseract(_ reading: Reading?, over read: RecognizedLine?) -> Bool {
        keepsTesseract(reading, overWholeLine: read.map(readsWholeInItsLetters) ?? false)
    }

    /// `keepsTesseract`, told whether the recognizer read the line whole and surely.
    private func keepsTesseract(_ reading: Reading?, overWholeLine: Bool) -> Bool {
        guard let recognizer, let reading else { return false }
        return Self.keepsTesseract(reading.text, confidence: reading.confidence, data: reading.data,
                                   overWholeLine: overWholeLine, recognizerCharacters: recognizer.characters)
    }

    /// `keepsTesseract` for Tesseract's `text`, read at `confidence` with `data`, against a
    /// recognizer with `recognizerCharacters`.
    static func keepsTesseract(_ text: String, confidence: Double, data: TesseractData, overWholeLine: Bool,
                               recognizerCharacters: Set<Unicode.Scalar>) -> Bool {
        guard confidence >= tuning.tesseractKeeps else { return false }
        let lacking = TextLineRecognizer.unreadableLetters(in: text, characters: recognizerCharacters)
        guard !lacking.isEmpty else { return false }
        guard overWholeLine else { return true }
        if lacking.contains(where: { WritingScript.of($0) == .latin }) { return true }
        if isLookAlikeScriptOverLatin(text, data: data) { return true }
        return lacking.contains(where: { WritingScript.of($0) == .cyrillic }) && confidence >= tuning.tesseractOverWholeLine
    }

    /// Whether Tesseract's first reading of a line, with another script's data, is the line's
    /// whatever the recognizer reads: it stays even over a line the recognizer read whole
    /// (`keepsTesseract`), it is sure enough to be read no other way (`retryConfidence`: no
    /// retry, no first languages' turn), and it is no misreading even on a line the recognizer
    /// left unread. The recognizer then need not read the line.
    private func staysTesseractsWhateverTheRecognizerReads(_ reading: Reading?) -> Bool {
        guard let reading, reading.confidence >= tuning.retryConfidence, !Self.isMisreading(reading.text, leftUnread: true)
        else { return false }
        return keepsTesseract(reading, overWholeLine: true)
    }

    /// Whether the recognizer read `read`'s line from end to end, surely: no stretch of it read
    /// as nothing (a script it lacks leaves such stretches) and every character sure enough to
    /// be kept. Then the line is in a script it reads, and its reading stands.
    static func readsWhole(_ read: RecognizedLine) -> Bool {
        read.unreadShare == 0 && read.confidence * 100 >= tuning.recognizerFloor && isRecognizerText(read)
    }

    /// Whether a recognizer reading is text (`PhotoJunkRule.isText`).
    static func isRecognizerText(_ read: RecognizedLine) -> Bool {
        PhotoJunkRule.isText(confidence: read.confidence * 100, byRecognizer: true, text: read.text)
    }

    /// The recognizer's reading of `line` as a box of the page. A line is the recognizer's, as
    /// measured best on the photo set (docs/experiments/photos.md, "Reading photo lines"), unless
    /// Tesseract's reading stays (`keepsTesseract`).
    private func recognizerBox(_ read: RecognizedLine, line: LineImage, pageWidth: Int, pageHeight: Int) -> RecognizedBox {
        let quad = line.quadrilateral
        let rect = LineImage.boundingRect(quad.corners, pageWidth: pageWidth, pageHeight: pageHeight)
        let upright = abs(quad.angle) < 1
        let polygon = quad.corners.map { PixelPoint(x: Int($0.x.rounded()), y: Int($0.y.rounded())) }
        let text = read.text.trimmingCharacters(in: .whitespaces)
        return RecognizedBox(rect: rect, confidence: read.confidence * 100, text: text,
                             words: [RecognizedWord(rect: rect, confidence: read.confidence * 100, text: text)],
                             paragraph: 0, polygon: upright ? nil : polygon)
    }

    /// One line's reading: its text, words and confidence in the prepared line's pixels, and
    /// how the line was turned to be read.
    struct Reading {
        var page: RecognizedPage
        var confidence: Double
        var quarterTurns: Int
        var preparation: LineImage.Preparation
        var data: TesseractData

        var text: String { page.lines.map(\.text).joined(separator: " ") }
    }

    /// A line's reading once it has been retried (`retried`), and whether the first languages'
    /// turn gave it.
    struct LineRetry {
        var reading: Reading?
        var byFirstLanguages: Bool
    }

    /// The lines at `indices` read again where they read poorly (`bestReading`), with the
    /// `chosen` data, then, when that was another script's and still reads poorly, with the
    /// `first` languages where their reading can change the line (`firstLanguagesMayChange`);
    /// on two threads when there is a core for a helper (`SharedLineRetries`).
    /// `firstReadings`: each line's reading with the chosen data as cut; `known`, with the first
    /// languages.
    private func retried(_ lines: [LineImage], at indices: [Int], chosen: TesseractEngine, first: TesseractEngine,
                         firstReadings: [Reading?], known: [Int: Reading?],
                         recognized: [RecognizedLine?]) throws(OCRError) -> [Int: LineRetry] {
        let chosenData = chosen.data, firstData = first.data, triesFirst = chosen !== first
        return try SharedLineRetries.read(indices, engines: engines, helperEngines: { helperEngines }, helperCore: helperCore) {
            (index, engines) throws(OCRError) -> LineRetry in
            guard let chosen = engines.engine(for: chosenData) else { throw .languagesNotInstalled(chosenData.languages) }
            let leftUnread = (recognized[index]?.unreadShare ?? 0) >= tuning.unreadScript
            let reading = try bestReading(of: lines[index], engine: chosen, engines: engines, first: firstReadings[index], leftUnread: leftUnread)
            guard triesFirst, (reading?.confidence ?? 0) < tuning.retryConfidence, firstLanguagesMayChange(reading, over: recognized[index])
            else { return LineRetry(reading: reading, byFirstLanguages: false) }
            guard let first = engines.engine(for: firstData) else { throw .languagesNotInstalled(firstData.languages) }
            if let again = try bestReading(of: lines[index], engine: first, engines: engines, first: known[index], leftUnread: leftUnread),
               score(again) > score(reading) {
                return LineRetry(reading: again, byFirstLanguages: true)
            }
            return LineRetry(reading: reading, byFirstLanguages: false)
        }
    }

    /// `line` read as it lies; when that reads poorly, binarised, then with the marks reaching
    /// in from its edges cleared (a sign's rim around a display word); a tall line is also read
    /// as vertical text (Chinese and Japanese signs), turned upright. A reading with marks at
    /// its ends is read again with the edge marks cleared, and that reading taken when it is the
    /// same text without them. `first`: the line as it lies,
    /// already read with `engine`. (A line alone upside down is not looked for: reading each
    /// poor line turned over changed no reading of 186 photos, those taken upside down among
    /// them, which are turned as a whole, `readsUpsideDown`.)
    private func bestReading(of line: LineImage, engine: TesseractEngine, engines: EngineCache, first: Reading?? = nil,
                             leftUnread: Bool = false) throws(OCRError) -> Reading? {
        func standing(_ reading: Reading?) -> Double {
            guard let reading else { return -1 }
            return Self.isMisreading(reading.text, leftUnread: leftUnread) ? 0 : reading.confidence
        }
        var best: Reading?
        // The reading with the edge marks cleared, once made (nil inside: there was nothing to clear).
        var edgesCleared: Reading??
        func consider(_ preparation: LineImage.Preparation, _ quarterTurns: Int, engine: TesseractEngine) throws(OCRError) {
            let reading = try read(line, preparation: preparation, quarterTurns: quarterTurns, engine: engine)
            if preparation == .edgesCleared { edgesCleared = .some(reading) }
            if let reading, standing(reading) > standing(best) { best = reading }
        }
        if let first { best = first } else { try consider(.grey, 0, engine: engine) }
        if max(standing(best), 0) < tuning.retryConfidence { try consider(.binarized, 0, engine: engine) }
        if max(standing(best), 0) < tuning.retryConfidence { try consider(.edgesCleared, 0, engine: engine) }
        // Tesseract scales the line's whole height to its own: without the white above and below,
        // large letters that fill little of it read surely (`LineImage.image(.unbordered)`).
        if max(standing(best), 0) < tuning.retryConfidence { try consider(.unbordered, 0, engine: engine) }
        if Self.isTall(line), max(standing(best), 0) < tuning.retryConfidence, let vertical = verticalEngine(for: engine, in: engines) {
            try consider(.grey, 1, engine: vertical)
        }
        // On a line in a script the recognizer lacks, a Latin reading is no reading, yet English
        // data beside the line's own can still win every word: `kor+eng` read a Korean display
        // word `쏠린다` as `Sect`, `kor` alone as `쓸린다`. Such a line is read again without the
        // Latin-script languages.
        if leftUnread, max(standing(best), 0) < tuning.retryConfidence,
           let withoutLatin = Self.withoutLatinLanguages(engine.data), let alone = engines.engine(for: withoutLatin) {
            try consider(.grey, 0, engine: alone)
        }
        // Marks at the reading's ends may be a rim or border reaching into the cut-out, read
        // surely as brackets or points (a stop sign's `정지` read `(정지)` at 85): read with
        // those marks cleared, the same text without them says they were.
        if let reading = best, reading.preparation != .edgesCleared, reading.quarterTurns == 0,
           let bare = LineEdgeMarks.withoutEndMarks(reading.text) {
            let cleared: Reading?
            if let made = edgesCleared { cleared = made } else { cleared = try read(line, preparation: .edgesCleared, quarterTurns: 0, engine: engine) }
            if let cleared, cleared.text.trimmingCharacters(in: .whitespaces) == bare { best = cleared }
        }
        return best
    }

    /// `data` without its Latin-script languages (`kor+eng` → `kor`); nil when it has none of
    /// them, or nothing else. A language the tool does not know stays.
    static func withoutLatinLanguages(_ data: TesseractData) -> TesseractData? {
        let others = data.languages.filter { ScriptLanguages.scripts(ofLanguage: $0) != [.latin] }
        guard !others.isEmpty, others.count < data.languages.count else { return nil }
        return TesseractData(others)
    }

    /// Whether a reading of a line is a misreading however sure Tesseract is of it: Latin
    /// letters or digits alone on a line the recognizer left mostly unread (`leftUnread`), which
    /// is in a script it lacks (a Korean sign's 평양 read "ag" at 82), or a spelling no text has
    /// (`MalformedSpelling`: Thai data's reading of a Korean or Russian sign).
    static func isMisreading(_ text: String, leftUnread: Bool) -> Bool {
        (leftUnread && isLatinOnly(text)) || MalformedSpelling.isMalformed(text)
    }

    /// Whether `text` is Latin letters or digits alone (at least one of either): what the
    /// recognizer reads itself, so a misreading on a line it left mostly unread.
    static func isLatinOnly(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            && text.unicodeScalars.allSatisfy { (WritingScript.of($0) ?? .latin) == .latin }
    }

    /// The data for vertical lines in the script of `engine`'s data: Japanese or Traditional
    /// Chinese for theirs, Simplified Chinese otherwise (most vertical signs are Chinese; Korean
    /// is seldom set vertically). Tesseract's horizontal data reads upright vertical text poorly
    /// even in its vertical mode; the `_vert` data reads it well.
    private func verticalEngine(for engine: TesseractEngine, in engines: EngineCache) -> TesseractEngine? {
        let data: TesseractData
        switch engine.data.leading {
        case "jpn", "jpn_vert": data = TesseractData.japanese.vertical
        case "chi_tra", "chi_tra_vert": data = TesseractData.traditionalChinese.vertical
        default: data = TesseractData.simplifiedChinese.vertical
        }
        return engines.engine(for: data)
    }

    /// Whether the line stands upright in the page: vertical text, or a line of a turned page.
    static func isTall(_ line: LineImage) -> Bool {
        let box = line.quadrilateral.boundingBox
        return box.height > box.width * verticalAspect
    }

    /// `line`, prepared as `preparation` says, turned `quarterTurns` clockwise and read with `engine`: one
    /// line of text, or, turned a quarter (a vertical line made upright), a vertical block.
    func read(_ line: LineImage, preparation: LineImage.Preparation, quarterTurns: Int, engine: TesseractEngine) throws(OCRError) -> Reading? {
        guard let image = line.image(preparation)?.turned(quarterTurns: quarterTurns).leptonicaImage() else { return nil }
        let mode = quarterTurns % 2 == 1 ? Self.verticalBlockMode : TesseractEngine.singleLineMode
        var page = try engine.recognize(image, pageSegmentationMode: mode)
        guard page.lines.contains(where: { !$0.text.isEmpty }) else { return nil }
        if quarterTurns % 2 == 0 { page = Self.joiningLetterSpacedWords(page) }
        return Reading(page: page, confidence: ReadingConfidence.mean(of: page), quarterTurns: quarterTurns,
                       preparation: preparation, data: engine.data)
    }

    /// `page` with each line that is one letter-spaced Korean word read as that word.
    static func joiningLetterSpacedWords(_ page: RecognizedPage) -> RecognizedPage {
        var page = page
        for index in page.lines.indices {
            guard let word = LetterSpacedHangul.joined(page.lines[index].words) else { continue }
            page.lines[index].words = [word]
            page.lines[index].text = word.text
        }
        return page
    }

    /// Tesseract's mode for a single block of vertical text.
    static let verticalBlockMode = 5

    /// The data of the script that reads a sample of the lines (the widest) best, when the first
    /// languages read them poorly and it reads them better; nil to keep the first languages.
    /// `leftUnread`: the lines the recognizer left mostly unread, where a reading of Latin letters
    /// or digits alone counts as nothing, as in `bestReading` (a Thai sign's name read `66047.`
    /// at 68 with `kor+eng`, `ห้องน้้า` at 83 with `tha`); a malformed reading counts as nothing
    /// on any line (`isMisreading`).
    private func scriptData(for lines: [LineImage], sample: [Int], leftUnread: Set<Int>, recognized: [RecognizedLine?],
                            first: TesseractEngine, known: inout KnownLineReadings) throws(OCRError) -> TesseractEngine? {
        guard !sample.isEmpty else { return nil }
        var firstStanding: [Int: Double] = [:]
        func total(_ engine: TesseractEngine) throws(OCRError) -> Double {
            var sum = 0.0
            for index in sample {
                func standing(_ reading: Reading?) -> Double {
                    reading.map { Self.isMisreading($0.text, leftUnread: leftUnread.contains(index)) } == true ? 0 : score(reading)
                }
                // The first languages' readings are kept: the lines are read with them anyway.
                let readAsCut = { () throws(OCRError) in try self.read(lines[index], preparation: .grey, quarterTurns: 0, engine: engine) }
                let asCut = engine === first ? try known.firstLanguagesReading(of: index, reading: readAsCut) : try readAsCut()
                var best = standing(asCut)
                // Another script's data that reads a line in Latin letters or digits alone reads
                // it with the English the first languages have too: no evidence for its script, so
                // the line stands as the first languages read it. Cyrillic data read a Thai sign's
                // `สถานที่` as `amun` at 77, which with the agreement bonus ended the trial
                // before Thai data was tried.
                if engine !== first, let asCut, Self.isLatinOnly(asCut.text), let firstBest = firstStanding[index] {
                    best = firstBest
                }
                // A sign's rim reaching into the cut-out misleads the first languages: a stop
                // sign's `정지` read as nothing with `kor+eng`, and Thai data's `ชม` at 73 won.
                // They also read the line with those marks cleared, as `bestReading` will.
                // Other data reads as cut: given the same retry, Thai data read a Korean wall
                // sign's marks surely enough to keep.
                if engine === first, best < tuning.retryConfidence {
                    best = max(best, standing(try read(lines[index], preparation: .edgesCleared, quarterTurns: 0, engine: engine)))
                }
                // And without the white above and below, as `bestReading` will: a Korean display
                // word, `실감을`, read unsurely so, lost the trial to Thai data's junk.
                if engine === first, best < tuning.retryConfidence {
                    best = max(best, standing(try read(lines[index], preparation: .unbordered, quarterTurns: 0, engine: engine)))
                }
                // A tall line is most likely vertical text: read upright with the script's
                // vertical data, as in `bestReading`.
                if Self.isTall(lines[index]), let vertical = verticalEngine(for: engine, in: engines) {
                    best = max(best, standing(try read(lines[index], preparation: .grey, quarterTurns: 1, engine: vertical)))
                }
                // A Latin reading is as sure as the recognizer, the better reader of Latin, is of
                // the line: read through by it but unsurely, the line may be in a script it lacks
                // whose letters look Latin to both (docs/experiments/photos.md,
                // "The first languages' Latin reading weighed by the recognizer").
                if engine === first, let sureness = recognizerSureness(of: recognized[index]), let asCut, Self.isLatinOnly(asCut.text) {
                    best = min(best, sureness)
                }
                if engine === first { firstStanding[index] = best }
                sum += best
            }
            return sum / Double(sample.count)
        }
        let firstScore = try total(first)
        guard firstScore < tuning.retryConfidence else { return nil }
        // Another script must do clearly better, and read the sample at least fairly: Tesseract
        // reads junk confidently with some data (Thai and Hindi for faded Latin print), and a
        // close call keeps the first languages.
        var best = max(firstScore + tuning.scriptMargin, tuning.minimumScriptScore)
        var winner: TesseractEngine?
        // With the recognizer, the sample is the lines it could not read whole: in none of its
        // scripts, so Han and Japanese data are not tried.
        // The first languages without English are one more: `kor+eng` read a Korean display
        // word as Latin (`Sect`, no reading of a line the recognizer left unread), and Thai
        // data's junk won where `kor` alone reads it. As a candidate, not as the first
        // languages' second chance: so counted, `kor`'s Hangul junk on a Russian sign outscored
        // Cyrillic data.
        let firstWithoutLatin = Self.withoutLatinLanguages(first.data)
        let candidates = (recognizer == nil ? Self.otherScripts : Self.scriptsBeyondRecognizer) + [firstWithoutLatin].compactMap { $0 }
        for data in candidates where data != first.data {
            // It mends what the first languages misread: after a clear reading by another
            // script's data (a Thai sign's), it is not loaded and tried.
            if data == firstWithoutLatin, best >= tuning.clearScriptScore { break }
            guard let engine = engines.engine(for: data) else { continue }
            let candidate = try total(engine)
            if candidate > best {
                best = candidate
                winner = engine
            }
            // A clear reading settles it: loading and trying the rest costs a second or more.
            // With the recognizer, only Cyrillic data's does: Thai data read a Russian sign's
            // lines at 85 and a Hindi sign's at 88 with its agreement bonus, while Cyrillic data
            // read 7 Thai and 4 Hindi signs at 60 at most
            // (docs/experiments/photos.md, "A clear Cyrillic reading ends the script trial").
            if best >= tuning.clearScriptScore, recognizer == nil || winner?.data == Self.cyrillic { break }
        }
        return winner
    }

    /// Reads each line again with the data of the language its text is detected in, when its
    /// reading did not use that data (accents that `kor+eng` drops: "Mañana" read "Mafiana");
    /// the second reading wins unless Tesseract is clearly less sure of it. Only in a language
    /// with letters the recognizer lacks (`writesEveryLetter`): in any other, the line ends up the
    /// recognizer's whatever Tesseract reads, and on the shared photos those readings (receipt
    /// abbreviations placed in Spanish, Indonesian or Catalan, each loading its data) changed
    /// nothing and took a tenth of the time. A `settled` line (the recognizer's reading will be
    /// taken) only in the language detected on most lines of the photo.
    ///
    /// A line's language is told from the recognizer's reading when that names a language whose
    /// letters the recognizer lacks: it reads accents that the first data drops, and a
    /// Vietnamese line read `Cura hang banh mij` by `kor+eng` is `Ca hàng bánh mì` to it. Not
    /// when Tesseract read the line in letters of another script that the recognizer lacks: a
    /// Thai sign's `หลักสี่`, which the recognizer reads `kána`, is not Vietnamese.
    private func readInDetectedLanguages(_ readings: inout [Reading?], lines: [LineImage], recognized: [RecognizedLine?],
                                         settled: Set<Int>) throws(OCRError) {
        let detected = zip(readings, recognized).map { reading, recognized -> Language? in
            if let text = recognized?.text, let language = languageDetector.detect(text).language, !writesEveryLetter(of: language),
               !lettersTheRecognizerLacks(reading).contains(where: { WritingScript.of($0) != .latin }) {
                return language
            }
            return reading.flatMap { languageDetector.detect($0.text).language }
        }
        var linesPerLanguage: [String: Int] = [:]
        for language in detected.compactMap({ $0 }) { linesPerLanguage[language.tesseractName, default: 0] += 1 }
        let mostLines = linesPerLanguage.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        for index in readings.indices {
            guard let reading = readings[index], let language = detected[index],
                  !reading.data.languages.contains(language.tesseractName), !writesEveryLetter(of: language),
                  !(settled.contains(index) && language.tesseractName != mostLines),
                  let engine = engines.engine(for: ScriptLanguages.reading(language.tesseractName)),
                  let again = try read(lines[index], preparation: reading.preparation, quarterTurns: reading.quarterTurns, engine: engine),
                  LanguageRereadRule.isSureEnough(again.confidence, against: reading.confidence) else { continue }
            readings[index] = again
        }
    }

    /// The data tried for lines the first data reads poorly.
    static let otherScripts: [TesseractData] = ScriptLanguages.fallbacks + [.traditionalChinese]

    /// The data tried for lines the recognizer could not read whole: the scripts it lacks,
    /// Cyrillic first, whose clear reading ends the trial.
    static let scriptsBeyondRecognizer: [TesseractData] = [cyrillic] + ["tha", "hin"].map(ScriptLanguages.reading)

    /// The data for Cyrillic lines.
    static let cyrillic = ScriptLanguages.reading("rus")

    /// A reading's confidence, and the agreement bonus when the language detector places its
    /// text in a language of the data that read it (English read with `kor+eng` agrees).
    func score(_ reading: Reading?) -> Double {
        guard let reading else { return 0 }
        guard let detected = languageDetector.detect(reading.text).language else { return reading.confidence }
        let own = reading.data.horizontal.languages
        return reading.confidence + (own.contains(detected.tesseractName) ? tuning.agreementBonus : 0)
    }

    /// A reading as a box of the page: its words and rectangle in the page's pixels, and its
    /// corners when the line is not upright.
    private func box(_ reading: Reading, line: LineImage, pageWidth: Int, pageHeight: Int) -> RecognizedBox {
        let words = reading.page.lines.flatMap(\.words).map { word in
            RecognizedWord(rect: line.pageRect(word.rect, quarterTurns: reading.quarterTurns, preparation: reading.preparation,
                                               pageWidth: pageWidth, pageHeight: pageHeight),
                           confidence: word.confidence, text: word.text)
        }
        let quad = line.quadrilateral
        let rect = LineImage.boundingRect(quad.corners, pageWidth: pageWidth, pageHeight: pageHeight)
        // The corners in reading order: a line read upside down starts at the far corner, and a
        // vertical line (whose detected top edge runs down its right side) at its top-left.
        let turns = reading.quarterTurns % 4
        let corners = (0..<4).map { quad.corners[($0 + 4 - turns) % 4] }
        let polygon = corners.map { PixelPoint(x: Int($0.x.rounded()), y: Int($0.y.rounded())) }
        let upright = abs(quad.angle) < 1 && turns == 0
        let separator = reading.quarterTurns % 2 == 1 ? "" : " "
        return RecognizedBox(rect: rect, confidence: reading.confidence,
                             text: reading.page.lines.map(\.text).joined(separator: separator), words: words,
                             paragraph: 0, polygon: upright ? nil : polygon)
    }
}
