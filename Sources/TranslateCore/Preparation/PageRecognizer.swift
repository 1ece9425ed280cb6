/// Reads pages the way that suits them: prepares each page, reads it, and when the reading is
/// poor tries the page turned upright or prepared the other way, keeping the better reading.
///
/// Owns a Tesseract handle (and, once a page first needs it, an orientation handle), so it
/// belongs to one worker thread.
final class PageRecognizer {
    let engine: TesseractEngine
    private let settings: OCRSettings
    /// Handles for other languages, loaded when a page's script asks for them.
    private let engines: EngineCache
    private var detector: OrientationDetector?
    private var detectorFailed = false
    private let preparer = PagePreparer()
    private static let languageDetector = OfflineLanguageDetector()

    /// Tesseract's single-column mode: it keeps short isolated lines that the automatic mode
    /// drops, and holds steady on menus and settings lists. Side-by-side columns are put back
    /// in order afterwards (`ColumnOrder`).
    static let preparedPageSegmentationMode = 4
    /// Readings whose mean word confidence is below this are retried.
    static let retryConfidence = 70.0
    /// OSD must be at least this sure before a turned page is read (and the turned reading
    /// is kept only when its confidence is higher).
    static let minimumOrientationConfidence = 0.5

    init(engine: TesseractEngine, settings: OCRSettings, engines: EngineCache) {
        self.engine = engine
        self.settings = settings
        self.engines = engines
    }

    /// Reads `page`: the boxes in the original image's pixels, what was done to it, and the
    /// Tesseract languages of the reading that was kept.
    /// `engine` replaces the recognizer's own handle for this page (another language's data).
    func read(_ page: PageImage, engine: TesseractEngine? = nil) throws(OCRError) -> (page: RecognizedPage, report: PreparationReport, languages: [String]) {
        let engine = engine ?? self.engine
        guard settings.prepares, let gray = GrayImage(page.pix) else {
            return (try engine.recognize(page), PreparationReport(steps: ["read as it is"]), engine.languages)
        }
        let mode = settings.choosesSegmentation ? Self.preparedPageSegmentationMode : settings.pageSegmentationMode
        let start = CoordinateMap(width: page.width, height: page.height)
        guard let prepared = preparer.prepare(gray, map: start, report: PreparationReport()) else {
            return (try engine.recognize(page), PreparationReport(steps: ["read as it is (preparation failed)"]), engine.languages)
        }
        var best = try reading(prepared, mode: mode, engine: engine)

        if best.confidence < Self.retryConfidence {
            var notes: [String] = []
            // The page turned upright, even when the first languages read it no better: in
            // another script's languages it may be the reading that wins.
            var uprightReading: Reading?
            let finding = orientation(of: prepared.normalized)
            // Upside down or lying on its side?
            if let finding, finding.rotation != 0,
               finding.confidence >= Self.minimumOrientationConfidence {
                let turns = (4 - finding.rotation / 90) % 4
                if let turnedImage = gray.leptonicaImage()?.rotated(quarterTurns: turns), let turned = GrayImage(turnedImage.pix) {
                    var map = start
                    map.turn(quarterTurns: turns)
                    var report = PreparationReport()
                    report.add(String(format: "turned %d° clockwise (orientation detection, confidence %.1f)", turns * 90, finding.confidence))
                    if let upright = preparer.prepare(turned, map: map, report: report) {
                        let candidate = try reading(upright, mode: mode, engine: best.engine)
                        if candidate.confidence > best.confidence { best = candidate } else {
                            uprightReading = candidate
                            notes.append("turning did not read better")
                        }
                    }
                }
            }
            // The other preparation: the grey page as it is, or normalised.
            if best.confidence < Self.retryConfidence, let other = preparer.prepare(
                gray, map: start, report: PreparationReport(), polarity: prepared.usedNormalized ? .asIs : .normalized) {
                let candidate = try reading(other, mode: mode, engine: best.engine)
                if candidate.confidence > best.confidence + 2 {
                    let first = best.confidence
                    best = candidate
                    best.report.add(String(format: "read this way on a retry (confidence %.0f against %.0f)", candidate.confidence, first))
                } else {
                    notes.append(String(format: "retried with the other polarity, kept the first reading (confidence %.0f)", best.confidence))
                }
            }
            // Written in a script the first languages do not read? (Only when languages were not
            // given.) Tried on the best reading so far, so a turned page is judged upright.
            if settings.rereadByLanguage, best.confidence < Self.retryConfidence {
                best = try readInOtherScripts(best, mode: mode, orientation: finding, notes: &notes)
                if best.confidence < Self.retryConfidence, let uprightReading {
                    let turned = try readInOtherScripts(uprightReading, mode: mode, orientation: nil, notes: &notes)
                    if turned.confidence > best.confidence { best = turned }
                }
            }
            for note in notes { best.report.add(note) }
        }
        var recognized = best.page
        if settings.choosesSegmentation && mode == Self.preparedPageSegmentationMode {
            recognized.lines = ColumnOrder.reorder(IconFilter.filter(recognized.lines))
        }
        best.report.add("page segmentation mode \(mode)" + (settings.choosesSegmentation ? " (single column; columns reordered)" : " (--psm)"))
        return (recognized, best.report, best.engine.languages)
    }

    private struct Reading {
        var page: RecognizedPage
        var confidence: Double
        var report: PreparationReport
        var engine: TesseractEngine
        var prepared: PreparedPage
    }

    private func reading(_ prepared: PreparedPage, mode: Int, engine: TesseractEngine) throws(OCRError) -> Reading {
        let page = prepared.map.original(try engine.recognize(prepared.image, pageSegmentationMode: mode))
        return Reading(page: page, confidence: Self.confidence(of: page), report: prepared.report, engine: engine, prepared: prepared)
    }

    /// Reads the page with the languages of the script orientation detection sees (judged on the
    /// prepared page, where small text is enlarged); when that names no script or does not help,
    /// which is common on short UI text (Thai taken for Latin), every other script's languages
    /// get one try. The best reading wins.
    private func readInOtherScripts(_ first: Reading, mode: Int, orientation finding: OrientationDetector.Finding?,
                                    notes: inout [String]) throws(OCRError) -> Reading {
        var best = first
        let script = loadedDetector()?.detect(first.prepared.image)?.script ?? finding?.script
        let named = script.flatMap(ScriptLanguages.languages(forScript:)) ?? []
        for languages in named where languages != first.engine.languages {
            guard let other = engines.engine(for: languages) else { continue }
            let candidate = try reading(first.prepared, mode: mode, engine: other)
            if Self.score(candidate) > Self.score(best) {
                best = candidate
                best.report = first.report
                best.report.add(String(format: "read with %@ for its %@ script (confidence %.0f against %.0f)",
                                       languages.joined(separator: "+"), script ?? "", candidate.confidence, first.confidence))
            }
        }
        if best.confidence < Self.retryConfidence {
            for languages in ScriptLanguages.fallbacks where !named.contains(languages) && languages != first.engine.languages {
                guard best.confidence < Self.retryConfidence, let other = engines.engine(for: languages) else { continue }
                let candidate = try reading(first.prepared, mode: mode, engine: other)
                if candidate.confidence >= Self.retryConfidence, candidate.confidence > best.confidence {
                    best = candidate
                    best.report = first.report
                    best.report.add(String(format: "read with %@ after trying other scripts (confidence %.0f against %.0f)",
                                           languages.joined(separator: "+"), candidate.confidence, first.confidence))
                }
            }
        }
        if best.engine === first.engine { notes.append("other scripts' languages did not read better") }
        return best
    }

    /// Confidence does not tell apart readings of one script with different data (chi_sim,
    /// chi_tra, jpn all read Han text confidently), but the text does: a reading whose words the
    /// language detector places in its own data's language gets this many points more.
    static let agreementBonus = 10.0

    private static func score(_ reading: Reading) -> Double {
        let text = reading.page.lines.map(\.text).joined(separator: " ")
        let own = Language.allCases.first { $0.tesseractName == reading.engine.languages.first }
        let agrees = own != nil && languageDetector.detect(text).language == own
        return reading.confidence + (agrees ? agreementBonus : 0)
    }

    /// Mean word confidence, weighted by each word's length; 0 when nothing was read.
    static func confidence(of page: RecognizedPage) -> Double {
        var total = 0.0, weight = 0
        for line in page.lines {
            for word in line.words {
                let length = word.text.count
                total += word.confidence * Double(length)
                weight += length
            }
        }
        return weight == 0 ? 0 : total / Double(weight)
    }

    private func loadedDetector() -> OrientationDetector? {
        if detector == nil && !detectorFailed {
            do throws(OCRError) {
                detector = try OrientationDetector()
            } catch {
                detectorFailed = true
            }
        }
        return detector
    }

    private func orientation(of normalized: GrayImage) -> OrientationDetector.Finding? {
        if detector == nil && !detectorFailed {
            do throws(OCRError) {
                detector = try OrientationDetector()
            } catch {
                detectorFailed = true
            }
        }
        guard let detector, let image = normalized.leptonicaImage() else { return nil }
        return detector.detect(image)
    }
}
