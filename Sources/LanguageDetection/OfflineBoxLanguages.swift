import TranslateModel

/// Box languages decided offline, page by page: sentences in different languages are split
/// apart, then every box is detected and weighed against the rest of its page.
public struct OfflineBoxLanguages: BoxLanguageAssigner {
    public let detector: any LanguageDetector

    public init(detector: any LanguageDetector = OfflineLanguageDetector()) {
        self.detector = detector
    }

    public func assign(_ result: inout ImageResult) {
        assign(&result, forced: nil)
    }

    /// `forced` (`--from`, or one language for the whole page) wins for every box, and then no
    /// box is split.
    public func assign(_ result: inout ImageResult, forced: Language?) {
        if forced == nil { SentenceSplitter.split(&result, detector: detector) }
        BoxLanguages.assign(&result, detector: detector, forced: forced)
    }
}
