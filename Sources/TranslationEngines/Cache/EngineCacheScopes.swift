import Foundation
import TranslateModel

extension PapagoTranslator: TranslationCacheScoping, RequestCounting {
    /// The translation URL (user name and password removed, should the endpoint hold any) and
    /// the options sent with every request. Never the credentials.
    public var cacheScope: TranslationCacheScope {
        let credentials = client.credentials
        var options: [String] = []
        if let honorific = self.options.honorific { options.append("honorific=\(honorific)") }
        if let glossary = self.options.glossaryKey { options.append("glossaryKey=\(glossary)") }
        return TranslationCacheScope(engine: engine,
                                     endpoint: Self.withoutUserInfo(credentials.endpoint) + credentials.dialect.translationPath,
                                     options: options.joined(separator: "&"))
    }

    public var requestsSent: Int { client.requestCounter.value }

    static func withoutUserInfo(_ url: String) -> String {
        var trimmed = url
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard var components = URLComponents(string: trimmed), components.user != nil || components.password != nil else {
            return trimmed
        }
        components.user = nil
        components.password = nil
        return components.string ?? trimmed
    }
}

extension ApertiumTranslator: TranslationCacheScoping {
    /// The engine's executable: the pair is in the key's source and target. The options name
    /// how texts are set apart for the engine, so that translations cached while neighbouring
    /// texts could swap words (a single line break between them) are not used again.
    public var cacheScope: TranslationCacheScope {
        TranslationCacheScope(engine: engine, endpoint: executable, options: "texts=blank-line")
    }
}
