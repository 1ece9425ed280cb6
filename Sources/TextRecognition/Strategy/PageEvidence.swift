import TesseractReading
import TranslateModel

/// An image of the page that the reading policy can ask to be read: the page prepared the usual
/// way, turned upright as an orientation finding says, or prepared with the other polarity.
/// The recognizer makes each the first time it is asked for.
indirect enum PageVariant: Hashable, Sendable {
    case usual
    /// The grey page turned as the finding says makes it upright, then prepared the usual way.
    case upright(by: OrientationRequest)
    /// The grey page under `of` (turned or not) prepared with the polarity `of` did not use.
    case otherPolarity(of: PageVariant)
}

/// Orientation detection on one of the page's images: a variant as prepared, or its
/// polarity-normalised image (which is what decides a turn in the retries).
struct OrientationRequest: Hashable, Sendable {
    var variant: PageVariant
    var normalized: Bool
}

/// A variant of the page read with some data, in the page's mode.
struct ReadingRequest: Hashable, Sendable {
    var variant: PageVariant
    var data: TesseractData
}

/// A reading as the policy sees it: what was read, how surely, with which data, from which
/// image of the page; the report says what preparing that image did.
struct PageReading: Sendable {
    var page: RecognizedPage
    var confidence: Double
    var report: PreparationReport
    /// The data that read it.
    var data: TesseractData
    var variant: PageVariant
    /// Each of `page.lines`' rectangles in the prepared image, where a line can be read again.
    var preparedLineRects: [PixelRect]
    /// Why this data was chosen, when another script's data read the page.
    var languageChoice: PreparationStep.LanguageChoice?

    /// What the decisions about it go by (`ReadingPolicy`).
    var score: ReadingScore {
        ReadingScore(confidence: confidence, confidentCharacters: ReadingConfidence.confidentCharacters(in: page), data: data)
    }

    /// The text of its lines, one after the other.
    var text: String { page.lines.map(\.text).joined(separator: " ") }
}

/// A `chi_tra` reading's sample lines (`HanDataChoice.sampleLines`) read again one by one with
/// `chi_sim`.
struct HanSample {
    var lines: [Int]
    var simplifiedWords: [RecognizedWord]
}

/// What has been found out about one page so far: the readings, orientation findings and Han
/// samples the policy asked for. Nil values are answers too: data not installed or an image
/// that could not be made (readings), too little text (findings), no sample to read.
struct PageEvidence {
    var readings: [ReadingRequest: PageReading?] = [:]
    var findings: [OrientationRequest: OrientationDetector.Finding?] = [:]
    var hanSamples: [ReadingRequest: HanSample?] = [:]
    /// The run's history has been told that the data guessed for this page was wrong.
    var guessRefuted = false

    /// Whether orientation detection, on any image of the page, found text enough to be sure
    /// which way up the page is.
    var orientationJudged: Bool {
        findings.values.contains(where: ReadingPolicy.isSure)
    }
}
