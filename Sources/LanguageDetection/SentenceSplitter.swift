import TranslateModel
/// Splits a box whose sentences are in different languages, so each part is translated from
/// its own language: a page that mixes languages (a multilingual notice, a phrase book) often
/// ends one language's sentence and starts another's on the same line ("…faulen Hund. Le
/// renard brun").
///
/// Only boxes of space-separated words are split, at a sentence end (". ", "! ", "? "),
/// when the detector is sure of both sides and they differ; the parts' rectangles come from
/// their words.
enum SentenceSplitter {
    /// How sure the detector must be of each side; a single word can be that clear ("paresseux.").
    static let requiredConfidence = 0.9

    static func split(_ result: inout ImageResult, detector: LanguageDetector) {
        var boxes: [BoxResult] = []
        for box in result.boxes {
            boxes += split(box, detector: detector)
        }
        for index in boxes.indices { boxes[index].id = index }
        result.boxes = boxes
    }

    static func split(_ box: BoxResult, detector: LanguageDetector) -> [BoxResult] {
        let words = box.words
        // Word texts must rebuild the box text, which holds for space-separated scripts only.
        guard words.count >= 2, words.map(\.text).joined(separator: " ") == box.text else { return [box] }
        for end in 0..<(words.count - 1) {
            guard let last = words[end].text.last, ".!?".contains(last) else { continue }
            let head = Array(words[...end]), tail = Array(words[(end + 1)...])
            let first = detector.detect(head.map(\.text).joined(separator: " "))
            let second = detector.detect(tail.map(\.text).joined(separator: " "))
            guard let firstLanguage = first.language, let secondLanguage = second.language, firstLanguage != secondLanguage,
                  first.confidence >= requiredConfidence, second.confidence >= requiredConfidence else { continue }
            return [part(of: box, words: head)] + split(part(of: box, words: tail), detector: detector)
        }
        return [box]
    }

    private static func part(of box: BoxResult, words: [RecognizedWord]) -> BoxResult {
        return BoxResult(id: box.id, rect: PixelRect.union(words.map(\.rect)) ?? box.rect,
                         confidence: words.map(\.confidence).reduce(0, +) / Double(words.count),
                         text: words.map(\.text).joined(separator: " "), paragraph: box.paragraph, words: words)
    }
}
