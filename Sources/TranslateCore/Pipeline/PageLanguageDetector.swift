/// Tells the language of a whole page at once (as opposed to a `LanguageDetector`, which
/// looks at one box): used by `--detect papago`, one service request per page.
public protocol PageLanguageDetector: Sendable {
    /// The language of `text`, or nil when the detector cannot tell.
    func detectPage(_ text: String) throws -> Language?
}

/// `--detect papago`: the service's detection endpoint.
public struct PapagoPageDetector: PageLanguageDetector {
    /// Papago reads at most this many characters; the start of a page is enough to tell.
    static let maximumCharacters = 2000

    public let client: PapagoClient

    public init(client: PapagoClient) {
        self.client = client
    }

    public func detectPage(_ text: String) throws -> Language? {
        let code = try client.detectLanguage(String(text.prefix(Self.maximumCharacters)))
        return Language(code: code)
    }
}

/// How the boxes of a page get their languages.
public struct LanguagePlan: Sendable {
    /// `--from`: every box is in this language.
    public var forced: Language?
    /// `--detect papago`: one answer for the whole page.
    public var pageDetector: PageLanguageDetector?
    /// The offline detector, box by box.
    public var detector: LanguageDetector

    public init(forced: Language? = nil, pageDetector: PageLanguageDetector? = nil, detector: LanguageDetector = OfflineLanguageDetector()) {
        self.forced = forced
        self.pageDetector = pageDetector
        self.detector = detector
    }

    /// Sets the page's box languages and its source; a failed page detection is returned.
    public func assign(_ result: inout ImageResult, target: Language?) -> Error? {
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
        if forced == nil { SentenceSplitter.split(&result, detector: detector) }
        BoxLanguages.assign(&result, detector: detector, forced: forced, target: target)
        return nil
    }
}
