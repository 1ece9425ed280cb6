import TranslateModel
/// A local language detector for the languages in `Language`, built on a model compiled into
/// the library (no files, no network).
///
/// It works in two steps, as the best detectors do:
/// 1. The writing system decides when only one candidate language uses it: Hangul → ko,
///    kana → ja, Thai → th, Devanagari → hi, Cyrillic → ru. Text in Han characters alone goes
///    to `HanScorer` (zh-CN / zh-TW / ja). When scripts mix, the one with the most weight wins
///    (see `WritingScript.weight`); URLs and e-mail addresses are ignored.
/// 2. Latin-script text goes to `LatinScorer`: known words (with frequencies for the common
///    ones) and character n-grams for en, vi, id, de, es, it, fr, pt.
///
/// Text with no letters, or a single Latin letter, is unknown. The value is cheap to copy
/// and safe to use from any number of threads at once; the model is decoded once, lazily.
///
/// ```swift
/// let detector = OfflineLanguageDetector()                          // all languages
/// let guess = detector.detect("Bonjour tout le monde")             // fr, confidence ≈ 1
/// let latin = OfflineLanguageDetector(candidates: [.english, .german])
/// ```
public struct OfflineLanguageDetector: LanguageDetector {
    /// The languages this detector may answer.
    public let candidates: Set<Language>
    let model: LanguageModel
    let parameters: LanguageDetectionParameters

    /// A detector restricted to `candidates` (by default every language in `Language`).
    public init(candidates: Set<Language> = Set(Language.allCases)) {
        self.init(candidates: candidates, model: .shared)
    }

    init(candidates: Set<Language>, model: LanguageModel, parameters: LanguageDetectionParameters = .standard) {
        self.candidates = candidates
        self.model = model
        self.parameters = parameters
    }

    /// Decodes the built-in model now rather than on the first `detect` call, and returns how
    /// long that took in seconds (0 when it was already loaded).
    @discardableResult
    public static func preload() -> Double {
        let start = ContinuousClock.now
        _ = LanguageModel.shared
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    public func detect(_ text: String) -> LanguageGuess {
        let profile = ScriptProfile(text)
        guard let script = profile.dominantScript() else { return .unknown }
        switch script {
        case .hangul: return single(.korean)
        case .thai: return single(.thai)
        case .devanagari: return single(.hindi)
        case .cyrillic: return single(.russian)
        case .kana: return single(.japanese)
        case .han: return detectHan(profile.hanScalars)
        case .latin: return detectLatin(profile.latinText)
        case .other: return .unknown
        }
    }

    private func single(_ language: Language) -> LanguageGuess {
        candidates.contains(language)
            ? LanguageGuess(language: language, confidence: 1, ranking: [LanguageScore(language: language, confidence: 1)])
            : .unknown
    }

    private func detectHan(_ scalars: [UInt32]) -> LanguageGuess {
        let scores = HanScorer(model: model, parameters: parameters).scores(scalars)
        let pairs = zip(HanScorer.languages, scores).filter { candidates.contains($0.0) }
        return pairs.isEmpty ? .unknown : LanguageGuess(logScores: pairs.map { ($0.0, $0.1) })
    }

    private func detectLatin(_ text: String) -> LanguageGuess {
        let words = Tokenizer.words(text).filter { word in word.allSatisfy { WritingScript.of(Unicode.Scalar($0)!) == .latin } }
        let letters = words.reduce(0) { $0 + $1.count }
        guard letters >= 2 else { return .unknown }
        let allowed = model.latinLanguages.map { candidates.contains($0) }
        guard allowed.contains(true) else { return .unknown }
        let scores = LatinScorer(model: model, parameters: parameters).scores(words, allowed: allowed)
        let pairs = zip(model.latinLanguages, scores).filter { candidates.contains($0.0) }
            .map { language, score in (language, language == .catalan ? score + parameters.catalanPrior : score) }
        return LanguageGuess(logScores: pairs.map { ($0.0, $0.1) })
    }
}

/// How much of each writing system a text holds.
struct ScriptProfile {
    var weights = [Double](repeating: 0, count: WritingScript.allCases.count)
    var hanScalars: [UInt32] = []
    var latinText = ""

    init(_ text: String) {
        for chunk in text.split(whereSeparator: { $0.isWhitespace }) {
            let isAddress = Tokenizer.isAddress(chunk)
            var latinChunk = false
            for scalar in chunk.unicodeScalars {
                guard let script = WritingScript.of(scalar) else { continue }
                if script == .latin {
                    if isAddress { continue }
                    latinChunk = true
                }
                weights[script.rawValue] += script.weight
                if script == .han { hanScalars.append(scalar.value) }
            }
            if latinChunk {
                latinText += chunk
                latinText += " "
            }
        }
    }

    /// The script that decides the language, or nil when the text has no letters.
    func dominantScript() -> WritingScript? {
        let hangul = weights[WritingScript.hangul.rawValue]
        let kana = weights[WritingScript.kana.rawValue]
        let han = weights[WritingScript.han.rawValue]
        // Han characters count for Korean (hanja) or Japanese (kanji) when those scripts lead.
        var grouped: [(WritingScript, Double)] = [
            (.latin, weights[WritingScript.latin.rawValue]),
            (.cyrillic, weights[WritingScript.cyrillic.rawValue]),
            (.thai, weights[WritingScript.thai.rawValue]),
            (.devanagari, weights[WritingScript.devanagari.rawValue]),
            (.other, weights[WritingScript.other.rawValue]),
        ]
        if hangul > 0 && hangul >= kana {
            grouped.append((.hangul, hangul + han))
        } else if kana > 0 && kana * 10 >= han {
            grouped.append((.kana, kana + han))
        } else {
            grouped.append((.han, han + kana))
        }
        guard let best = grouped.max(by: { $0.1 < $1.1 }), best.1 > 0 else { return nil }
        return best.0
    }
}
