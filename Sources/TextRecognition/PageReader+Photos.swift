import Foundation
import ImageDecoding
import PagePreparation
import TesseractReading
import TextDetection
import Locking
import TranslateModel

/// How a page that may be a camera photo is read: through the page finder or the text-line
/// detector when it is a photo, and turned by its detected lines when it lies on its side.
extension PageReader {
    /// One page: a photo through the page finder or the text-line detector, anything else (and
    /// a photo neither can read) through Tesseract's page layout analysis.
    func read(_ page: PageImage, name: String) throws(OCRError) -> ImageResult {
        // A page of one flat colour has no text: found in one pass, before any preparation.
        if FlatPage(page).isFlat {
            var result = ImageResult(file: name, page: page.page, width: page.width, height: page.height)
            result.preparation = PreparationReport(steps: [.blankPage])
            return result
        }
        let recognizer = try loadedRecognizer()
        recognizer.orientationJudged = false
        // The grey pixels that tell a photo are those the page path prepares.
        let gray = settings.layout == .page ? nil : GrayImage(page.pix)
        guard let gray, let photoNote = photoNote(gray) else {
            let result = try readByLayoutAnalysis(page, gray: gray, name: name, recognizer: recognizer)
            if let gray, ReadingPolicy.checksTurnByLines(ReadingScore(result.boxes), orientationJudged: recognizer.orientationJudged),
               let turned = try readTurned(page, gray: gray, name: name, recognizer: recognizer),
               ReadingPolicy.readsMoreSurely(ReadingScore(turned.boxes), than: ReadingScore(result.boxes)) {
                return turned
            }
            return result
        }
        // The flattened sheet's reading, as Tesseract read it, which the choices below weigh.
        var flattened: (sheet: PhotographedPage, result: ImageResult)?
        var settledBySheet = false
        if let sheet = PhotographedPage(in: gray, pageNumber: page.page) {
            var result = try readByLayoutAnalysis(sheet.page, gray: sheet.gray, name: name, recognizer: recognizer, sheetOfPhoto: true)
            result.preparation = PreparationReport(steps: [photoNote, .sheetFlattened(outlineClarity: sheet.outline.confidence)]
                                                   + (result.preparation?.steps ?? []))
            // A page read well is kept; a poor reading (a label, not a printed page), or one of a
            // few lines (a sign), competes with the photo read line by line.
            if ReadingPolicy.keepsSheetAlone(ReadingScore(result.boxes), lines: result.boxes.count) {
                return kept(result, of: sheet, photo: page, data: recognizer.firstData)
            }
            flattened = (sheet, result)
            // Read upright, in the first languages' script: so are the photo's lines.
            settledBySheet = ReadingPolicy.sheetSettlesScript(result.boxes, firstData: recognizer.firstData)
                && !(result.preparation?.steps.contains(where: \.turnsThePage) ?? false)
        }
        guard let engine = engines.engine(for: recognizer.firstData) else { throw .languagesNotInstalled(recognizer.firstData.languages) }
        if var result = try readLines(page, gray: gray, name: name, note: photoNote, engine: engine, settledBySheet: settledBySheet) {
            if settings.rereadByLanguage { languages.assign(&result) }
            if let flattened, ReadingPolicy.readsMoreSurely(ReadingScore(flattened.result.boxes), than: ReadingScore(result.boxes)) {
                return kept(flattened.result, of: flattened.sheet, photo: page, data: recognizer.firstData)
            }
            return result
        }
        if let flattened { return kept(flattened.result, of: flattened.sheet, photo: page, data: recognizer.firstData) }
        return try readByLayoutAnalysis(page, gray: gray, name: name, recognizer: recognizer)
    }

    /// A flattened sheet's reading, kept as the photo's: the lines Tesseract read unsurely (the
    /// sheet's far edge, small and soft) are the recognizer's where it reads them through
    /// (`SheetLineRereading`), and the boxes are put back into the photo's pixels. Only once
    /// the sheet is kept, so that what decides between it and the photo's lines is Tesseract's
    /// reading, as before: taken earlier, the recognizer's readings made two price lists win
    /// over their lines read one by one, with lines merged and lost.
    private func kept(_ reading: ImageResult, of sheet: PhotographedPage, photo page: PageImage, data: TesseractData) -> ImageResult {
        var result = reading
        // The recognizer is loaded only for a sheet with such lines: most read surely throughout.
        // Without its models the sheet is kept as Tesseract read it, with no notice: the page
        // was read, not its lines one by one. A sheet read turned has its lines standing in its
        // own pixels, where they would be cut out, and the recognizer reads level lines.
        let readTurned = result.preparation?.steps.contains(where: \.turnsThePage) ?? false
        if settings.level == .line, !readTurned, SheetLineRereading.wantsRereading(result.boxes),
           let lineRecognizer = loadedLineRecognizer(),
           SheetLineRereading.reread(&result.boxes, dropped: &result.droppedBoxes, on: sheet.gray, data: data, with: lineRecognizer),
           settings.rereadByLanguage {
            languages.assign(&result)
        }
        sheet.mapToPhoto(&result, photoWidth: page.width, photoHeight: page.height)
        return result
    }

    /// A page read poorly, read again turned a quarter either way when its detected lines say
    /// it lies on its side; the better of the two, in the page's own pixels, or nil.
    ///
    /// Asked only where orientation detection could not tell which way up the page is
    /// (`ReadingPolicy.checksTurnByLines`): it gives up on a page of two or three lines, which
    /// the detector's lines judge instead. A page it judged is read poorly for another reason
    /// (with the data of another script, as every foreign page is with `--ocr-lang kor+eng`),
    /// and loading the detector for it cost the 109 rendered screenshots two thirds more time
    /// and 130 MB more memory
    /// (docs/experiments/reading-speed.md, "Reading against the build of 2026-11-30").
    private func readTurned(_ page: PageImage, gray: GrayImage, name: String,
                            recognizer: PageRecognizer) throws(OCRError) -> ImageResult? {
        guard settings.prepares, let lines = detectedLines(gray),
              TurnedPage.liesOnItsSide(lines), let image = gray.leptonicaImage() else { return nil }
        var best: ImageResult?
        for quarterTurns in [1, 3] {
            guard let turnedImage = image.rotated(quarterTurns: quarterTurns), let turnedGray = GrayImage(turnedImage.pix),
                  let turnedPage = turnedImage.pageImage(page: page.page) else { continue }
            var result = try readByLayoutAnalysis(turnedPage, gray: turnedGray, name: name, recognizer: recognizer)
            guard ReadingPolicy.readsMoreSurely(ReadingScore(result.boxes), than: ReadingScore(best?.boxes ?? [])) else { continue }
            TurnedPage.turnedBack(&result, quarterTurns: quarterTurns, width: page.width, height: page.height)
            result.preparation = PreparationReport(
                steps: [.onItsSideByLines(lines: lines.count, degrees: quarterTurns * 90)]
                    + (result.preparation?.steps ?? []))
            best = result
        }
        return best
    }

    /// Why a page is read as a photo, or nil when it is not one.
    private func photoNote(_ gray: GrayImage) -> PreparationStep? {
        switch settings.layout {
        case .page: return nil
        case .photo: return .readAsPhoto
        case .auto:
            let flatness = PhotoClassifier.flatness(of: gray)
            guard PhotoClassifier.isPhoto(flatness: flatness) else { return nil }
            return .cameraPhoto(equalNeighbours: flatness)
        }
    }

    /// A photo's text lines found by the text-line detector and read one by one, as boxes of the
    /// photo; when it lies on its side, read turned upright and the boxes turned back, and when
    /// it reads poorly as it lies (`PhotoRecognizer.readsPoorly`), read turned a quarter each way
    /// too, the reading with more sure characters kept. Nil when there is no detector (its model
    /// is missing). When its flattened sheet read upright in the first languages' script
    /// (`settledBySheet`), its lines are read with `engine`'s data, no other script's data is
    /// tried on them (`PhotoRecognizer.read`), and it is neither checked for being upside down
    /// nor read turned after a poor reading.
    private func readLines(_ page: PageImage, gray: GrayImage, name: String, note: PreparationStep,
                           engine: TesseractEngine, settledBySheet: Bool) throws(OCRError) -> ImageResult? {
        guard let photoRecognizer = loadedPhotoRecognizer(forPhoto: true) else { return nil }
        func result(of read: RecognizedPage, report: PreparationReport, on page: PageImage) -> ImageResult {
            var result = ImageResult(file: name, page: page.page, width: page.width, height: page.height,
                                     boxes: Self.boxes(from: read, level: settings.level))
            result.preparation = report
            result.droppedBoxes = read.dropped
            return result
        }
        // Turned upright, a photo is found and read line by line afresh. Turned by lines read both
        // ways up (`checkedBothWaysUp`: its standing lines, or its widest level lines), it is not
        // upside down: not checked again. Otherwise, found upside down after the turn, it is not
        // read at all (nil): the turn was wrong.
        // It reads well upright when it keeps at least half its lines (`PhotoRecognizer.readsPoorly`).
        // Turned by the orientation model alone (`mayLieOnItsSide`), it is not read when its lines
        // stand after all.
        func readUpright(turned quarterTurns: Int, step: PreparationStep, checkedBothWaysUp: Bool,
                         mayLieOnItsSide: Bool = false) throws(OCRError) -> (result: ImageResult, readsWell: Bool)? {
            guard let turned = page.turned(quarterTurns: quarterTurns), let turnedGray = GrayImage(turned.pix) else { return nil }
            guard case .read(let read, let turnedReport) = try photoRecognizer.read(
                turnedGray, colour: { turned.rgbBytes() }, engine: engine, report: PreparationReport(steps: [note, step]),
                mayLieOnItsSide: mayLieOnItsSide, mayBeUpsideDown: !checkedBothWaysUp, triesOtherScripts: !settledBySheet)
            else { return nil }
            var upright = result(of: read, report: turnedReport, on: turned)
            TurnedPage.turnedBack(&upright, quarterTurns: quarterTurns, width: page.width, height: page.height)
            let readsWell = !PhotoRecognizer.readsPoorly(kept: read.lines.count, of: turnedReport.detectedLineCount ?? 0)
            return (upright, readsWell)
        }
        // A photo the orientation model finds on its side, or upside down and upright turned over
        // (`turnsFirst`), is turned upright before its lines are found: it is then found once, and
        // its lines need not be read both ways up. Unless it reads well so, it is read as it lies,
        // as any other (docs/experiments/photos.md,
        // "Photos on their side turned by an orientation model",
        // "Photos the orientation model finds upside down turned before their lines are found").
        // Not only after a poor reading: upside down, Thai data reads a Thai sign as Thai junk,
        // surely enough to keep (docs/experiments/photos.md,
        // "Photos upside down: the lines found again, and the scenes").
        let orientation = orientationFinding(page)
        if let orientation, orientation.turnsFirst {
            let finding = orientation.finding
            let quarterTurns = 4 - finding.quarterTurns
            let step = PreparationStep.photoTurnedByOrientationModel(percent: Int((finding.probability * 100).rounded()),
                                                                     degrees: quarterTurns * 90)
            if let upright = try readUpright(turned: quarterTurns, step: step, checkedBothWaysUp: false, mayLieOnItsSide: true),
               upright.readsWell {
                return upright.result
            }
        }
        switch try photoRecognizer.read(gray, colour: { page.rgbBytes() }, engine: engine, report: PreparationReport(steps: [note]),
                                        mayBeUpsideDown: !settledBySheet, triesOtherScripts: !settledBySheet) {
        case .read(let read, let report):
            let asItLies = result(of: read, report: report, on: page)
            // Not when the orientation model finds it upright: on every benchmark set, the four
            // photos read poorly that it found so (at 0.68-0.91) were upright, small print at a
            // slant, and read turned, one was kept as Thai junk (docs/experiments/photos.md,
            // "A photo the orientation model finds upright is not read turned"). Nor when the
            // flattened sheet settled the photo's script, reading it upright.
            guard let lines = report.detectedLineCount, PhotoRecognizer.readsPoorly(kept: read.lines.count, of: lines),
                  orientation?.finding.quarterTurns != 0, !settledBySheet else { return asItLies }
            // Found upside down but not upright turned over (a Thai sign, either way up), it is
            // read turned over alone (docs/experiments/photos.md,
            // "Upside down to the model, turned over: upright to it").
            let quarterTurns = orientation?.finding.quarterTurns == 2 ? [2] : [1, 3]
            var best = asItLies
            for quarterTurns in quarterTurns {
                let step = PreparationStep.photoTurnedAfterPoorReading(kept: read.lines.count, lines: lines, degrees: quarterTurns * 90)
                guard let turned = try readUpright(turned: quarterTurns, step: step, checkedBothWaysUp: false) else { continue }
                if ReadingPolicy.readsMoreSurely(ReadingScore(turned.result.boxes), than: ReadingScore(best.boxes)) {
                    best = turned.result
                }
                // A quarter turn that reads the photo well upright settles it: the other is the
                // same photo upside down (docs/experiments/photos.md,
                // "Photos on their side: less read to find which way up").
                if turned.readsWell { break }
            }
            return best
        case .liesOnItsSide(let quarterTurns, let lines):
            return try readUpright(turned: quarterTurns, step: .photoTurnedByStandingLines(lines: lines, degrees: quarterTurns * 90),
                                   checkedBothWaysUp: true)?.result
        case .upsideDown(let lines):
            return try readUpright(turned: 2, step: .photoTurnedOverByLevelLines(lines: lines), checkedBothWaysUp: true)?.result
        }
    }

    /// The orientation model's finding when it is sure enough (`orientationModelTurns`) which
    /// way up `page` is; nil otherwise, and without the model. It looks at the page scaled down
    /// to the size it was trained on. `turnsFirst`: the page is to be turned before its lines
    /// are found (`ReadingPolicy.turnsPhotoBeforeFindingLines`).
    private func orientationFinding(_ page: PageImage) -> (finding: PageOrientationClassifier.Finding, turnsFirst: Bool)? {
        guard let classifier = orientationClassifier, let small = page.reduced(toShortSide: 256) else { return nil }
        func finding(_ image: PageImage) -> PageOrientationClassifier.Finding? {
            guard let rgb = image.rgbBytes() else { return nil }
            return try? classifier.classify(pixels: rgb, width: image.width, height: image.height, bytesPerRow: image.width * 3, channels: 3)
        }
        guard let found = finding(small), found.probability >= tuning.orientationModelTurns else { return nil }
        let turnsFirst = ReadingPolicy.turnsPhotoBeforeFindingLines(quarterTurns: found.quarterTurns) {
            small.turned(quarterTurns: 2).flatMap(finding)?.quarterTurns
        }
        return (found, turnsFirst)
    }

    /// The text lines the detector finds on a page that is not a photo, or nil without a detector.
    ///
    /// Unless photos have loaded it already, the detector is loaded for this page alone and
    /// freed after: its network keeps the buffers of its last run (on the 109 rendered
    /// screenshots read with `kor+eng`, keeping it in both workers peaked at 749 MB against
    /// 234 MB without it). One worker at a time runs it here, so that two poor pages at once
    /// do not need those buffers twice, and idle handles are freed first to make room.
    private func detectedLines(_ gray: GrayImage) -> [DetectedTextLine]? {
        func detect(_ detector: TextLineDetector) -> [DetectedTextLine]? {
            try? detector.detect(pixels: gray.pixels, width: gray.width, height: gray.height,
                                 bytesPerRow: gray.width, channels: 1, maxSide: PhotoRecognizer.detectionSide)
        }
        if let photoRecognizer { return detect(photoRecognizer.detector) }
        guard !photoRecognizerFailed, !turnDetectorFailed, let model = settings.textDetectorModel else { return nil }
        turnChecks += 1
        let lines: [DetectedTextLine]?? = Self.detectionTurns.withLock { turns in
            turns += 1
            // Its buffers take more than the idle handles hold (about 170 MB at 960 pixels).
            pool.freeIdle()
            // On OpenCV: loading ONNX Runtime's library would add to every screenshot run's memory.
            guard let detector = try? TextLineDetector(modelPath: model) else { return nil }
            return detect(detector)
        }
        HeapMemory.releaseFreePages()
        guard let lines else {
            turnDetectorFailed = true
            return nil
        }
        return lines
    }

    /// Held while a page that is not a photo runs the detector; how many have.
    private static let detectionTurns = Locked(0)

    /// The text-line recognizer alone, loaded on first use without the detector (a sheet's lines
    /// need no detection: with it, a notice made small took 13 MB more); nil when its model is
    /// not installed or cannot be loaded (said once by `RecognizerLoading`).
    private func loadedLineRecognizer() -> TextLineRecognizer? {
        photoRecognizer?.recognizer ?? startedRecognizerLoading().loaded
    }

    /// The recognizer's loading, started once: the photo reader and a sheet's lines share it.
    private func startedRecognizerLoading() -> RecognizerLoading {
        if let recognizerLoading { return recognizerLoading }
        // The model's buffers would come on top of the other languages' idle handles.
        pool.freeIdle()
        let started = RecognizerLoading(model: settings.textRecognizerModel, environment: settings.modelEnvironment,
                                        notice: notices)
        recognizerLoading = started
        return started
    }

    /// The photo reader, its detector loaded on first use; nil when it cannot be, which is said
    /// once when `forPhoto` (a page that is not a photo only tries the detector quietly).
    private func loadedPhotoRecognizer(forPhoto: Bool) -> PhotoRecognizer? {
        if let photoRecognizer { return photoRecognizer }
        guard !photoRecognizerFailed else { return nil }
        guard let model = settings.textDetectorModel else {
            if forPhoto {
                photoRecognizerFailed = true
                notices(.detectorModelMissing)
            }
            return nil
        }
        photoRecognizerFailed = true
        // The detector's buffers take more than the idle handles hold (orientation detection,
        // loaded ahead for one image, is idle on the photo path).
        pool.freeIdle()
        // The recognizer is optional: without it every line is read by Tesseract. It loads
        // while the detector loads and runs.
        let recognizers = startedRecognizerLoading()
        let detector: TextLineDetector
        do {
            let loaded = try TextLineDetector.loaded(modelPath: model, environment: settings.modelEnvironment)
            detector = loaded.detector
            if let failure = loaded.onnxRuntimeFailure {
                onnxRuntimeFailed = true
                notices(.onnxRuntimeUnusable(reason: failure))
            }
        } catch {
            notices(.detectorUnusable(model: model, reason: "\(error)"))
            return nil
        }
        photoRecognizerFailed = false
        let made = PhotoRecognizer(detector: detector, recognizers: recognizers, engines: engines,
                                   languageDetector: languages.detector, settings: settings, spareCores: spareCores)
        photoRecognizer = made
        return made
    }
}
