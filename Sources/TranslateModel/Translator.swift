/// Something that turns texts in one language into another: the Papago service, Apertium, a test fake.
///
/// Implementations take a whole group of boxes at once so that they can send as few requests
/// as possible; they return exactly one translation per input, in the same order, or throw.
/// Calls block the calling thread (each pipeline worker owns its thread).
public protocol Translator: Sendable {
    /// The engine's name as it appears in results ("papago", "apertium").
    var engine: String { get }

    /// Translates `texts` from `source` (nil: let the engine detect it) into `target`.
    func translate(_ texts: [String], from source: Language?, to target: Language) throws -> [TranslatedText]

    /// Translates `texts` as far as it can: a call that fails part way (its third request
    /// times out) still gives back the translations it received before, which were paid for.
    /// The default makes one all-or-nothing call to `translate`.
    func translations(of texts: [String], from source: Language?, to target: Language) -> TranslationOutcome

    /// The languages the engine translates from, when it is a fixed set: a box detected in
    /// another language keeps it, and is sent with no source, for the engine to detect. Nil: any
    /// language (an unsupported pair is then reported as such).
    var sourceLanguages: Set<Language>? { get }

    /// The languages the engine translates into, when it is a fixed set: a target outside it
    /// is refused before any image is read. Nil: any language.
    var targetLanguages: Set<Language>? { get }

    /// The engine that translates from `source` into `target`: `engine`, unless the translator
    /// hands some pairs to another engine.
    func engine(for source: Language?, to target: Language) -> String
}

public extension Translator {
    var sourceLanguages: Set<Language>? { nil }
    var targetLanguages: Set<Language>? { nil }
    func engine(for source: Language?, to target: Language) -> String { engine }

    func translations(of texts: [String], from source: Language?, to target: Language) -> TranslationOutcome {
        do {
            return TranslationOutcome(translations: try translate(texts, from: source, to: target))
        } catch {
            return TranslationOutcome(translations: Array(repeating: nil, count: texts.count), failure: error)
        }
    }
}

/// What one call translated, as far as it went.
public struct TranslationOutcome {
    /// One entry per text given, in order: nil where the text was not translated.
    public var translations: [TranslatedText?]
    /// Why some texts were not translated; nil when every one was.
    public var failure: (any Error)?

    public init(translations: [TranslatedText?], failure: (any Error)? = nil) {
        self.translations = translations
        self.failure = failure
    }

    /// Every translation, or the failure.
    public func get() throws -> [TranslatedText] {
        if let failure { throw failure }
        var all: [TranslatedText] = []
        for translation in translations {
            guard let translation else { throw Incomplete() }
            all.append(translation)
        }
        return all
    }

    /// A translator left texts untranslated without saying why.
    public struct Incomplete: ReportableError, Equatable {
        public var code: String { "engine_error" }
        public var description: String { "the engine returned no translation for some texts" }
    }
}

/// One translation, with where it came from.
public struct TranslatedText: Sendable, Equatable {
    public var text: String
    /// The source language the engine used (detected or given).
    public var source: Language?
    /// The pivot language, when the pair was translated in two steps.
    public var pivot: Language?
    /// True when no engine was asked for it: it came from the translation cache (or from a
    /// request another image of the same run had already sent).
    public var cached: Bool

    public init(text: String, source: Language?, pivot: Language? = nil, cached: Bool = false) {
        self.text = text
        self.source = source
        self.pivot = pivot
        self.cached = cached
    }
}
