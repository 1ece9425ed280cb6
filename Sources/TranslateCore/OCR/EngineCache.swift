/// The Tesseract handles one worker has loaded, by language list, loaded on first use.
///
/// Owned by one worker thread, like the handles in it.
final class EngineCache {
    private var engines: [String: TesseractEngine] = [:]
    /// Language lists that failed to load, so they are not tried again for every box.
    private var unavailable: Set<String> = []
    private let pageSegmentationMode: Int

    init(pageSegmentationMode: Int) {
        self.pageSegmentationMode = pageSegmentationMode
    }

    /// The handle for `languages`, or nil when their traineddata is not installed.
    func engine(for languages: [String]) -> TesseractEngine? {
        let key = languages.joined(separator: "+")
        if let engine = engines[key] { return engine }
        guard !unavailable.contains(key) else { return nil }
        guard let engine = try? TesseractEngine(languages: languages, pageSegmentationMode: pageSegmentationMode) else {
            unavailable.insert(key)
            return nil
        }
        engines[key] = engine
        return engine
    }
}
