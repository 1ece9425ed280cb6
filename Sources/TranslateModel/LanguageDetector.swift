import Foundation

/// Something that tells which language a piece of text is in.
///
/// Implementations are values that can be shared by several worker threads at once; `detect`
/// does not block and keeps no state between calls.
public protocol LanguageDetector: Sendable {
    /// Guesses the language of `text`; `LanguageGuess.language` is nil when the text does not
    /// carry enough evidence (digits, punctuation, a lone letter).
    func detect(_ text: String) -> LanguageGuess
}

/// One candidate language with its share of the confidence.
public struct LanguageScore: Sendable, Equatable {
    public var language: Language
    /// Between 0 and 1; the scores of one guess add up to at most 1.
    public var confidence: Double

    public init(language: Language, confidence: Double) {
        self.language = language
        self.confidence = confidence
    }
}

/// The answer of a `LanguageDetector`.
public struct LanguageGuess: Sendable, Equatable {
    /// The most likely language, or nil for "unknown".
    public var language: Language?
    /// How sure the detector is of `language`, between 0 and 1 (0 when unknown).
    public var confidence: Double
    /// The candidates considered, most likely first (empty when unknown).
    public var ranking: [LanguageScore]

    public init(language: Language?, confidence: Double, ranking: [LanguageScore] = []) {
        self.language = language
        self.confidence = confidence
        self.ranking = ranking
    }

    /// The guess for text without enough evidence.
    public static let unknown = LanguageGuess(language: nil, confidence: 0)

    /// A guess from scores (log-likelihoods, any scale), turned into confidences with a softmax.
    package init(logScores: [(Language, Double)]) {
        guard let best = logScores.map(\.1).max() else {
            self = .unknown
            return
        }
        let weights = logScores.map { ($0.0, ($0.1 - best).isFinite ? Foundation.exp($0.1 - best) : 0) }
        let total = weights.reduce(0) { $0 + $1.1 }
        let ranking = weights
            .map { LanguageScore(language: $0.0, confidence: $0.1 / total) }
            .sorted { $0.confidence != $1.confidence ? $0.confidence > $1.confidence : $0.language < $1.language }
        self.init(language: ranking[0].language, confidence: ranking[0].confidence, ranking: ranking)
    }
}

/// Gives every box of a page its language, and the page its dominant source language.
///
/// Recognition uses it to read each box again with its own language's data; the pipeline
/// uses the same assignment for translation.
public protocol BoxLanguageAssigner: Sendable {
    /// The detector behind the assignment, for a page's text as a whole.
    var detector: any LanguageDetector { get }
    /// Splits boxes whose sentences change language and sets every box's `language` and the
    /// page's `source`.
    func assign(_ result: inout ImageResult)
}
