import TranslateModel

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
