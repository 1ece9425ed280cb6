import Foundation
import Testing
import TestSupport
import TextDetection
import ImageFiles
import ImageDecoding
import LanguageDetection
import TranslateModel
@testable import TesseractReading
@testable import TextRecognition

/// Camera photos read line by line through the text-line detector.
@Suite struct PhotoTests {
    /// The environment of a run that finds the detector's and the recognizer's models, or nil
    /// (with the reason recorded) when `scripts/setup.sh` has not installed them.
    static func environmentWithModel() -> [String: String]? {
        guard let model = TestPaths.textDetectorModel, let recognizer = TextRecognizerModel.locate() else {
            Issue.record("the text models are not installed: run scripts/fetch-text-detector.py and scripts/fetch-text-recognizer.py")
            return nil
        }
        return InProcessRun.offlineEnvironment.merging(["TRANSLATE_TEXT_DETECTOR": model, "TRANSLATE_TEXT_RECOGNIZER": recognizer]) { $1 }
    }

    /// Every line of a real road sign: the page path found two of the six.
    @Test func readsEveryLineOfARoadSign() throws {
        guard let environment = Self.environmentWithModel() else { return }
        let run = InProcessRun([TestPaths.photo("korean-road-sign.png"), "--ocr-only", "--format", "plain", "-v"],
                               environment: environment)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.contains("camera photo"))
        #expect(run.standardError.contains("text lines found by the text detector"))
        // The Latin lines go to the recognizer; the Korean ones stay Tesseract's.
        #expect(run.standardError.contains("read by the text-line recognizer"))
        let truth = try String(contentsOfFile: TestPaths.photo("korean-road-sign.gt.txt"), encoding: .utf8)
        let cer = CharacterErrorRate.ofLines(run.standardOutput, truth: truth)
        #expect(cer < 0.15, "CER \(cer): \(run.standardOutput)")
        for line in ["서울", "평양", "Seoul", "Pyeongyang", "205Km"] {
            #expect(run.standardOutput.contains(line), "\(line) missing from \(run.standardOutput)")
        }
    }

    /// A round plaque: the lines along its rim are cut out along their curves, straightened,
    /// and read whole, beside the level line in its middle. Cut out as rectangles they were
    /// dropped: each rectangle is mostly the plaque's face.
    @Test func readsTheLinesAlongARoundPlaquesRim() throws {
        guard let run = try Self.readDrawnPhoto(RoundPlaqueDrawing.arguments, named: "plaque.jpg") else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for line in [RoundPlaqueDrawing.topLine, RoundPlaqueDrawing.middleLine, RoundPlaqueDrawing.bottomLine] {
            #expect(lines.contains(line), "\(line) missing from \(run.standardOutput)")
        }
    }

    /// The same plaque with word gaps a whole letter wide, at which the detector breaks the rim
    /// lines: each is joined again and read whole (the build before read the top one in two).
    @Test func readsARimLineBrokenAtItsWordGapsWhole() throws {
        guard let run = try Self.readDrawnPhoto(RoundPlaqueDrawing.arguments(spaceWidth: 1), named: "plaque.jpg") else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for line in [RoundPlaqueDrawing.topLine, RoundPlaqueDrawing.bottomLine] {
            #expect(lines.contains(line), "\(line) missing from \(run.standardOutput)")
        }
    }

    /// The road sign photographed upside down, without the orientation model: its widest lines
    /// read better turned over, and the photo is turned over before any data is chosen. It was
    /// read as Thai letters, which `tha` reads upside-down text as.
    @Test func readsARoadSignPhotographedUpsideDown() throws {
        guard let run = try Self.readRoadSign(turnedBy: 180, orientationModel: false) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.contains("the photo is upside down (its widest lines"), "\(run.standardError)")
        #expect(run.standardError.contains("read turned 180°"), "\(run.standardError)")
        for line in ["서울", "Seoul", "Pyeongyang", "205Km"] {
            #expect(run.standardOutput.contains(line), "\(line) missing from \(run.standardOutput)")
        }
    }

    /// A Thai word over an English one on a plain sign, drawn upright and turned over as
    /// `degrees` says. Upright, the orientation model finds it upside down (67%, on this seed);
    /// turned over, it does not turn it. Thai data reads Thai upside down as surely as upright,
    /// but the recognizer reads `metres` whole only upright, and that settles it: the sign is
    /// read upright both ways. Upright it was read turned over, as Thai letters; turned over,
    /// it was read as it lay. So it is with the languages named (`--ocr-lang tha+eng`), where
    /// Thai data's sure reading of the upside-down sign's widest line had it read as it lay.
    @Test(arguments: [0, 180], [false, true])
    func aThaiSignsEnglishLineSaysWhichWayUpItIs(degrees: Int, namesLanguages: Bool) throws {
        let sign = Self.plainThaiSign(seed: 2, background: "#1b2a48", ink: "white", thai: "เส้นโคนใบ", thaiSize: 90,
                                      english: "metres", degrees: degrees)
        guard let run = try Self.readDrawnPhoto(sign, options: namesLanguages ? ["--ocr-lang", "tha+eng"] : []) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines == ["เส้นโคนใบ", "metres"], "\(run.standardOutput)\n\(run.standardError)")
    }

    /// Plain Thai signs read with the languages named (`--ocr-lang tha+eng`). The recognizer
    /// reads `คะแนน` whole as `A:lluu` at 0.90, and it took the line: Tesseract never read it.
    /// Now Tesseract reads every line, and Thai letters alone stay. `tha+eng` reads `language`
    /// as `ลทยนลยอ` at 93 too, but English data alone reads it as the recognizer does.
    @Test(arguments: [(1107, "#1b2a48", "white", "คะแนน", "month"), (1203, "#f4f4f0", "black", "หนังสือ", "language")])
    func aThaiSignReadWithThaiDataNamedKeepsEachLinesScript(sign: (seed: Int, background: String, ink: String, thai: String, english: String))
        throws
    {
        let drawing = Self.plainThaiSign(seed: sign.seed, background: sign.background, ink: sign.ink, thai: sign.thai, thaiSize: 86,
                                         english: sign.english, degrees: 0)
        guard let run = try Self.readDrawnPhoto(drawing, options: ["--ocr-lang", "tha+eng"]) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines == [sign.thai, sign.english], "\(run.standardOutput)\n\(run.standardError)")
    }

    /// A plain Thai sign read with automatic languages: the recognizer reads `คะแนน` whole and
    /// surely as `A:lluu`, its SARA A (`ะ`) as a colon, and the line was left to it. A colon
    /// between two Latin letters says the reading is no Latin word, and the line is read in Thai.
    @Test func aThaiWordReadWithAColonInsideIsReadInThai() throws {
        let drawing = Self.plainThaiSign(seed: 1107, background: "#1b2a48", ink: "white", thai: "คะแนน", thaiSize: 86,
                                         english: "month", degrees: 0)
        guard let run = try Self.readDrawnPhoto(drawing) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput == "คะแนน\nmonth\n", "\(run.standardOutput)\n\(run.standardError)")
    }

    /// `convert`'s arguments for a plain sign, a Thai word over an English one, in perspective,
    /// blurred and noisy, turned `degrees` (as bench/photos/plain_thai_signs.py draws them).
    static func plainThaiSign(seed: Int, background: String, ink: String, thai: String, thaiSize: Int, english: String,
                              degrees: Int) -> [String] {
        ["-seed", String(seed), "-size", "900x420", "xc:\(background)", "-font", "Noto-Sans-Thai-Bold", "-pointsize", String(thaiSize),
         "-fill", ink, "-annotate", "+60+170", thai, "-font", "Noto-Sans-Regular", "-pointsize", "60", "-annotate", "+60+320", english,
         "-distort", "Perspective", "0,0 20,10 900,0 880,0 900,420 890,400 0,420 0,410",
         "-blur", "0x0.8", "-attenuate", "0.6", "+noise", "Gaussian", "-rotate", String(degrees), "-quality", "70"]
    }

    /// The same photo with the orientation model, which finds it upside down: it is turned over
    /// as a whole before its lines are found, and they are not read both ways up.
    @Test func aRoadSignTheOrientationModelFindsUpsideDownIsTurnedBeforeItsLinesAreFound() throws {
        guard let run = try Self.readRoadSign(turnedBy: 180) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.contains("upside down to the orientation model"), "\(run.standardError)")
        #expect(run.standardError.contains("read turned 180° clockwise"), "\(run.standardError)")
        #expect(!run.standardError.contains("the photo is upside down"), "\(run.standardError)")
        for line in ["서울", "평양", "Seoul", "Pyeongyang", "205Km"] {
            #expect(run.standardOutput.contains(line), "\(line) missing from \(run.standardOutput)")
        }
    }

    /// Turned over by its lines, the road sign's lines are found again on the photo turned
    /// upright: each box has the corners of the upright photo's, turned back into the photo's
    /// pixels, slant and all.
    @Test func aPhotoTurnedOverByItsLinesHasTheUprightPhotosBoxesTurnedBack() throws {
        guard var environment = Self.environmentWithModel() else { return }
        environment["TRANSLATE_ORIENTATION_MODEL"] = "none"
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let upright = TestPaths.photo("korean-road-sign.png"), turned = directory.appendingPathComponent("sign.png").path
        try ImageMagickDrawing.convert([upright, "-rotate", "180", turned])
        func boxes(_ photo: String) throws -> [String: [[Int]]] {
            let run = InProcessRun([photo, "--ocr-only", "--format", "json"], environment: environment)
            #expect(run.exitCode == 0, "\(run.standardError)")
            let results = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
            let boxes = try #require(results.first?["boxes"] as? [[String: Any]])
            return Dictionary(boxes.compactMap { box in
                guard let text = box["text"] as? String, let polygon = box["polygon"] as? [[Int]] else { return nil }
                return (text, polygon)
            }, uniquingKeysWith: { first, _ in first })
        }
        let uprightBoxes = try boxes(upright), turnedBoxes = try boxes(turned)
        #expect(uprightBoxes.count == 6, "\(uprightBoxes)")
        #expect(Set(turnedBoxes.keys) == Set(uprightBoxes.keys), "\(turnedBoxes.keys)")
        // The fixture is 629 × 420.
        for (text, corners) in uprightBoxes {
            #expect(turnedBoxes[text] == corners.map { [629 - $0[0], 420 - $0[1]] }, "\(text): \(turnedBoxes[text] ?? [])")
        }
    }

    /// A Thai sign photographed upside down: Thai data reads it as Thai junk, surely enough
    /// to keep (`กเหทุดรถา`), and its lines do not read better turned over with the first
    /// languages. The orientation model finds it upside down, and it is read turned over.
    @Test func aThaiSignUpsideDownIsTurnedOverByTheOrientationModel() throws {
        let lines = ["ถนนสายหลัก", "เชียงใหม่"]
        guard let run = try Self.readDrawnPhoto(["-seed", "3", "-size", "600x800", "plasma:#cfe0f0-#e6eef6", "-blur", "0x2",
                                                 "-fill", "#1d7a58", "-stroke", "#e8e8e0", "-strokewidth", "6",
                                                 "-draw", "roundrectangle 130,230 510,670 6,6", "-stroke", "none",
                                                 "-font", "Noto-Sans-Thai-Bold", "-fill", "#f2f2ea",
                                                 "-pointsize", "64", "-annotate", "+160+330", lines[0],
                                                 "-pointsize", "56", "-annotate", "+190+560", lines[1],
                                                 "-blur", "0x1.2", "-attenuate", "0.4", "+noise", "Gaussian", "-rotate", "180",
                                                 "-quality", "80"])
        else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.contains("upside down to the orientation model"), "\(run.standardError)")
        // In the order the sign reads, though its first line is at the bottom of the photo.
        #expect(run.standardOutput == lines.joined(separator: "\n") + "\n", "\(run.standardOutput)")
    }

    /// The road-sign fixture turned `degrees` clockwise, read with `--verbose`; nil (with the
    /// reason recorded) when the models are not installed.
    static func readRoadSign(turnedBy degrees: Int, orientationModel: Bool = true) throws -> InProcessRun? {
        try readDrawnPhoto([TestPaths.photo("korean-road-sign.png"), "-rotate", String(degrees)], named: "sign.png",
                           orientationModel: orientationModel)
    }

    /// A photo `convert` makes with `drawing` (its arguments but the file it writes, `named`),
    /// read with `--ocr-only --format plain -v`; nil when the text models are not installed.
    /// Without the `orientationModel`, a photo on its side is turned by its lines alone.
    static func readDrawnPhoto(_ drawing: [String], named name: String = "sign.jpg",
                               orientationModel: Bool = true, options: [String] = []) throws -> InProcessRun? {
        guard var environment = environmentWithModel() else { return nil }
        if !orientationModel { environment["TRANSLATE_ORIENTATION_MODEL"] = "none" }
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = directory.appendingPathComponent(name).path
        try ImageMagickDrawing.convert(drawing + [photo])
        return InProcessRun([photo, "--ocr-only", "--format", "plain", "-v"] + options, environment: environment)
    }

    /// A run of one photo reads its lines on two threads (a helper thread beside the
    /// worker); it reads them exactly as one thread does (`--jobs 1`).
    @Test func twoThreadsReadAPhotoAsOneDoes() throws {
        guard let environment = Self.environmentWithModel() else { return }
        let photo = TestPaths.photo("korean-road-sign.png")
        let shared = InProcessRun([photo, "--ocr-only", "--format", "json"], environment: environment)
        let alone = InProcessRun([photo, "--ocr-only", "--format", "json", "--jobs", "1"], environment: environment)
        #expect(shared.exitCode == 0, "\(shared.standardError)")
        #expect(alone.exitCode == 0, "\(alone.standardError)")
        #expect(shared.standardOutput.contains("Seoul"), "\(shared.standardOutput)")
        #expect(shared.standardOutput == alone.standardOutput)
    }

    /// A line set at an angle keeps its four corners in JSON; its x, y, width and height are
    /// their bounding box, as for every box.
    @Test func aTurnedLineHasItsCornersInJSON() throws {
        guard let environment = Self.environmentWithModel() else { return }
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = directory.appendingPathComponent("turned.jpg").path
        try ImageMagickDrawing.convert(["-seed", "1", "-size", "900x500", "plasma:grey70-grey90", "-blur", "0x1", "-font", "Noto-Sans-Regular",
                                        "-pointsize", "56", "-fill", "black", "-draw", "rotate 12 text 150,140 'Platform closed today'",
                                        "-quality", "80", photo])
        let run = InProcessRun([photo, "--ocr-only", "--format", "json"], environment: environment)
        #expect(run.exitCode == 0, "\(run.standardError)")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        let boxes = try #require(results.first?["boxes"] as? [[String: Any]])
        let box = try #require(boxes.first { ($0["text"] as? String)?.contains("closed") == true }, "\(boxes)")
        let polygon = try #require(box["polygon"] as? [[Int]])
        #expect(polygon.count == 4)
        let x = try #require(box["x"] as? Int), y = try #require(box["y"] as? Int)
        let width = try #require(box["width"] as? Int), height = try #require(box["height"] as? Int)
        #expect(polygon.allSatisfy { $0[0] >= x && $0[0] <= x + width && $0[1] >= y && $0[1] <= y + height })
        // Turned clockwise: the line's end is lower than its start.
        #expect(polygon[1][1] > polygon[0][1])
    }

    /// A Vietnamese sign keeps the stacked diacritics the recognizer has no characters for
    /// (ệ, ữ, ọ, ỗ, ả, ạ, ế): its reading tells the lines' language, which `kor+eng`'s reading,
    /// without any accent, did not, and `vie` reads them again. Before, `Tim cà phê Sa Đá`.
    @Test func aVietnameseSignKeepsItsStackedDiacritics() throws {
        guard let environment = Self.environmentWithModel() else { return }
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = directory.appendingPathComponent("cafe.jpg").path
        let lines = ["Tiệm cà phê Sữa Đá", "Bánh ngọt mỗi ngày", "Cảm ơn bạn đã đến"]
        try ImageMagickDrawing.convert(["-seed", "1", "-size", "1000x520", "plasma:gray-silver", "-blur", "0x3", "-font", "Noto-Sans-Bold",
                                        "-pointsize", "58", "-fill", "#8b0000",
                                        "-annotate", "+60+150", lines[0], "-annotate", "+60+270", lines[1], "-annotate", "+60+390", lines[2],
                                        "-distort", "Perspective", "0,0 20,10 1000,0 980,0 0,520 0,520 1000,520 990,505",
                                        "-quality", "80", photo])
        let run = InProcessRun([photo, "--ocr-only", "--format", "plain"], environment: environment)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n").map(String.init) == lines, "\(run.standardOutput)")
    }

    /// The lines the recognizer reads whole and surely (Latin, accents included) are not read by
    /// Tesseract at all; a Hangul line, which it leaves unread, still is, and every line reads right.
    @Test func linesReadWholeAreLeftToTheRecognizer() throws {
        guard let environment = Self.environmentWithModel() else { return }
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = directory.appendingPathComponent("notice.jpg").path
        let lines = ["Platform closed today", "Trains leave from Gate 4", "Musée fermé le mardi", "오늘은 매표소가 쉽니다"]
        // A fixed seed: on some of plasma's random backgrounds Tesseract misreads a Hangul word.
        var arguments = ["-seed", "1", "-size", "1000x600", "plasma:grey70-grey90", "-blur", "0x1", "-pointsize", "52", "-fill", "black"]
        for (index, line) in lines.enumerated() {
            arguments += ["-font", index < 3 ? "Noto-Sans-Regular" : "Noto-Sans-CJK-KR", "-draw", "text 60,\(110 + 120 * index) '\(line)'"]
        }
        try ImageMagickDrawing.convert(arguments + ["-quality", "85", photo])
        for jobs in ["1", "2"] {
            let run = InProcessRun([photo, "--ocr-only", "--format", "plain", "-v", "--jobs", jobs], environment: environment)
            #expect(run.exitCode == 0, "\(run.standardError)")
            #expect(run.standardOutput == lines.joined(separator: "\n") + "\n")
            #expect(run.standardError.contains("3 left to the text-line recognizer (read whole and surely)"), "\(run.standardError)")
        }
        // The program itself keeps OpenCV's networks on its own threads: the same reading.
        let program = try ProcessRun([photo, "--ocr-only", "--format", "plain"], executable: TestPaths.executable,
                                     environment: environment)
        #expect(program.exitCode == 0, "\(program.standardError)")
        #expect(program.standardOutput == lines.joined(separator: "\n") + "\n")
    }

    /// A Korean notice photographed at a strong angle, its far half blurred: the words
    /// `kor+eng` took for unsure Latin capitals (`Bos`, `BS`) are read again as Hangul, and the
    /// Latin words it read surely stay.
    @Test func blurredHangulOnAPhotographedPageIsNotReadAsLatin() throws {
        guard let environment = Self.environmentWithModel() else { return }
        let run = InProcessRun([TestPaths.fixture("photographed-page-ko-strong.jpg"), "--ocr-only", "--format", "plain", "-v"],
                               environment: environment)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.contains("a sheet of paper"))
        for line in ["바닥 청소를", "공용 Wi-Fi", "APT-LOUNGE"] {
            #expect(run.standardOutput.contains(line), "\(line) missing from \(run.standardOutput)")
        }
        let truth = try String(contentsOfFile: TestPaths.fixture("photographed-page-ko-strong.gt.txt"), encoding: .utf8)
        let cer = CharacterErrorRate.ofLines(run.standardOutput, truth: truth)
        // 12.6% before the words were read again, 9.1% after (spaces aside).
        #expect(cer < 0.11, "CER \(cer): \(run.standardOutput)")
    }

    /// Without the model a photo is read the Tesseract-only way, and that is said once for the
    /// whole run, with the fix; it is not a failure.
    @Test func aMissingModelIsSaidOnceAndIsNoFailure() throws {
        let photo = TestPaths.photo("korean-road-sign.png")
        let run = InProcessRun([photo, photo, "--ocr-only", "--format", "plain"],
                               environment: InProcessRun.offlineEnvironment.merging(["XDG_DATA_DIRS": "/nonexistent"]) { $1 })
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.components(separatedBy: RecognitionNotice.detectorModelMissing.description).count == 2, "\(run.standardError)")
        #expect(run.standardError.hasPrefix("translate: photos are read without the text-line detector"))
        #expect(!run.standardOutput.isEmpty)
    }

    /// With an ONNX Runtime library that cannot be loaded, both models run on OpenCV: that is
    /// said once, in one line, and the photo reads as it does on ONNX Runtime. Run as processes
    /// of their own: the library, once loaded, stays for the process.
    @Test func aBrokenOnnxRuntimeFallsBackToOpenCV() throws {
        guard let environment = Self.environmentWithModel() else { return }
        let photo = TestPaths.photo("korean-road-sign.png")
        let arguments = [photo, "--ocr-only", "--format", "plain"]
        let broken = try ProcessRun(arguments, executable: TestPaths.executable,
                                    environment: environment.merging(["TRANSLATE_ONNXRUNTIME": "/nonexistent/libonnxruntime.so"]) { $1 })
        let usual = try ProcessRun(arguments, executable: TestPaths.executable, environment: environment)
        #expect(broken.exitCode == 0, "\(broken.standardError)")
        let notice = "translate: photo models run on OpenCV, more slowly: ONNX Runtime cannot run them (onnxruntime: "
            + "cannot load /nonexistent/libonnxruntime.so: cannot open shared object file: No such file or directory)\n"
        #expect(broken.standardError == notice, "\(broken.standardError)")
        #expect(!usual.standardError.contains("ONNX Runtime"), "\(usual.standardError)")
        #expect(!broken.standardOutput.isEmpty && broken.standardOutput == usual.standardOutput)
    }

    /// `--layout page` reads a photo the Tesseract-only way and asks for no model.
    @Test func layoutPageNeedsNoModel() throws {
        let run = InProcessRun([TestPaths.photo("korean-road-sign.png"), "--ocr-only", "--layout", "page", "-v"],
                               environment: InProcessRun.offlineEnvironment.merging(["XDG_DATA_DIRS": "/nonexistent"]) { $1 })
        #expect(run.exitCode == 0)
        #expect(!run.standardError.contains("text-line detector"))
        #expect(!run.standardError.contains("camera photo"))
    }
}

/// A page on its side with too little text for Tesseract's orientation detection.
@Suite struct TurnedPageReadingTests {
    @Test(arguments: [90, 270])
    func twoKoreanLinesOnTheirSideAreReadUpright(_ degrees: Int) throws {
        guard let environment = PhotoTests.environmentWithModel() else { return }
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("turned.png").path
        try ImageMagickDrawing.convert(["-size", "900x300", "xc:white", "-font", "Noto-Sans-CJK-KR", "-pointsize", "48", "-fill", "black",
                                        "-draw", "text 60,120 '오늘은 휴무입니다'", "-draw", "text 60,210 '내일 다시 오세요'",
                                        "-rotate", String(degrees), page])
        let run = InProcessRun([page, "--ocr-only", "--format", "plain", "-v"], environment: environment)
        #expect(run.exitCode == 0)
        #expect(run.standardOutput == "오늘은 휴무입니다\n내일 다시 오세요\n", "\(run.standardError)")
        #expect(run.standardError.contains("on its side by its text lines"))
    }
}

/// The detector looks at a poorly read page only where orientation detection could not tell
/// which way up it is: not at a Chinese article read with `kor+eng`, which orientation detection
/// sees upright, but at two Korean lines on their side, which it cannot judge.
@Suite struct TurnCheckTests {
    @Test func onlyAPageOrientationDetectionCannotJudgeIsChecked() throws {
        guard let model = TestPaths.textDetectorModel else {
            Issue.record("the text-line detector's model is not installed: run scripts/fetch-text-detector.py")
            return
        }
        ProcessConfiguration.apply()
        let reader = PageReader(settings: OCRSettings(languages: ["kor", "eng"], textDetectorModel: model), inputReader: InputReader(),
                                languages: OfflineBoxLanguages())
        let chinese = try #require(reader.read(.file(TestPaths.screenshots.appendingPathComponent("zh-CN-article@1x.png").path)).first)
        #expect(chinese.error == nil && ReadingConfidence.mean(of: chinese.boxes) < tuning.retryConfidence, "read poorly with kor+eng")
        #expect(reader.turnChecks == 0)

        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("turned.png").path
        try ImageMagickDrawing.convert(["-size", "900x300", "xc:white", "-font", "Noto-Sans-CJK-KR", "-pointsize", "48", "-fill", "black",
                                        "-draw", "text 60,120 '오늘은 휴무입니다'", "-draw", "text 60,210 '내일 다시 오세요'",
                                        "-rotate", "90", page])
        let turned = try #require(reader.read(.file(page)).first)
        #expect(reader.turnChecks == 1)
        #expect(turned.boxes.map(\.text) == ["오늘은 휴무입니다", "내일 다시 오세요"])
    }
}

/// A photographed sign on its side: its lines read either way up, in the order the sign reads.
@Suite struct SignOnItsSideTests {
    @Test(arguments: [90, 270])
    func aSignOnItsSideReadsInOrder(_ degrees: Int) throws {
        guard let environment = PhotoTests.environmentWithModel() else { return }
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = directory.appendingPathComponent("sign.jpg").path
        try ImageMagickDrawing.convert(["-size", "1000x420", "xc:#2b4a2e", "-font", "Noto-Sans-CJK-KR", "-pointsize", "44", "-fill", "white",
                                        "-draw", "text 40,190 '지하철 2호선 강남역'", "-pointsize", "34", "-fill", "#ffd700",
                                        "-draw", "text 40,300 'Gangnam Station, Line 2'", "-rotate", String(degrees),
                                        "-seed", "3", "-attenuate", "0.5", "+noise", "Gaussian", "-quality", "80", photo])
        let run = InProcessRun([photo, "--ocr-only", "--format", "plain", "-v"], environment: environment)
        #expect(run.exitCode == 0)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run.standardOutput)\n\(run.standardError)")
        #expect(lines.first == "지하철 2호선 강남역", "\(run.standardOutput)")
        #expect(lines.last?.hasPrefix("Gangnam Station") == true, "\(run.standardOutput)")
        #expect(run.standardError.contains("camera photo"))
        // Its standing lines read well as cut at 90°, turned over at 270°: the photo is turned
        // upright that way and its lines found again.
        #expect(run.standardError.contains("turned \(360 - degrees)° clockwise"), "\(run.standardError)")
    }

    /// A real road sign photographed on its side, turned upright as a whole: its lines, found
    /// again level, read as on the upright sign. Read as they stood, its Hangul names were
    /// lost (`통`). The orientation model turns it before its lines are found; without the
    /// model, its standing lines do, after a first detection.
    @Test(arguments: [true, false])
    func aRoadSignOnItsSideIsTurnedUprightAndReadWhole(orientationModel: Bool) throws {
        guard let run = try PhotoTests.readRoadSign(turnedBy: 270, orientationModel: orientationModel) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        let turn = orientationModel ? "on its side to the orientation model" : "its text lines stand"
        #expect(run.standardError.contains(turn), "\(run.standardError)")
        #expect(run.standardError.contains("turned 90° clockwise"), "\(run.standardError)")
        for line in ["서울", "평양", "Seoul", "Pyeongyang", "205Km"] {
            #expect(run.standardOutput.contains(line), "\(line) missing from \(run.standardOutput)")
        }
    }

    /// An orientation model that cannot be loaded is said once, and the photo is turned by its
    /// lines instead.
    @Test func anUnreadableOrientationModelIsSaidAndTheLinesTurnThePhoto() throws {
        guard var environment = PhotoTests.environmentWithModel() else { return }
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = directory.appendingPathComponent("broken.onnx")
        try Data("not a model".utf8).write(to: model)
        environment["TRANSLATE_ORIENTATION_MODEL"] = model.path
        let photo = directory.appendingPathComponent("sign.png").path
        try ImageMagickDrawing.convert([TestPaths.photo("korean-road-sign.png"), "-rotate", "270", photo])
        let run = InProcessRun([photo, photo, "--ocr-only", "--format", "plain", "-v", "--jobs", "1"], environment: environment)
        #expect(run.exitCode == 0, "\(run.standardError)")
        let notice = "photos on their side are turned by their lines alone, more slowly: the orientation model cannot be loaded: \(model.path): "
        #expect(run.standardError.components(separatedBy: notice).count == 2, "\(run.standardError)")
        #expect(run.standardError.contains("its text lines stand"), "\(run.standardError)")
        #expect(run.standardOutput.contains("서울"), "\(run.standardOutput)")
    }

    /// The shared crumpled receipt on its side: its blurred columns and the handwriting along
    /// its edge come out as wide level boxes that outweigh its standing lines, so it is read as
    /// it lies first, and only 4 of its 12 lines are kept (as Thai letters, before malformed
    /// readings were set aside). Read turned a quarter each way too, it reads as upright. Turned
    /// 90° back, it is read upright and well at once, and that settles it; turned 90° the wrong
    /// way, it is found upside down, and the other quarter turn is read too. (Without the
    /// orientation model, which is unsure of this photo one way and sure the other.)
    @Test(.enabled(if: TestPaths.benchData != nil, "needs shared/bench-data beside the checkout"), arguments: [90, 270])
    func aPhotoReadPoorlyAsItLiesIsReadTurned(_ degrees: Int) throws {
        let receipt = try #require(TestPaths.benchData).appendingPathComponent("images/photos/en_crumpled_receipt.png").path
        guard let run = try PhotoTests.readDrawnPhoto([receipt, "-rotate", "\(degrees)"], named: "receipt.png", orientationModel: false)
        else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.contains("text lines read as it lies: read turned \(360 - degrees)° clockwise, which read more"),
                "\(run.standardError)")
        for line in ["AVOCADO COFFEE", "TOTAL", "CHANGE", "200,000", "174,600"] {
            #expect(run.standardOutput.contains(line), "\(line) missing from \(run.standardOutput)")
        }
    }

    /// The shared grocery receipt's short price lines keep their small leading point and
    /// trailing dash: read as cut, padded above and below, the recognizer read `.75-` as `75-`
    /// and `.69-` as `.69`; read again at the line's own height, it reads them whole
    /// (`ShortLineRereading`).
    @Test(.enabled(if: TestPaths.benchData != nil, "needs shared/bench-data beside the checkout"))
    func aShortPriceLineKeepsItsLeadingPoint() throws {
        let receipt = try #require(TestPaths.benchData).appendingPathComponent("images/photos/en_grocery_receipt.jpeg").path
        guard let run = try PhotoTests.readDrawnPhoto([receipt], named: "receipt.png") else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.filter { $0 == ".75-" }.count == 2, "\(lines)")
        #expect(lines.filter { $0 == ".50-" }.count == 4, "\(lines)")
        #expect(lines.contains(".69-"), "\(lines)")
    }

    /// The strongly angled Korean notice made small (360×480, its print about 5 px tall): it
    /// reads poorly every way, and the orientation model finds it upright, so it is not read
    /// turned a quarter each way. Turned 270°, Thai data read its lines as junk more surely
    /// than the first languages read them upright, and that junk was kept.
    @Test func aPhotoTheOrientationModelFindsUprightIsNotReadTurned() throws {
        guard let run = try PhotoTests.readDrawnPhoto([TestPaths.fixture("photographed-page-ko-strong.jpg"),
                                                       "-resize", "480x480", "-quality", "85"]) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(!run.standardError.contains("which read more"), "\(run.standardError)")
        #expect(!run.standardOutput.unicodeScalars.contains { WritingScript.of($0) == .thai }, "\(run.standardOutput)")
        #expect(run.standardOutput.unicodeScalars.contains { WritingScript.of($0) == .hangul }, "\(run.standardOutput)")
    }

    /// Chinese reading upwards: the first languages read it poorly either way up, the
    /// recognizer well turned over, so the photo is turned upright that way.
    @Test func aChineseSignReadingUpwardsIsTurnedUpright() throws {
        guard let environment = PhotoTests.environmentWithModel() else { return }
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = directory.appendingPathComponent("sign.jpg").path
        try ImageMagickDrawing.convert(["-size", "1000x420", "xc:#f3efe6", "-font", "Noto-Sans-CJK-SC", "-pointsize", "44", "-fill", "#222",
                                        "-draw", "text 40,150 '请勿在此处停车'", "-draw", "text 40,280 '违者后果自负'", "-rotate", "270",
                                        "-seed", "3", "-attenuate", "0.5", "+noise", "Gaussian", "-quality", "80", photo])
        let run = InProcessRun([photo, "--ocr-only", "--format", "plain", "-v"], environment: environment)
        #expect(run.exitCode == 0)
        #expect(run.standardOutput == "请勿在此处停车\n违者后果自负\n", "\(run.standardError)")
        #expect(run.standardError.contains("turned 90° clockwise"), "\(run.standardError)")
    }
}


/// The data chosen for the lines the recognizer cannot read: Cyrillic, Thai and Hindi data are
/// tried on a sample of them, and only a clear Cyrillic reading ends the trial early.
@Suite struct ScriptTrialTests {
    /// The strongly angled Korean notice made small (540×720, its print about 8 px tall): its
    /// flattened sheet reads as Hangul, which settles the photo's script, so its lines are read
    /// with the first languages and Thai and Hindi data, which read the junk of its unreadable
    /// lines better, are never loaded.
    @Test func aSheetReadAsHangulSettlesTheLinesData() throws {
        guard let (result, heldKeys) = try Self.readDrawnPhoto([TestPaths.fixture("photographed-page-ko-strong.jpg"),
                                                                "-resize", "720x720", "-quality", "85"]) else { return }
        #expect(result.boxes.contains { $0.text.contains("관리사무소") }, "\(result.boxes.map(\.text))")
        #expect(!heldKeys.contains("tha") && !heldKeys.contains("hin+eng"), "\(heldKeys)")
    }

    /// A photo `convert` makes with `drawing` (its arguments but the file it writes), read in
    /// process with automatic languages, and the keys of the Tesseract data the run loaded; nil
    /// (with the reason recorded) when the text models are not installed.
    static func readDrawnPhoto(_ drawing: [String]) throws -> (result: ImageResult, heldKeys: [String])? {
        guard let detector = TestPaths.textDetectorModel, let recognizer = TextRecognizerModel.locate() else {
            Issue.record("the text models are not installed: run scripts/setup.sh")
            return nil
        }
        ProcessConfiguration.apply()
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = directory.appendingPathComponent("photo.jpg").path
        try ImageMagickDrawing.convert(drawing + [photo])
        let pool = TesseractHandlePool(limit: 1 << 30)
        let settings = OCRSettings(rereadByLanguage: true, textDetectorModel: detector, textRecognizerModel: recognizer)
        let reader = PageReader(settings: settings, inputReader: InputReader(), languages: OfflineBoxLanguages(), pool: pool)
        let result = try #require(reader.read(.file(photo)).first)
        return (result, pool.heldKeys)
    }

    /// A Russian sign: `rus+eng` reads it clearly, so Thai and Hindi data are never loaded.
    @Test func aClearCyrillicReadingEndsTheTrial() throws {
        guard let (result, heldKeys) = try Self.readDrawnPhoto([
            "-seed", "5", "-size", "1000x560", "plasma:#1f4e79-#163a5a", "-blur", "0x2",
            "-font", "Noto-Sans-Bold", "-pointsize", "64", "-fill", "white",
            "-draw", "text 50,150 'ВХОД ЗАПРЕЩЁН'", "-pointsize", "40",
            "-draw", "text 50,280 'Посторонним вход воспрещён'", "-draw", "text 50,380 'Служебное помещение'",
            "-attenuate", "0.4", "+noise", "Gaussian", "-quality", "80",
        ]) else { return }
        #expect(result.boxes.map(\.text) == ["ВХОД ЗАПРЕЩЁН", "Посторонним вход воспрещён", "Служебное помещение"],
                "\(result.preparation?.description ?? "")")
        #expect(!heldKeys.contains("tha") && !heldKeys.contains("hin+eng"), "\(heldKeys)")
    }

    /// A pharmacy's sign in Cyrillic capitals read with the languages the user names
    /// (`--ocr-lang rus+eng`): the recognizer reads both lines whole as Latin look-alikes
    /// (`ANTEKA`, `OCHOBE BCEFO`), so Tesseract reads them too, and its Cyrillic reading stays.
    @Test func aCyrillicSignReadWithNamedRussianDataIsNotReadAsLatinLookAlikes() throws {
        guard let run = try PhotoTests.readDrawnPhoto([
            "-seed", "3", "-size", "900x420", "plasma:#1b5e20-#0d3b12", "-blur", "0x2",
            "-font", "Noto-Sans-Bold", "-pointsize", "96", "-fill", "white", "-draw", "text 60,170 'АПТЕКА'",
            "-font", "Noto-Sans-Regular", "-pointsize", "56", "-draw", "text 60,320 'ОСНОВЕ ВСЕГО'",
            "-attenuate", "0.4", "+noise", "Gaussian", "-quality", "80",
        ], options: ["--ocr-lang", "rus+eng"]) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n") == ["АПТЕКА", "ОСНОВЕ ВСЕГО"], "\(run.standardError)")
    }

    /// A Russian warning sign with a glare over the ends of both lines: the letters under it are
    /// a light grey, and read with one threshold for the whole line they were lost (`Осторс`,
    /// `скользкий`). With the ink evened along the line they are read to the end.
    @Test func aSignsLettersUnderGlareAreReadToTheEndOfTheLine() throws {
        guard let run = try PhotoTests.readDrawnPhoto([
            "-seed", "1", "-size", "1000x460", "xc:#f0c419", "-font", "Noto-Sans-Bold", "-pointsize", "96",
            "-fill", "#111111", "-draw", "text 60,190 'Осторожно'",
            "-font", "Noto-Sans-Regular", "-pointsize", "72", "-draw", "text 60,360 'скользкий пол'",
            "(", "-size", "800x800", "radial-gradient:white-black", ")",
            "-gravity", "center", "-geometry", "+60+0", "-compose", "screen", "-composite",
            "-blur", "0x1.2", "-attenuate", "0.4", "+noise", "Gaussian", "-quality", "80",
        ]) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n") == ["Осторожно", "скользкий пол"], "\(run.standardError)")
    }

    /// A Korean display word on a red octagon, which the recognizer leaves unread: `kor+eng`
    /// reads it as Latin letters (a misreading on such a line) and Thai data read it `ธขน` at 83,
    /// but `kor` alone reads it as Hangul, all but its rare first syllable (`쓸` for `쏠`).
    @Test func aKoreanDisplayWordEnglishDataMisreadsIsReadWithKoreanDataAlone() throws {
        guard let run = try PhotoTests.readDrawnPhoto([
            "-seed", "2", "-size", "1000x700", "plasma:#8a3b2a-#6a2b1a", "-blur", "0x2",
            "-fill", "white", "-draw", "polygon 330,90 670,90 860,280 860,420 670,610 330,610 140,420 140,280",
            "-fill", "#c8102e", "-draw", "polygon 340,110 660,110 840,290 840,410 660,590 340,590 160,410 160,290",
            "-font", "Noto-Sans-CJK-KR-Bold", "-pointsize", "90", "-fill", "white", "-gravity", "center",
            "-annotate", "+0+0", "쏠린다",
            "-rotate", "-5", "-blur", "0x1.2", "-attenuate", "0.4", "+noise", "Gaussian", "-quality", "80",
        ]) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 1 && lines[0].hasSuffix("린다"), "\(run.standardOutput)")
        #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy { WritingScript.of($0) == .hangul } }, "\(run.standardOutput)")
    }

    /// A Thai tea house's sign with an English line: the recognizer reads the English line
    /// whole and surely, and Thai data's reading of it, Thai letters at 86 on this background
    /// (the seed fixes it; 19 others read under 85), does not take its place.
    @Test func aLatinLineReadWholeStaysLatinOnAThaiSign() throws {
        guard let run = try PhotoTests.readDrawnPhoto([
            "-seed", "14", "-size", "820x300", "xc:#1d4e2c", "-font", "Noto-Sans-Thai-Bold", "-pointsize", "54",
            "-fill", "white", "-annotate", "+40+110", "ร้านน้ำชา", "-font", "Noto-Sans-Bold", "-pointsize", "40",
            "-annotate", "+40+200", "Tea House · Open 8:00",
            "-distort", "Perspective", "0,0 20,10 820,0 800,0 820,300 810,290 0,300 0,280",
            "-attenuate", "0.5", "+noise", "Gaussian", "-quality", "80"
        ]) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("Tea House") && $0.hasSuffix("Open 8:00") }, "\(run.standardOutput)")
        #expect(lines.contains { $0.unicodeScalars.contains { WritingScript.of($0) == .thai } }, "the Thai line is read too")
    }

    /// A no-smoking sign with one Thai line over three English ones: the recognizer reads the
    /// English lines whole, and leaves the Thai one unread, which Thai data then reads. It was
    /// read with `kor+eng` and dropped, since most of the widest lines were the recognizer's.
    @Test func aThaiLineAmongEnglishOnesIsReadWithThaiData() throws {
        guard let run = try PhotoTests.readDrawnPhoto([
            "-seed", "3", "-size", "900x420", "xc:#202a44", "-font", "Noto-Sans-Thai-Bold", "-pointsize", "60",
            "-fill", "white", "-annotate", "+40+100", "ห้ามสูบบุหรี่", "-font", "Noto-Sans-Bold", "-pointsize", "38",
            "-annotate", "+40+190", "No smoking in this area", "-annotate", "+40+260", "Fine 2,000 Baht",
            "-annotate", "+40+330", "Thank you",
            "-distort", "Perspective", "0,0 20,10 900,0 880,0 900,420 890,400 0,420 0,410",
            "-blur", "0x0.5", "-attenuate", "0.6", "+noise", "Gaussian", "-quality", "70"
        ]) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ห้ามสูบบุหรี") == true, "\(run.standardOutput)")
        #expect(Array(lines.dropFirst()) == ["No smoking in this area", "Fine 2,000 Baht", "Thank you"], "\(run.standardOutput)")
    }

    /// A Thai month name over an English line: the recognizer reads the Thai line through as
    /// Latin look-alikes but unsurely (`Lau nsngiau` at 0.65), and `kor+eng`'s Latin reading of
    /// it no longer counts as surer than the recognizer is: the script trial runs, and Thai data
    /// reads it. It was dropped, the trial skipped.
    @Test func aThaiLineTheRecognizerReadsAsLatinUnsurelyIsReadWithThaiData() throws {
        // On this background (the seed fixes it) the line was lost; on seven others it was read.
        guard let run = try PhotoTests.readDrawnPhoto([
            "-seed", "8", "-size", "1000x420", "plasma:#1b2a48-#2a3a60", "-blur", "0x2",
            "-font", "Noto-Sans-Thai-Bold", "-pointsize", "84", "-fill", "white", "-annotate", "+50+170", "เดือน กรกฎาคม",
            "-font", "Noto-Sans-Bold", "-pointsize", "64", "-annotate", "+80+320", "ceridian canada",
            "-distort", "Perspective", "0,0 30,20 1000,0 960,0 1000,420 990,410 0,420 10,400",
            "-blur", "0x0.8", "-attenuate", "0.5", "+noise", "Gaussian", "-quality", "70"
        ]) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines == ["เดือน กรกฎาคม", "ceridian canada"], "\(run.standardOutput)\n\(run.standardError)")
    }

    /// A Hindi sign: Thai data reads its sample at 88, as clearly as Cyrillic data reads a
    /// Russian sign, but the trial goes on to Hindi data, which reads it at 104.
    @Test func aClearThaiReadingDoesNotEndTheTrial() throws {
        // On this background (the seed fixes it) Thai data reads the sample at 88; on seven others
        // at 75 to 83.
        guard let run = try PhotoTests.readDrawnPhoto([
            "-seed", "4", "-size", "1000x480", "plasma:#c0392b-#922b21", "-blur", "0x2",
            "-font", "Noto-Sans-Devanagari-Bold", "-pointsize", "70", "-fill", "white",
            "-draw", "text 60,180 'सावधान'", "-pointsize", "46", "-draw", "text 60,320 'फर्श गीला है'",
            "-distort", "Perspective", "0,0 30,20 1000,0 960,0 1000,480 990,470 0,480 10,450",
            "-attenuate", "0.4", "+noise", "Gaussian", "-quality", "80"
        ]) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("सावधान"), "\(run.standardOutput)\n\(run.standardError)")
        #expect(!run.standardOutput.unicodeScalars.contains { WritingScript.of($0) == .thai }, "\(run.standardOutput)")
    }
}

/// Large display words on a sign whose rim reaches into the word's cut-out.
@Suite struct DisplaySignTests {
    /// `photo` read as plain text with the photo path's models, and `-v`; nil when the models
    /// are not installed.
    static func readPlainWithModel(_ photo: String) -> InProcessRun? {
        guard let environment = PhotoTests.environmentWithModel() else { return nil }
        return InProcessRun([photo, "--ocr-only", "--format", "plain", "-v"], environment: environment)
    }

    /// A red octagonal stop sign with `정지` in white, filling it: the padded cut-out of the
    /// word takes in the white rim at its upper and lower corners. Tesseract read the word with
    /// the rim as nothing, and the word was lost; read again with the rim cleared, it is `정지`.
    @Test(arguments: [5, 6])
    func aStopSignsWordIsReadWithItsRimCleared(seed: Int) throws {
        guard let run = try PhotoTests.readDrawnPhoto([
            "-seed", String(seed), "-size", "600x450", "plasma:fractal", "-colorspace", "gray", "-auto-level", "+level", "35%,60%",
            // A grey wall, drawn on in colour.
            "-set", "colorspace", "sRGB", "-type", "TrueColor",
            "-fill", "#c8102e", "-stroke", "#f4f4f4", "-strokewidth", "10",
            "-draw", "polygon 487,302 377,412 223,412 113,302 113,148 223,38 377,38 487,148",
            "-stroke", "none", "-fill", "white", "-font", "Noto-Sans-CJK-KR-Bold", "-pointsize", "130",
            "-gravity", "center", "-annotate", "+0+0", "정지", "-blur", "0x1", "-quality", "85",
        ]) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.contains("camera photo"), "\(run.standardError)")
        #expect(run.standardOutput == "정지\n", "\(run.standardOutput)\n\(run.standardError)")
    }

    /// A stop sign whose word runs close to the rim above and below it: Tesseract read the
    /// rim in the word's cut-out as brackets, `(정지)` at 83 to 87, surely enough that no retry
    /// ran. Read again with the edge marks cleared, it is the same word without them.
    @Test(arguments: [1, 2])
    func aStopSignsRimIsNotReadAsBrackets(seed: Int) throws {
        guard let run = try PhotoTests.readDrawnPhoto([
            "-seed", String(seed), "-size", "600x450", "plasma:#8b3a2a-#6b2a1f", "-blur", "0x1",
            "-set", "colorspace", "sRGB", "-type", "TrueColor",
            "-fill", "#c8102e", "-stroke", "#f0ead6", "-strokewidth", "8",
            "-draw", "polygon 435,281 356,360 244,360 165,281 165,169 244,90 356,90 435,169",
            "-stroke", "none", "-fill", "#f0ead6", "-font", "Noto-Sans-CJK-KR-Bold", "-pointsize", "115",
            "-gravity", "center", "-annotate", "+0+0", "정지",
            "-distort", "Perspective", "0,0 10,5 600,0 590,0 600,450 595,440 0,450 0,445", "-blur", "0x0.8", "-quality", "85",
        ]) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput == "정지\n", "\(run.standardOutput)\n\(run.standardError)")
    }

    /// A rendered stop sign made small (600×450, as a picture sent through a chat app): the
    /// first languages read its word as cut, rim in the corners, as nothing, and Thai data's
    /// `ชม` at 73 won the script trial, so the retry with the rim cleared, in Thai, read Thai.
    /// The first languages' turn in the trial reads the word with the rim cleared too.
    @Test func aSmallStopSignsWordIsNotTakenForThai() throws {
        guard let run = Self.readPlainWithModel(TestPaths.fixture("stop-sign-small.jpg")) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput == "정지\n", "\(run.standardOutput)\n\(run.standardError)")
        #expect(!run.standardError.contains("read a sample of the lines best"), "\(run.standardError)")
    }

    /// A rendered Thai sign (`สถานที่` over `serves`): Cyrillic data read its Thai line as
    /// `amun` at 77, and with English's agreement bonus that ended the script trial before Thai
    /// data was tried; the Thai line was then dropped. A Latin reading by another script's data
    /// now counts as the first languages' reading of the line.
    @Test func aThaiSignsLineReadAsLatinByCyrillicDataIsStillTriedInThai() throws {
        guard let run = Self.readPlainWithModel(TestPaths.fixture("thai-sign-photo.jpg")) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput == "สถานที่\nserves\n", "\(run.standardOutput)\n\(run.standardError)")
    }

    /// A rendered Korean sign, a large name over a smaller line: Tesseract read the name right
    /// but at 29, the white border above and below its padded cut-out leaving the letters less
    /// than half of the height it scales, and the line was dropped. Read again without that
    /// border, it reads at 92.
    @Test func aSignsLargeKoreanNameIsReadAgainWithoutTheWhiteAboveAndBelow() throws {
        guard let run = Self.readPlainWithModel(TestPaths.fixture("korean-sign-photo.jpg")) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n").first == "신체감각을", "\(run.standardOutput)\n\(run.standardError)")
    }

    /// A rendered shop sign photographed upside down: `kor+eng` read its English line as
    /// `ogg uem 6니개` at 77, which said the photo was upright, although the recognizer read
    /// the line through as Latin, unsurely, and saw no Hangul in it. That reading now counts
    /// only as sure as the recognizer is, and the photo is read turned over.
    @Test func anUpsideDownSignsLineReadAsHangulJunkDoesNotSayItIsUpright() throws {
        guard let run = Self.readPlainWithModel(TestPaths.fixture("shop-sign-upside-down.jpg")) else { return }
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput == "鴻運燒臘\nHung Wan BBQ\n", "\(run.standardOutput)\n\(run.standardError)")
    }
}
