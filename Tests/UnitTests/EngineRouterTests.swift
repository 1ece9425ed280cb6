import Testing
@testable import TranslateModel
@testable import TranslationEngines

/// Which engine the router hands each pair to.
@Suite struct EngineRouterTests {
    /// Answers with its own name, so the test sees who translated.
    struct Named: Translator {
        let engine: String
        var sourceLanguages: Set<Language>?
        var targetLanguages: Set<Language>?
        func translate(_ texts: [String], from source: Language?, to target: Language) throws -> [TranslatedText] {
            texts.map { TranslatedText(text: "\(engine):\(source?.code ?? "auto"):\($0)", source: source) }
        }
    }

    private func router() throws -> EngineRouter {
        let papago = Named(engine: "papago", sourceLanguages: [.korean, .english, .spanish], targetLanguages: [.korean, .english, .spanish])
        let apertium = Named(engine: "apertium")
        let pairs = try ["cat-eng", "spa-eng", "eng-cat"].map { try #require(ApertiumPair(mode: $0)) }
        return EngineRouter(primary: CachingTranslator(papago, store: MemoryTranslationStore()),
                            offline: CachingTranslator(apertium, store: MemoryTranslationStore()), offlinePairs: pairs)
    }

    @Test func eachPairGoesToTheEngineThatHasIt() throws {
        let router = try router()
        // Papago's pairs stay Papago's, even where Apertium has them too.
        #expect(try router.translate(["hola"], from: .spanish, to: .english).first?.text == "papago:es:hola")
        #expect(router.engine(for: .spanish, to: .english) == "papago")
        // Catalan, which Papago lacks, goes to Apertium's pair; into Catalan too.
        #expect(try router.translate(["gràcies"], from: .catalan, to: .english).first?.text == "apertium:ca:gràcies")
        #expect(router.engine(for: .catalan, to: .english) == "apertium")
        #expect(try router.translate(["thanks"], from: .english, to: .catalan).first?.text == "apertium:en:thanks")
        // No Apertium pair either: Papago's own detection; no language known: Papago.
        #expect(try router.translate(["gràcies"], from: .catalan, to: .korean).first?.text == "papago:auto:gràcies")
        #expect(try router.translate(["?"], from: nil, to: .english).first?.text == "papago:auto:?")
        // Both engines' languages count.
        #expect(router.sourceLanguages?.contains(.catalan) == true && router.targetLanguages?.contains(.catalan) == true)
    }
}
