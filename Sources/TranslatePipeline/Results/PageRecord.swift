import Foundation
import TranslateModel

/// One finished page of a document as its page log keeps it (`PageLog`): everything its
/// result file shows of it, numbers to the last bit (the output formats round confidences,
/// and a table rounds them again), so that the file written from the log is the one a run
/// that was never interrupted writes.
struct PageRecord: Codable, Equatable {
    /// The document's pages: a log kept for a document with another number is not resumed.
    var pageCount: Int
    var file: String
    var page: Int
    var width: Int?
    var height: Int?
    var source: String?
    var target: String?
    var engine: String?
    var boxes: [Box]
    var error: Failure?
    /// What only the page's pixels could render (`OutputFormat.drawnPart`), which are not kept.
    var drawn: String?

    struct Box: Codable, Equatable {
        var id: Int
        var rect: Rect
        var confidence: Double
        var language: String?
        var text: String
        var translation: String?
        var pivot: String?
        var cached: Bool?
        var paragraph: Int
        var words: [Word]
        var polygon: [[Int]]?
        var unit: Int?
        var unitTranslation: String?
        var untranslated: String?
    }

    struct Word: Codable, Equatable {
        var rect: Rect
        var confidence: Double
        var text: String
        var readWith: String?
    }

    struct Rect: Codable, Equatable {
        var x, y, width, height: Int
    }

    struct Failure: Codable, Equatable {
        var code: String
        var message: String
        var runWide: Bool
    }

    init(_ result: ImageResult, pageCount: Int, drawn: String? = nil) {
        self.pageCount = pageCount
        file = result.file
        page = result.page
        width = result.width
        height = result.height
        source = result.source?.rawValue
        target = result.target?.rawValue
        engine = result.engine
        boxes = result.boxes.map { box in
            Box(id: box.id, rect: Rect(box.rect), confidence: box.confidence, language: box.language?.rawValue, text: box.text,
                translation: box.translation, pivot: box.pivot?.rawValue, cached: box.cached, paragraph: box.paragraph,
                words: box.words.map { Word(rect: Rect($0.rect), confidence: $0.confidence, text: $0.text, readWith: $0.readWith) },
                polygon: box.polygon?.map { [$0.x, $0.y] }, unit: box.unit, unitTranslation: box.unitTranslation,
                untranslated: box.untranslated?.rawValue)
        }
        error = result.error.map { Failure(code: $0.code, message: $0.message, runWide: $0.runWide) }
        self.drawn = drawn
    }

    /// The page's result, as it was before it was kept (without its pixels and preparation report).
    var result: ImageResult {
        var result = ImageResult(file: file, page: page, width: width, height: height, source: source.flatMap(Language.init(rawValue:)),
                                 target: target.flatMap(Language.init(rawValue:)), engine: engine)
        result.boxes = boxes.map { box in
            BoxResult(id: box.id, rect: box.rect.pixels, confidence: box.confidence, language: box.language.flatMap(Language.init(rawValue:)),
                      text: box.text, translation: box.translation, pivot: box.pivot.flatMap(Language.init(rawValue:)), cached: box.cached,
                      paragraph: box.paragraph,
                      words: box.words.map { RecognizedWord(rect: $0.rect.pixels, confidence: $0.confidence, text: $0.text, readWith: $0.readWith) },
                      polygon: box.polygon?.compactMap { $0.count == 2 ? PixelPoint(x: $0[0], y: $0[1]) : nil },
                      unit: box.unit, unitTranslation: box.unitTranslation,
                      untranslated: box.untranslated.flatMap(UntranslatedReason.init(rawValue:)))
        }
        result.error = error.map { ResultError(code: $0.code, message: $0.message, runWide: $0.runWide) }
        return result
    }
}

extension PageRecord.Rect {
    init(_ rect: PixelRect) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    var pixels: PixelRect { PixelRect(x: x, y: y, width: width, height: height) }
}
