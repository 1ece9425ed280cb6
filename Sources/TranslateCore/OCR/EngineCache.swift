/// The Tesseract handles one worker has loaded for other languages, by language list, loaded
/// on first use and kept for the next page.
///
/// A handle holds 20–60 MB of language data, so only the most recently used one is kept: a
/// folder of pages in many languages would otherwise grow every worker by a handle per language
/// (200 screenshots: peak 273 MB keeping two, 235 MB keeping one, and no slower).
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
