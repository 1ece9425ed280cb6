import TranslateModel
/// Tells Simplified Chinese, Traditional Chinese and Japanese apart on text written in Han
/// characters only.
///
/// Each character is checked against the repertoire of each language (zh-CN: the Tongyong
/// Guifan table and GB 2312 minus traditional forms; zh-TW: Big5; ja: JIS X 0208, Joyo and
/// Jinmeiyo kanji, from Unihan). A character outside a language's repertoire, such as 这 for
/// zh-TW, 國 for zh-CN or 駅 and 図 (Japanese shinjitai) for both, costs that language
/// `hanOutsidePenalty`. Characters that all three share are weighed by their frequency in
/// each language's word list, damped by `hanFrequencyWeight` because those lists differ in
/// size and count word types, not running text; the priors favour Simplified Chinese, the
/// most common case. The weights are in `LanguageDetectionParameters`.
struct HanScorer: Sendable {
    let model: LanguageModel
    let parameters: LanguageDetectionParameters

    static let languages: [Language] = [.chineseSimplified, .chineseTraditional, .japanese]

    /// Log-likelihood per language of `HanScorer.languages`.
    func scores(_ scalars: [UInt32]) -> [Double] {
        var totals = parameters.hanPriors
        let outsidePenalty = parameters.hanOutsidePenalty
        let frequencyWeight = parameters.hanFrequencyWeight
        for scalar in scalars {
            guard let index = model.hanIndex(scalar) else {
                for i in 0..<3 { totals[i] += parameters.hanUnknownCharacter }
                continue
            }
            let flags = model.hanInfo[index * 4]
            for i in 0..<3 {
                totals[i] += frequencyWeight * LanguageModel.logProbability(model.hanInfo[index * 4 + 1 + i])
                if flags & (1 << UInt8(i)) == 0 { totals[i] += outsidePenalty }
            }
        }
        return totals
    }
}
