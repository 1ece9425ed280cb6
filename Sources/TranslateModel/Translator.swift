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

    /// The languages the engine translates from, when it is a fixed set: box languages are
    /// detected among these only, so that text is never assigned a language the engine refuses.
    /// Nil: any language (an unsupported pair is then reported as such).
    var sourceLanguages: Set<Language>? { get }

    /// The languages the engine translates into, when it is a fixed set: a target outside it
    /// is refused before any image is read. Nil: any language.
    var targetLanguages: Set<Language>? { get }
}

public extension Translator {
    var sourceLanguages: Set<Language>? { nil }
    var targetLanguages: Set<Language>? { nil }
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
