internal import CTesseract
internal import CTesseractMemory
import Foundation
import ImageDecoding
import PagePreparation
import TranslateModel

/// One Tesseract handle, loaded once with a set of languages and reused for many pages.
///
/// A handle is not thread-safe: each pipeline worker owns its own engine and is the only
/// thread that ever calls it.
public final class TesseractEngine {
    let handle: OpaquePointer
    /// The languages actually loaded, in the order given.
    public let languages: [String]
    /// The same, as the data the handle reads with.
    public var data: TesseractData { TesseractData(languages) }
    public let pageSegmentationMode: Int
    /// Whether the legacy engine's adaptive templates were freed after loading (see `init`).
    let droppedLegacyTemplates: Bool
    /// What freeing them gave back: the handle held this much more while it loaded (set only
    /// here, and by tests that need a handle of a known loading size).
    var droppedTemplateBytes: Int
    /// Whether the handle was loaded without the legacy engine's universal ambiguities (see `init`).
    let skippedUniversalAmbiguities: Bool
    /// What the handle holds, measured as the heap's growth while it loaded (other threads'
    /// allocations meanwhile count too): its size when a worker hands it to the pool.
    let loadedBytes: Int

    /// Tesseract's automatic page segmentation, what the `tesseract` command uses by default.
    public static let defaultPageSegmentationMode = 3

    /// True when OpenMP's thread limit can be applied, so each handle runs on one thread.
    public static var limitsOpenMP: Bool { OpenMPLimiter.isAvailable }

    /// Loads `languages` (Tesseract names such as `kor`, `eng`) from the installed tessdata.
    ///
    /// Tesseract reports success even when some languages failed to load, so the loaded
    /// set is compared with the requested one and any gap is an error.
    ///
    /// Debian's data holds LSTM models only, yet Tesseract 5.3.0 also builds the legacy
    /// classifier's adaptive templates for every character, which only the legacy engine reads:
    /// they are freed unless `keepsLegacyTemplates` (over half of a `jpn` or Chinese handle; the
    /// same text read either way: docs/experiments/automatic-languages.md, "Memory: the legacy").
    /// Data with a legacy model keeps them. For the same reason, data without one is loaded
    /// without the legacy engine's table of universal ambiguities, unless
    /// `readsUniversalAmbiguities` (`CTesseractMemory_setLoadingWithoutLegacyModel`).
    public init(languages: [String], pageSegmentationMode: Int = TesseractEngine.defaultPageSegmentationMode,
                keepsLegacyTemplates: Bool = false, readsUniversalAmbiguities: Bool = false) throws(OCRError) {
        OpenMPLimiter.limitCurrentThread()
        let beforeLoading = HeapMemory.inUse()
        guard let handle = TessBaseAPICreate() else { throw .initializationFailed(languages.joined(separator: "+")) }
        self.handle = handle
        self.languages = languages
        self.pageSegmentationMode = pageSegmentationMode
        let list = languages.joined(separator: "+")
        let environment = ProcessInfo.processInfo.environment
        let lstmOnly = !readsUniversalAmbiguities && languages.allSatisfy { TesseractData.lacksLegacyModel($0, environment: environment) }
        let skippedBefore = CTesseractMemory_skippedUniversalAmbiguitiesOnThisThread()
        CTesseractMemory_setLoadingWithoutLegacyModel(lstmOnly ? 1 : 0)
        let status = TessBaseAPIInit3(handle, nil, list)
        CTesseractMemory_setLoadingWithoutLegacyModel(0)
        // Only in a program that exports CTesseractMemory's `LoadUniversal`.
        skippedUniversalAmbiguities = CTesseractMemory_skippedUniversalAmbiguitiesOnThisThread() > skippedBefore
        let beforeDropping = HeapMemory.inUse()
        droppedLegacyTemplates = status == 0 && !keepsLegacyTemplates
            && CTesseractMemory_dropAdaptiveTemplates(UnsafeMutableRawPointer(handle)) == 1
        droppedTemplateBytes = droppedLegacyTemplates ? max(0, beforeDropping - HeapMemory.inUse()) : 0
        loadedBytes = max(0, HeapMemory.inUse() - beforeLoading)
        // When every language fails, Tesseract still lists them as loaded, and only the status
        // tells: then the data files say which are missing.
        let loaded = status == 0 ? Set(loadedLanguages()) : TesseractData.installedLanguages(environment: environment)
        let missing = languages.filter { !loaded.contains($0) }
        // Every stored property is set, so throwing from here on runs `deinit`, which frees the handle.
        if !missing.isEmpty { throw .languagesNotInstalled(missing) }
        guard status == 0 else { throw .initializationFailed(list) }
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(pageSegmentationMode)))
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    private func loadedLanguages() -> [String] {
        guard let vector = TessBaseAPIGetLoadedLanguagesAsVector(handle) else { return [] }
        defer { TessDeleteTextArray(vector) }
        var names: [String] = []
        var index = 0
        while let name = vector[index] {
            names.append(String(cString: name))
            index += 1
        }
        return names
    }

    /// Reads one page as it is, without preparation: its lines and paragraphs, with boxes,
    /// confidences and words.
    /// Whether `word` is in the word list of this handle's first language.
    package func isValidWord(_ word: String) -> Bool {
        TessBaseAPIIsValidWord(handle, word) != 0
    }

    public func recognize(_ page: PageImage) throws(OCRError) -> RecognizedPage {
        try recognize(pix: page.pix, pageSegmentationMode: pageSegmentationMode)
    }

    /// Reads a prepared image with the given page segmentation mode.
    package func recognize(_ image: LeptonicaImage, pageSegmentationMode mode: Int) throws(OCRError) -> RecognizedPage {
        try recognize(pix: image.pix, pageSegmentationMode: mode)
    }

    private func recognize(pix: UnsafeMutablePointer<PIX>, pageSegmentationMode mode: Int) throws(OCRError) -> RecognizedPage {
        OpenMPLimiter.limitCurrentThread()
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(mode)))
        TessBaseAPISetImage2(handle, pix)
        defer { TessBaseAPIClear(handle) }
        return try recognizeCurrentImage()
    }

    /// Reads the image set on the handle, with the layout already found for it if there is one.
    func recognizeCurrentImage() throws(OCRError) -> RecognizedPage {
        guard TessBaseAPIRecognize(handle, nil) == 0 else { throw .recognitionFailed }
        guard let iterator = TessBaseAPIGetIterator(handle) else { return RecognizedPage(lines: [], paragraphs: []) }
        defer { TessResultIteratorDelete(iterator) }
        return LayoutCollector(iterator: iterator).collect()
    }
}

/// Walks a result iterator word by word and groups the words into lines and paragraphs.
struct LayoutCollector {
    let iterator: OpaquePointer
    let pageIterator: OpaquePointer

    init(iterator: OpaquePointer) {
        self.iterator = iterator
        self.pageIterator = TessResultIteratorGetPageIteratorConst(iterator)
    }

    func collect() -> RecognizedPage {
        var lines: [RecognizedBox] = []
        var paragraphs: [RecognizedBox] = []
        var currentLine: RecognizedBox?
        var currentParagraph: RecognizedBox?
        var paragraphLines: [String] = []

        func finishLine() {
            if let line = currentLine, !line.text.isEmpty {
                let pieces = LineSplitter.split(line)
                lines += pieces
                paragraphLines += pieces.map(\.text)
            }
            currentLine = nil
        }
        func finishParagraph() {
            finishLine()
            if var paragraph = currentParagraph, !paragraphLines.isEmpty {
                paragraph.text = ParagraphText.join(paragraphLines)
                paragraph.paragraph = paragraphs.count
                paragraphs.append(paragraph)
            }
            currentParagraph = nil
            paragraphLines = []
        }

        repeat {
            guard let wordRect = rect(at: RIL_WORD) else { continue }
            if TessPageIteratorIsAtBeginningOf(pageIterator, RIL_PARA) != 0 || currentParagraph == nil {
                finishParagraph()
                currentParagraph = RecognizedBox(
                    rect: rect(at: RIL_PARA) ?? wordRect, confidence: confidence(at: RIL_PARA),
                    text: "", words: [], paragraph: paragraphs.count)
            }
            if TessPageIteratorIsAtBeginningOf(pageIterator, RIL_TEXTLINE) != 0 || currentLine == nil {
                finishLine()
                currentLine = RecognizedBox(
                    rect: rect(at: RIL_TEXTLINE) ?? wordRect, confidence: confidence(at: RIL_TEXTLINE),
                    text: text(at: RIL_TEXTLINE), words: [], paragraph: paragraphs.count)
            }
            let word = RecognizedWord(rect: wordRect, confidence: confidence(at: RIL_WORD), text: text(at: RIL_WORD),
                                      readWith: TessResultIteratorWordRecognitionLanguage(iterator).map { String(cString: $0) })
            if !word.text.isEmpty {
                currentLine?.words.append(word)
                currentParagraph?.words.append(word)
            }
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        finishParagraph()
        return RecognizedPage(lines: lines, paragraphs: paragraphs)
    }

    private func rect(at level: TessPageIteratorLevel) -> PixelRect? {
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        guard TessPageIteratorBoundingBox(pageIterator, level, &left, &top, &right, &bottom) != 0 else { return nil }
        return PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
    }

    private func confidence(at level: TessPageIteratorLevel) -> Double {
        Double(TessResultIteratorConfidence(iterator, level))
    }

    private func text(at level: TessPageIteratorLevel) -> String {
        guard let pointer = TessResultIteratorGetUTF8Text(iterator, level) else { return "" }
        defer { TessDeleteText(pointer) }
        return String(cString: pointer).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
