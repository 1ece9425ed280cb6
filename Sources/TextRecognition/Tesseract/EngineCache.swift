import TranslateModel
/// The Tesseract handles one worker has loaded for other languages, by language list, loaded
/// on first use and kept for the next page.
///
/// A handle holds 20–60 MB of language data, so only the four most recently used are kept: a
/// Han page needs `jpn`, `chi_sim` and `chi_tra` to choose among them, and often `eng` for its
/// Latin boxes, while a folder of pages in many languages would otherwise grow every worker by
/// a handle per language. On the 109 rendered screenshots in 11 languages, keeping four peaked
/// at 558 MB (67 s) against 493 MB (73 s) keeping one, with two workers.
/// Owned by one worker thread, like the handles in it.
final class EngineCache {
    /// Handles kept at most; the least recently used goes first.
    static let capacity = 4

    private var engines: [(key: String, engine: TesseractEngine)] = []
    /// Language lists that failed to load, so they are not tried again for every box.
    private var unavailable: Set<String> = []
    private let pageSegmentationMode: Int

    init(pageSegmentationMode: Int) {
        self.pageSegmentationMode = pageSegmentationMode
    }

    /// The handle for `languages`, or nil when their traineddata is not installed.
    func engine(for languages: [String]) -> TesseractEngine? {
        let key = languages.joined(separator: "+")
        if let index = engines.firstIndex(where: { $0.key == key }) {
            let entry = engines.remove(at: index)
            engines.append(entry)
            return entry.engine
        }
        guard !unavailable.contains(key) else { return nil }
        guard let engine = try? TesseractEngine(languages: languages, pageSegmentationMode: pageSegmentationMode) else {
            unavailable.insert(key)
            return nil
        }
        if engines.count >= Self.capacity { engines.removeFirst() }
        engines.append((key, engine))
        return engine
    }
}
