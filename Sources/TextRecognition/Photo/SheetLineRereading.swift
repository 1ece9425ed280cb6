import Foundation
import PagePreparation
import TesseractReading
import TextDetection
import TranslateModel

/// The lines of a photographed sheet that Tesseract read unsurely, read again by the
/// text-line recognizer, whose reading takes the line when it reads it through as text.
///
/// A sheet photographed at a strong angle is flattened before Tesseract reads it as a page, and
/// its far edge comes out small and soft: on a notice whose print is 9 px tall there, Tesseract
/// read its first lines `the main vate un the hewmen os tephec od Meee`, at 39 to 64, while the
/// rest of the page read well enough for the sheet to be kept. The recognizer reads such lines
/// as it reads any photo line. Its reading replaces Tesseract's when it reads the line through
/// (no stretch read as nothing but the gaps between words) as text
/// (`PhotoRecognizer.isRecognizerText`), and Tesseract's reading holds no letters the
/// recognizer lacks that the line path would keep (`PhotoRecognizer.keepsTesseract`: a Korean
/// or Russian line stays Tesseract's). Only a kept sheet's lines are read again
/// (docs/experiments/photos.md, "A photographed sheet's unsure lines read again by the recognizer").
enum SheetLineRereading {
    /// `boxes` (lines read on `sheet`, in its pixels) with every line Tesseract read unsurely
    /// (`isUnsure`) read again by `recognizer`, and replaced by its reading where it takes the
    /// line (`takes`). A line it does not take, or too thin to cut, that Tesseract read under
    /// `tuning.tesseractFloor` is read as text by neither: it goes to `dropped` as junk, as the
    /// photo path's junk rule drops such a line (`PhotoJunkRule.isText`). `data`: what Tesseract
    /// read the sheet with. Whether any line was replaced or dropped (the lines' languages are
    /// then to be told again).
    @discardableResult
    static func reread(_ boxes: inout [BoxResult], dropped: inout [DroppedBox], on sheet: GrayImage, data: TesseractData,
                       with recognizer: TextLineRecognizer) -> Bool {
        guard !isInLettersTheRecognizerLacks(boxes, lacks: { !recognizer.characters.contains($0) }) else { return false }
        var replacedAny = false
        var junk = IndexSet()
        for index in boxes.indices where isUnsure(boxes[index]) {
            let box = boxes[index]
            guard let line = cut(box.rect, from: sheet) else {
                // Too thin for any reader (a stray mark): read under the floor, it is junk too.
                if box.confidence < tuning.tesseractFloor { junk.insert(index) }
                continue
            }
            guard let read = try? recognizer.read(pixels: line.pixels, width: line.width, height: line.height,
                                                  bytesPerRow: line.width, channels: 1) else { continue }
            if takes(read, over: box, data: data, recognizerCharacters: recognizer.characters) {
                boxes[index] = replaced(box, by: read)
                replacedAny = true
            } else if box.confidence < tuning.tesseractFloor {
                junk.insert(index)
            }
        }
        guard !junk.isEmpty else { return replacedAny }
        let split = BoxDropping.split(boxes, reasons: boxes.indices.map { junk.contains($0) ? .photoJunk : nil })
        boxes = split.kept
        dropped += split.dropped
        return true
    }

    /// Whether any of `boxes` is a line Tesseract read unsurely, to be read again.
    static func hasUnsureLines(_ boxes: [BoxResult]) -> Bool {
        boxes.contains(where: isUnsure)
    }

    /// Whether Tesseract read `box`, or a word of it, under `tuning.retryConfidence`, the
    /// confidence under which a photo is read again: a receipt's `TOTAL $10.73` read
    /// `TOTAL _ 60.` at 73, `60.` at 53.
    static func isUnsure(_ box: BoxResult) -> Bool {
        box.confidence < tuning.retryConfidence || box.words.contains { $0.confidence < tuning.retryConfidence }
    }

    /// Whether `boxes` (a kept sheet's lines) are worth loading the recognizer for: a line is
    /// unsure, and the sheet is not mostly in scripts no recognizer we ship reads (judged by
    /// script, before its characters are known; `reread` checks them).
    static func wantsRereading(_ boxes: [BoxResult]) -> Bool {
        hasUnsureLines(boxes) && !isInLettersTheRecognizerLacks(boxes, lacks: { scalar in
            WritingScript.of(scalar).map { [.hangul, .thai, .devanagari, .cyrillic].contains($0) } ?? false
        })
    }

    /// Whether most of the letters Tesseract read surely (at `tuning.retryConfidence` or more)
    /// on the sheet are letters the recognizer has no class for: a Korean or Russian page, whose
    /// lines the recognizer reads through as look-alikes (a Korean notice's `공용 Wi-Fi 이름:
    /// APT-LOUNGE (비밀번호 없음)` came out `2号 Wi-Fi0号:APT-LOUNGE (世克8)`). Its lines stay Tesseract's.
    /// `lacks` tells a letter the recognizer has no class for.
    static func isInLettersTheRecognizerLacks(_ boxes: [BoxResult], lacks: (Unicode.Scalar) -> Bool) -> Bool {
        var letters = 0, lacking = 0
        for word in boxes.lazy.flatMap(\.words) where word.confidence >= tuning.retryConfidence {
            for scalar in word.text.unicodeScalars where scalar.properties.isAlphabetic {
                letters += 1
                if lacks(scalar) { lacking += 1 }
            }
        }
        return lacking * 2 > letters
    }

    /// Whether the recognizer's `read` of a line takes it from Tesseract's reading `box`. A
    /// stretch read as nothing counts against it only where Tesseract read letters the
    /// recognizer lacks: otherwise it is the gap between two words, which a page's line spans
    /// where a detected line ends (`TOTAL$10.73`, 0.998, with 30% of the line read as nothing).
    static func takes(_ read: RecognizedLine, over box: BoxResult, data: TesseractData,
                      recognizerCharacters: Set<Unicode.Scalar>) -> Bool {
        let lettersItLacks = TextLineRecognizer.unreadableLetterCount(in: box.text, characters: recognizerCharacters) > 0
        return (read.unreadShare == 0 || !lettersItLacks) && PhotoRecognizer.isRecognizerText(read)
            && !PhotoRecognizer.keepsTesseract(box.text, confidence: box.confidence, data: data,
                                               overWholeLine: PhotoRecognizer.readsWhole(read),
                                               recognizerCharacters: recognizerCharacters)
    }

    /// `box` with the recognizer's reading: one word over the whole line, as the line path
    /// gives a line the recognizer read.
    static func replaced(_ box: BoxResult, by read: RecognizedLine) -> BoxResult {
        var replaced = box
        replaced.text = read.text.trimmingCharacters(in: .whitespaces)
        replaced.confidence = read.confidence * 100
        replaced.words = [RecognizedWord(rect: box.rect, confidence: replaced.confidence, text: replaced.text)]
        return replaced
    }

    /// The line at `rect` cut out of `sheet` with `LineImage.padding` of its height around it,
    /// as a detected line is cut for the recognizer; nil when it cannot be.
    static func cut(_ rect: PixelRect, from sheet: GrayImage) -> GrayImage? {
        let line = Quadrilateral(topLeft: Point(x: Double(rect.x), y: Double(rect.y)),
                                 topRight: Point(x: Double(rect.x + rect.width), y: Double(rect.y)),
                                 bottomRight: Point(x: Double(rect.x + rect.width), y: Double(rect.y + rect.height)),
                                 bottomLeft: Point(x: Double(rect.x), y: Double(rect.y + rect.height)))
        guard rect.width >= 4, rect.height >= 4,
              let crop = try? LineImage.padded(line).flatCrop(pixels: sheet.pixels, width: sheet.width, height: sheet.height,
                                                              bytesPerRow: sheet.width, channels: 1)
        else { return nil }
        return GrayImage(width: crop.width, height: crop.height, pixels: crop.pixels)
    }
}
