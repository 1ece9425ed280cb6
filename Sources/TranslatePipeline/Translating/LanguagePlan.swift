import LanguageDetection
import TranslateModel

/// How the boxes of a page get their languages.
public struct LanguagePlan: Sendable {
    /// `--from`: every box is in this language.
    public var forced: Language?
    /// `--detect papago`: one answer for the whole page.
    public var pageDetector: PageLanguageDetector?
    /// The offline detector, box by box.
    public var boxes: OfflineBoxLanguages

    public init(forced: Language? = nil, pageDetector: PageLanguageDetector? = nil, detector: any LanguageDetector = OfflineLanguageDetector()) {
        self.forced = forced
        self.pageDetector = pageDetector
        self.boxes = OfflineBoxLanguages(detector: detector)
    }

    /// Whether recognition that reads boxes again in their own languages, given `boxes`, leaves
    /// every box with the language this plan gives it: so when neither `--from` nor a page
    /// detection overrides them. Then languages are decided once, while reading.
    public var decidedWhileReading: Bool {
        forced == nil && pageDetector == nil
    }

    /// Sets the page's box languages and its source; a failed page detection is returned.
    public func assign(_ result: inout ImageResult) -> Error? {
        var forced = self.forced
        if forced == nil, let pageDetector {
            let text = result.boxes.map(\.text).filter { $0.contains(where: \.isLetter) }.joined(separator: "\n")
            if !text.isEmpty {
                do {
                    forced = try pageDetector.detectPage(text)
                } catch {
                    return error
                }
            }
        }
        boxes.assign(&result, forced: forced)
        return nil
    }
}
