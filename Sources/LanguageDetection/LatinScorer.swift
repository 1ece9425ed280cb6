import Foundation
import TranslateModel

/// Scores Latin-script text against the Latin-script languages of a `LanguageModel`.
///
/// Each word's probability in a language is a mixture, as in a class-based language model:
/// (how often the word occurs, from gettext text, and whether the language's word lists hold
/// it, including its accent-folded forms; weighted in the model data) + `ngramShare` × (its
/// probability under the language's character 4-gram model with stupid backoff). The weights
/// are in `LanguageDetectionParameters`. A text's score is the sum over its words, so
/// one known word decides a single-word line and frequent function words dominate sentences.
struct LatinScorer: Sendable {
    let model: LanguageModel
    /// Log of the n-gram model's share of the mixture.
    let ngramShare: Double
    /// Log of stupid backoff's penalty for each shorter context.
    let backoffPenalty: Double

    init(model: LanguageModel, parameters: LanguageDetectionParameters) {
        self.model = model
        ngramShare = Foundation.log(parameters.ngramShare)
        backoffPenalty = Foundation.log(parameters.backoffPenalty)
    }
    /// Longest word scored character by character; longer runs are codes or junk.
    static let maxWordLength = 40
    static let maxOrder = 4

    /// Log-likelihood of `words` per Latin language, in model order; nil entries in `allowed`
    /// (false) are skipped and left at -infinity.
    func scores(_ words: [[UInt32]], allowed: [Bool]) -> [Double] {
        let n = model.latinLanguages.count
        var totals = [Double](repeating: 0, count: n)
        var wordScores = [Double](repeating: 0, count: n)
        for word in words {
            scoreWord(word, allowed: allowed, into: &wordScores)
            for i in 0..<n where allowed[i] { totals[i] += wordScores[i] }
        }
        for i in 0..<n where !allowed[i] { totals[i] = -.infinity }
        return totals
    }

    /// One word's log-probability per language.
    func scoreWord(_ word: [UInt32], allowed: [Bool], into result: inout [Double]) {
        let n = model.latinLanguages.count
        ngramScores(word, into: &result)
        let entry = model.words.find(ModelHashing.hash(word))
        for i in 0..<n where allowed[i] {
            let ngram = result[i] + ngramShare
            if let entry {
                let combo = Int(model.words.payloads[entry]) | Int(model.words.payloads[entry + 1]) << 8
                let q = model.wordCombinations[combo * n + i]
                if q != 0 {
                    result[i] = logAddExp(LanguageModel.logProbability(q), ngram)
                    continue
                }
            }
            result[i] = ngram
        }
    }

    /// The word's log-probability under each language's character n-gram model.
    func ngramScores(_ word: [UInt32], into result: inout [Double]) {
        let n = model.latinLanguages.count
        for i in 0..<n { result[i] = 0 }
        let length = min(word.count, Self.maxWordLength)
        var padded = [UInt32](repeating: 0, count: length + 2)
        padded[0] = 0x3C  // "<"
        for i in 0..<length { padded[i + 1] = word[i] }
        padded[length + 1] = 0x3E  // ">"
        let grams = model.grams
        let backoffPenalty = self.backoffPenalty
        // Payload offsets of the n-grams ending at position j, longest first.
        var found = [Int](repeating: -1, count: Self.maxOrder)
        padded.withUnsafeBufferPointer { p in
            grams.payloads.withUnsafeBufferPointer { payloads in
                for j in 1..<p.count {
                    let longest = min(j, Self.maxOrder - 1)
                    var kept = 0
                    var k = longest
                    while k >= 0 {
                        found[kept] = grams.find(ModelHashing.hash(p[(j - k)...j])) ?? -1
                        kept += 1
                        k -= 1
                    }
                    for i in 0..<n {
                        var penalty = 0.0
                        var lp = model.unseenCharacterLogProbability[i]
                        for g in 0..<kept {
                            let offset = found[g]
                            if offset >= 0 {
                                let q = payloads[offset + i]
                                if q != 0 {
                                    lp = LanguageModel.logProbability(q)
                                    break
                                }
                            }
                            if g < kept - 1 { penalty += backoffPenalty }
                        }
                        result[i] += lp + penalty
                    }
                }
            }
        }
    }
}

/// log(exp(a) + exp(b)) without overflow.
@inline(__always)
func logAddExp(_ a: Double, _ b: Double) -> Double {
    if a == -.infinity { return b }
    if b == -.infinity { return a }
    return a > b ? a + Foundation.log1p(Foundation.exp(b - a)) : b + Foundation.log1p(Foundation.exp(a - b))
}
