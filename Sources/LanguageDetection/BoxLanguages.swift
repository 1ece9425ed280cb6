import TranslateModel
/// Decides the language of every box of a page, and the page's dominant source language.
///
/// Long boxes are decided by the detector alone. Short ones ("Wi-Fi", "OK", "HomeNet-5G") fit
/// several languages about equally, so their detector ranking is weighed by what the rest of
/// the page says: the languages its confidently detected boxes are in, by letters, plus a
/// standing preference for English, the usual language of Latin-script words in screenshots
/// of other languages.
public enum BoxLanguages {
    /// A guess stands on its own, and counts as page evidence, when the detector is this sure,
    /// or fairly sure of a box of several words; anything less is weighed with the page.
    static let certainConfidence = 0.95
    static let minimumConfidence = 0.5
    static let minimumWords = 4
    /// The page prior's floor for every language, and English's extra share.
    static let priorFloor = 0.02
    static let englishPrior = 0.25

    /// `forced` (`--from`, or the page language from `--detect papago`) wins for every box.
    public static func assign(_ result: inout ImageResult, detector: LanguageDetector, forced: Language?) {
        let guesses = result.boxes.map { forced == nil ? detector.detect($0.text) : .unknown }
        let standing = zip(result.boxes, guesses).map { stands($1, wordCount: $0.text.split(separator: " ").count) }
        var evidence: [Language: Double] = [:]
        for (index, (box, guess)) in zip(result.boxes, guesses).enumerated() where standing[index] {
            if let language = guess.language {
                evidence[language, default: 0] += Double(box.text.filter(\.isLetter).count)
            }
        }
        let total = evidence.values.reduce(0, +)
        var letters: [Language: Int] = [:]
        for index in result.boxes.indices {
            let language = forced ?? (standing[index] ? guesses[index].language : reweigh(guesses[index], evidence: evidence, total: total))
            result.boxes[index].language = language
            if let language { letters[language, default: 0] += result.boxes[index].text.filter(\.isLetter).count }
        }
        result.source = forced ?? letters.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
    }

    static func stands(_ guess: LanguageGuess, wordCount: Int) -> Bool {
        guess.confidence >= certainConfidence || (guess.confidence >= minimumConfidence && wordCount >= minimumWords)
    }

    /// A doubtful guess re-ranked by the page prior.
    static func reweigh(_ guess: LanguageGuess, evidence: [Language: Double], total: Double) -> Language? {
        guard let language = guess.language else { return nil }
        func prior(_ candidate: Language) -> Double {
            priorFloor + (total > 0 ? (evidence[candidate] ?? 0) / total : 0) + (candidate == .english ? englishPrior : 0)
        }
        return guess.ranking.max { $0.confidence * prior($0.language) < $1.confidence * prior($1.language) }?.language ?? language
    }
}
