/// The scoring weights of `OfflineLanguageDetector`, settable for experiments.
///
/// `standard` holds the values the detector uses; only the benchmark executable
/// (`langid-bench`, see bench/langid/tune.py) builds others. The weights that are baked into
/// the model data (how much each word source counts, the accent-folded variants, the corpus
/// share) are set in scripts/langid/generate_model.py instead. `ngramShare` and
/// `backoffPenalty` were picked on half of the benchmark lines by bench/langid/tune.py.
struct LanguageDetectionParameters: Sendable, Equatable {
    /// The character n-gram model's share of each Latin word's probability mixture.
    var ngramShare = 0.1
    /// Stupid backoff's factor for each shorter n-gram context (a probability, not a log).
    var backoffPenalty = 0.5
    /// Log priors of zh-CN, zh-TW and ja for text in Han characters only.
    var hanPriors = [0.0, -1.5, -2.5]
    /// Log cost of a Han character outside a language's repertoire.
    var hanOutsidePenalty = -8.0
    /// Damping of the Han characters' word-list frequencies.
    var hanFrequencyWeight = 0.5
    /// Score of a Han character the model does not know at all, for every language.
    var hanUnknownCharacter = -12.0
    /// Log prior of Catalan in Latin-script text, for experiments: a Catalan word list makes
    /// some Spanish, French and Portuguese single words look Catalan, but a penalty cost Catalan
    /// more than it gave the others, so none is applied (bench/langid/catalan.py --tune).
    var catalanPrior = 0.0

    /// The weights the detector uses.
    static let standard = LanguageDetectionParameters()
}
