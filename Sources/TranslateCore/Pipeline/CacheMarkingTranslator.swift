import Synchronization

/// Wraps the run's translator for one page and remembers, per text, whether its translation
/// came from the cache, so that each box's `cached` field can be filled in afterwards.
final class CacheMarkingTranslator: Translator {
    let inner: Translator
    private let marks = Mutex<[String: Bool]>([:])

    init(_ inner: Translator) {
        self.inner = inner
    }

    var engine: String { inner.engine }
    var sourceLanguages: Set<Language>? { inner.sourceLanguages }

    func translate(_ texts: [String], from source: Language?, to target: Language) throws -> [TranslatedText] {
        let translated = try inner.translate(texts, from: source, to: target)
        marks.withLock { marks in
            for (text, translation) in zip(texts, translated) {
                // A text sent twice counts as cached only if both came from the cache.
                marks[text] = (marks[text] ?? true) && translation.cached
            }
        }
        return translated
    }

    /// Sets `cached` on every translated box: true when its text came from the cache.
    func mark(_ result: inout ImageResult) {
        let marks = self.marks.withLock { $0 }
        for index in result.boxes.indices where result.boxes[index].translation != nil {
            result.boxes[index].cached = marks[result.boxes[index].text] ?? false
        }
    }
}
