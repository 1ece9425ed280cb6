import TranslateModel
/// The JSON form of an image result, shared by the `json` and `jsonl` formats.
enum ImageResultJSON {
    static func encode(_ result: ImageResult) -> String {
        JSONText.object([
            ("file", JSONText.string(result.file)),
            ("page", String(result.page)),
            ("width", JSONText.optionalInt(result.width)),
            ("height", JSONText.optionalInt(result.height)),
            ("source", JSONText.optionalString(result.source?.code)),
            ("target", JSONText.optionalString(result.target?.code)),
            ("engine", JSONText.optionalString(result.engine)),
            ("boxes", JSONText.array(result.boxes.map(encode))),
            ("error", result.error.map(encode) ?? "null"),
        ])
    }

    private static func encode(_ box: BoxResult) -> String {
        var fields = [
            ("id", String(box.id)),
            ("x", String(box.rect.x)),
            ("y", String(box.rect.y)),
            ("width", String(box.rect.width)),
            ("height", String(box.rect.height)),
            ("confidence", JSONText.number(box.confidence)),
            ("language", JSONText.optionalString(box.language?.code)),
            ("text", JSONText.string(box.text)),
            ("translation", JSONText.optionalString(box.translation)),
            ("pivot", JSONText.optionalString(box.pivot?.code)),
            ("cached", box.cached.map { $0 ? "true" : "false" } ?? "null"),
            ("unit", JSONText.optionalInt(box.unit)),
            ("unitTranslation", JSONText.optionalString(box.unitTranslation)),
            ("paragraph", String(box.paragraph)),
            ("words", JSONText.array(box.words.map(encode))),
        ]
        // Only boxes that are not upright rectangles have one, so other results read as before.
        if let polygon = box.polygon {
            fields.append(("polygon", JSONText.array(polygon.map { "[\($0.x), \($0.y)]" })))
        }
        // Only boxes left untranslated say why, so translated ones read as before.
        if let reason = box.untranslated {
            fields.append(("untranslated", JSONText.string(reason.rawValue)))
        }
        return JSONText.object(fields)
    }

    private static func encode(_ word: RecognizedWord) -> String {
        JSONText.object([
            ("x", String(word.rect.x)),
            ("y", String(word.rect.y)),
            ("width", String(word.rect.width)),
            ("height", String(word.rect.height)),
            ("confidence", JSONText.number(word.confidence)),
            ("text", JSONText.string(word.text)),
        ])
    }

    private static func encode(_ error: ResultError) -> String {
        JSONText.object([("code", JSONText.string(error.code)), ("message", JSONText.string(error.message))])
    }
}

/// `json`: one array for the whole run, streamed one element per line so that memory stays flat.
public final class JSONRenderer: ResultRenderer {
    private var wroteFirst = false

    public init() {}

    public func begin(into sink: TextSink) {
        sink.write("[")
    }

    public func render(_ results: [ImageResult], into sink: TextSink) {
        for result in results {
            sink.write((wroteFirst ? ",\n" : "\n") + ImageResultJSON.encode(result))
            wroteFirst = true
        }
    }

    public func finish(into sink: TextSink) {
        sink.write(wroteFirst ? "\n]\n" : "]\n")
    }
}

/// `jsonl`: one complete JSON object per line, written as soon as its image is done.
public final class JSONLinesRenderer: ResultRenderer {
    public init() {}

    public func render(_ results: [ImageResult], into sink: TextSink) {
        sink.write(results.map { ImageResultJSON.encode($0) + "\n" }.joined())
    }
}
