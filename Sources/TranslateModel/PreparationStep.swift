import Foundation

/// One thing done to a page before or while it was read, or one decision taken about it, with
/// the figures that decided it; said in words for `--verbose`.
///
/// Tesseract data are named as Tesseract names them (`kor+eng`).
public enum PreparationStep: Sendable, Equatable, CustomStringConvertible {
    // The page as a whole.
    case blankPage
    case readAsIs(preparationFailed: Bool)
    case readAsPhoto
    case cameraPhoto(equalNeighbours: Double)
    case sheetFlattened(outlineClarity: Double)
    case onItsSideByLines(lines: Int, degrees: Int)

    // Preparation.
    case madeDarkOnWhite(lightTextShare: Double, regions: Int, darkBackgroundShare: Double)
    case greyAsItIs(darkTextOnLight: Bool)
    case straightened(degrees: Double)
    case enlarged(factor: Double, textHeight: Int)
    case keptSize(textHeight: Int, largestSide: Int?)
    case turned(degrees: Int, confidence: Double)

    // Retries with the same data.
    case turningDidNotHelp
    case otherPolarityRead(confidence: Double, against: Double)
    case otherPolarityNotKept(confidence: Double)

    // The data chosen.
    case languages(LanguageChoice, readAgain: ReadAgain?)
    case otherScriptsDidNotHelp
    case guessKept(data: String, reason: GuessReason, confidence: Double, hanChoice: LanguageChoice?)
    case guessChangedByHanChoice(data: String, reason: GuessReason, then: LanguageChoice)
    case guessRefuted(data: String, scriptSeen: String?)

    // Lines.
    case missedLines(MissedLineCounts)
    case segmentation(mode: Int, chosen: Bool)

    // Photos read line by line.
    case detectedLines(Int)
    /// Most of the `lines` found stand, and a sample of them read well one way up: the photo was
    /// turned `degrees` clockwise and read again (on its side, or vertical Chinese or Japanese,
    /// which the recognizer reads either way).
    case photoTurnedByStandingLines(lines: Int, degrees: Int)
    /// Fewer than half of the `lines` found were read (`kept`): the photo read turned `degrees`
    /// clockwise read more surely (on its side, with level boxes from blur or handwriting
    /// outweighing its standing lines).
    case photoTurnedAfterPoorReading(kept: Int, lines: Int, degrees: Int)
    /// The orientation model found the photo on its side or upside down (`percent`: how probable it
    /// found that): it was turned `degrees` clockwise before its lines were found.
    case photoTurnedByOrientationModel(percent: Int, degrees: Int)
    case linesTurnedOverOnItsSide
    /// The widest of the photo's `lines` level lines read far better turned over: it was turned
    /// over and its lines found again.
    case photoTurnedOverByLevelLines(lines: Int)
    /// Read with `data` (the languages that read a sample best, when `bestOfSample`); so many
    /// lines left to the recognizer, read better with the first languages `firstData`, vertical.
    case readLineByLine(data: String, bestOfSample: Bool, leftToRecognizer: Int, betterWithFirst: Int, firstData: String, vertical: Int)
    case readByRecognizer(Int)
    case droppedUnreadable(Int, confidenceFloor: Int)
    case droppedAsJunk(Int)

    /// Why a page's data were chosen.
    public enum LanguageChoice: Sendable, Equatable, CustomStringConvertible {
        /// No more said than the data.
        case data(String)
        /// The data of the script orientation detection saw.
        case script(data: String, script: String, confidence: Double, against: Double)
        /// Every other script's data tried, this one read best.
        case afterOtherScripts(data: String, confidence: Double, against: Double)
        /// The data of the language the page's text was detected in.
        case pageLanguage(data: String, language: String, confidence: Double, against: Double)
        /// One of the Han data, chosen by the confidence in the page's Han characters.
        case hanText(HanChoice)

        /// The data chosen (`kor+eng`).
        public var data: String {
            switch self {
            case .data(let data), .script(let data, _, _, _), .afterOtherScripts(let data, _, _), .pageLanguage(let data, _, _, _): data
            case .hanText(let choice): choice.data
            }
        }

        public var description: String {
            switch self {
            case .data(let data):
                "read with \(data)"
            case .script(let data, let script, let confidence, let against):
                String(format: "read with %@ for its %@ script (confidence %.0f against %.0f)", data, script, confidence, against)
            case .afterOtherScripts(let data, let confidence, let against):
                String(format: "read with %@ after trying other scripts (confidence %.0f against %.0f)", data, confidence, against)
            case .pageLanguage(let data, let language, let confidence, let against):
                String(format: "read with %@ for its %@ text (confidence %.0f against %.0f)", data, language, confidence, against)
            case .hanText(let choice):
                choice.description
            }
        }
    }

    /// What the Han choice compared, and why data were not read.
    public struct HanChoice: Sendable, Equatable, CustomStringConvertible {
        public var data: String
        /// Each data read, with its confidence in the page's Han characters.
        public var compared: [Compared]
        /// The share of kana in the `jpn` reading; nil when the page was not read with `jpn`.
        public var kanaShare: Double?
        /// The confidence in the page's Simplified forms that ruled Traditional out.
        public var simplifiedForms: Double?
        /// The lines read with both Chinese data that ruled Simplified out.
        public var traditionalSample: TraditionalSample?

        public struct Compared: Sendable, Equatable {
            public var data: String
            public var confidence: Double
            public init(data: String, confidence: Double) {
                self.data = data
                self.confidence = confidence
            }
        }

        public struct TraditionalSample: Sendable, Equatable {
            public var lines: Int
            public var traditional: Double
            public var simplified: Double
            public init(lines: Int, traditional: Double, simplified: Double) {
                self.lines = lines
                self.traditional = traditional
                self.simplified = simplified
            }
        }

        public init(data: String, compared: [Compared], kanaShare: Double?, simplifiedForms: Double?,
                    traditionalSample: TraditionalSample?) {
            self.data = data
            self.compared = compared
            self.kanaShare = kanaShare
            self.simplifiedForms = simplifiedForms
            self.traditionalSample = traditionalSample
        }

        public var description: String {
            let compared = compared.map { String(format: "%@ %.0f", $0.data, $0.confidence) }.joined(separator: ", ")
            let kana = kanaShare.map { String(format: "kana %.0f%% of the jpn reading", $0 * 100) } ?? "not Japanese, so not read with jpn"
            let traditional = simplifiedForms.map {
                String(format: "; confidence %.0f in its Simplified forms, so not Traditional, and not read with chi_tra", $0)
            } ?? ""
            let simplified = traditionalSample.map {
                String(format: "; on its %d lines with the most Han characters chi_tra %.0f, chi_sim %.0f line by line, so Traditional, and not read with chi_sim",
                       $0.lines, $0.traditional, $0.simplified)
            } ?? ""
            return "read with \(data) for its Han text (confidence in its characters \(compared); \(kana)\(traditional)\(simplified))"
        }
    }

    /// How a page read again from the start with another script's data came out.
    public enum ReadAgain: Sendable, Equatable {
        /// The fresh reading kept, at this confidence.
        case kept(confidence: Double)
        /// The fresh reading read less text confidently than the first one with these data.
        case readLess
    }

    /// Why data were tried first: they read the pages before, or, once those data were
    /// refuted, what the refuted reading pointed to.
    public enum GuessReason: Sendable, Equatable, CustomStringConvertible {
        case pagesBefore
        /// The script orientation detection saw, not the refuted data of the pages before.
        case scriptSeen(String, refuted: String)
        /// The language of the text the refuted data read.
        case textLanguage(String, refuted: String)

        public var description: String {
            switch self {
            case .pagesBefore: "as the pages before it were"
            case .scriptSeen(let script, let refuted): "for the \(script) script orientation detection saw, not \(refuted) as the pages before it"
            case .textLanguage(let language, let refuted): "for the \(language) text it read with them, not \(refuted) as the pages before it"
            }
        }
    }

    /// Lines read outside the page's layout, by what became of them.
    public struct MissedLineCounts: Sendable, Equatable {
        public var found = 0, completed = 0, readAgain = 0, rejoined = 0, drawnShapes = 0, pieces = 0
        public init(found: Int = 0, completed: Int = 0, readAgain: Int = 0, rejoined: Int = 0, drawnShapes: Int = 0, pieces: Int = 0) {
            (self.found, self.completed, self.readAgain, self.rejoined, self.drawnShapes, self.pieces)
                = (found, completed, readAgain, rejoined, drawnShapes, pieces)
        }

        public var isEmpty: Bool { [found, completed, readAgain, rejoined, drawnShapes, pieces].allSatisfy { $0 == 0 } }
    }

    public var description: String {
        switch self {
        case .blankPage:
            "a blank page (one flat colour): not read"
        case .readAsIs(let failed):
            failed ? "read as it is (preparation failed)" : "read as it is"
        case .readAsPhoto:
            "read as a photo (--layout photo)"
        case .cameraPhoto(let equal):
            String(format: "camera photo (%.0f%% of neighbouring pixels equal)", equal * 100)
        case .sheetFlattened(let clarity):
            String(format: "a sheet of paper: its four corners found (outline %.0f%% clear) and the page flattened", clarity * 100)
        case .onItsSideByLines(let lines, let degrees):
            "on its side by its text lines (\(lines) found by the text detector): turned \(degrees)° clockwise"
        case .madeDarkOnWhite(let light, let regions, let dark):
            String(format: "made text dark on white region by region (%.0f%% of the text was light on dark; %d background regions, %.0f%% of their area dark)",
                   light * 100, regions, dark * 100)
        case .greyAsItIs(let darkOnLight):
            darkOnLight ? "grey as it is (dark text on a light background)" : "grey as it is"
        case .straightened(let degrees):
            String(format: "straightened a %.1f° skew", degrees)
        case .enlarged(let factor, let height):
            String(format: "enlarged %g× (text %d px tall)", factor, height)
        case .keptSize(let height, let largestSide?):
            "kept the size (text \(height) px tall; enlarged, the page would pass \(largestSide) pixels a side)"
        case .keptSize(let height, nil):
            "kept the size (text \(height) px tall)"
        case .turned(let degrees, let confidence):
            String(format: "turned %d° clockwise (orientation detection, confidence %.1f)", degrees, confidence)
        case .turningDidNotHelp:
            "turning did not read better"
        case .otherPolarityRead(let confidence, let against):
            String(format: "read this way on a retry (confidence %.0f against %.0f)", confidence, against)
        case .otherPolarityNotKept(let confidence):
            String(format: "retried with the other polarity, kept the first reading (confidence %.0f)", confidence)
        case .languages(let choice, nil):
            choice.description
        case .languages(let choice, .kept(let confidence)?):
            choice.description + String(format: "; read afresh with them (confidence %.0f)", confidence)
        case .languages(let choice, .readLess?):
            choice.description + "; a fresh reading with them read less text confidently"
        case .otherScriptsDidNotHelp:
            "other scripts' languages did not read better"
        case .guessKept(let data, let reason, let confidence, let han):
            String(format: "read with %@ first, %@ (confidence %.0f)", data, reason.description, confidence)
                + (han.map { "; kept after the Han choice: \($0)" } ?? "")
        case .guessChangedByHanChoice(let data, let reason, let then):
            "read with \(data) first, \(reason); then \(then)"
        case .guessRefuted(let data, let script):
            "\(data) tried first, as on the pages before it, and not kept" + (script.map { " (orientation detection saw \($0))" } ?? "")
        case .missedLines(let counts):
            "read outside the page's layout: " + counts.said
        case .segmentation(let mode, let chosen):
            "page segmentation mode \(mode)" + (chosen ? " (single column; columns reordered)" : " (--psm)")
        case .detectedLines(let count):
            "\(count) text lines found by the text detector"
        case .photoTurnedByStandingLines(let lines, let degrees):
            "its text lines stand (\(lines) found by the text detector): read turned \(degrees)° clockwise"
        case .photoTurnedAfterPoorReading(let kept, let lines, let degrees):
            "\(kept) of \(lines) text lines read as it lies: read turned \(degrees)° clockwise, which read more"
        case .photoTurnedByOrientationModel(let percent, let degrees):
            (degrees == 180 ? "upside down" : "on its side") + " to the orientation model (\(percent)% sure): read turned \(degrees)° clockwise"
        case .linesTurnedOverOnItsSide:
            "the page lies on its side reading upwards: its lines turned over"
        case .photoTurnedOverByLevelLines(let lines):
            "the photo is upside down (its widest lines of \(lines) found by the text detector read better turned over): read turned 180°"
        case .readLineByLine(let data, let sample, let alone, let better, let first, let vertical):
            "read line by line with \(data)" + (sample ? " (it read a sample of the lines best)" : "")
                + (alone > 0 ? ", \(alone) left to the text-line recognizer (read whole and surely)" : "")
                + (better > 0 ? ", \(better) better with \(first)" : "")
                + (vertical > 0 ? ", \(vertical) as vertical text" : "")
        case .readByRecognizer(let count):
            "\(count) read by the text-line recognizer"
        case .droppedUnreadable(let count, let floor):
            "\(count) dropped as unreadable (confidence under \(floor) or no letters)"
        case .droppedAsJunk(let count):
            "\(count) dropped as junk (read unsurely, too thin or too few letters)"
        }
    }
}

extension PreparationStep.MissedLineCounts {
    /// "2 lines found, 1 line completed", leaving out what did not happen.
    var said: String {
        [(found, "found"), (completed, "completed"), (readAgain, "read again"), (rejoined, "cut in two and read whole"),
         (drawnShapes, "dropped as drawn shapes"), (pieces, "dropped as pieces of a line read whole")]
            .filter { $0.0 > 0 }
            .map { "\($0.0) line\($0.0 == 1 ? "" : "s") \($0.1)" }
            .joined(separator: ", ")
    }
}

extension PreparationStep {
    /// Whether the step turned the page from the way it lay before reading it.
    public var turnsThePage: Bool {
        switch self {
        case .turned, .onItsSideByLines, .photoTurnedByStandingLines, .photoTurnedAfterPoorReading, .photoTurnedByOrientationModel,
             .photoTurnedOverByLevelLines: true
        default: false
        }
    }
}
