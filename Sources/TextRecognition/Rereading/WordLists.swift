import TesseractReading

/// The word lists of Tesseract's data, for a rule that chooses boxes by their words.
protocol WordLists {
    /// Whether `data`'s word list has any of `words`; false when the data is not installed.
    func containsAny(of words: [String], data: TesseractData) -> Bool
}

extension EngineCache: WordLists {
    /// The handle is borrowed only when there are words to look up.
    func containsAny(of words: [String], data: TesseractData) -> Bool {
        guard !words.isEmpty else { return false }
        return (try? withEngine(data) { engine in words.contains(where: engine.isValidWord) }) == true
    }
}
