internal import CTesseract
import ImageDecoding
import PagePreparation
import TranslateModel

extension TesseractEngine {
    /// Tesseract's mode for a single line of text, used to re-read one box.
    package static let singleLineMode = 7

    /// Reads just `rect` of `page` as one line of text, with this engine's languages.
    ///
    /// Used to read a box again with the traineddata of the language it turned out to be in
    /// (accents that `eng` drops, for one). Boxes come back in the page's coordinates.
    package func recognizeLine(in page: PageImage, rect: PixelRect) throws(OCRError) -> RecognizedBox? {
        try recognizeLine(pix: page.pix, rect: rect)
    }

    /// Reads just `rect` of a prepared image as one line; boxes in the image's coordinates.
    package func recognizeLine(in image: LeptonicaImage, rect: PixelRect) throws(OCRError) -> RecognizedBox? {
        try recognizeLine(pix: image.pix, rect: rect)
    }

    private func recognizeLine(pix: UnsafeMutablePointer<PIX>, rect: PixelRect) throws(OCRError) -> RecognizedBox? {
        OpenMPLimiter.limitCurrentThread()
        TessBaseAPISetImage2(handle, pix)
        defer {
            TessBaseAPIClear(handle)
            TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(pageSegmentationMode)))
        }
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(Self.singleLineMode)))
        TessBaseAPISetRectangle(handle, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        guard TessBaseAPIRecognize(handle, nil) == 0 else { throw .recognitionFailed }
        guard let iterator = TessBaseAPIGetIterator(handle) else { return nil }
        defer { TessResultIteratorDelete(iterator) }
        let lines = LayoutCollector(iterator: iterator).collect().lines
        guard !lines.isEmpty else { return nil }
        // One line was asked for; should Tesseract still split it at a gap, the pieces are joined.
        let words = lines.flatMap(\.words)
        let confidence = words.isEmpty ? lines[0].confidence
            : ReadingConfidence.mean(of: words, confidence: \.confidence, weight: { _ in 1 })
        return RecognizedBox(rect: rect, confidence: confidence, text: lines.map(\.text).joined(separator: " "),
                             words: words, paragraph: 0)
    }
}
