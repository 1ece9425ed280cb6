import TesseractReading
import TranslateModel

/// Choosing the Tesseract data of a page that the first data read poorly.
extension PageReadingPolicy.Pass {
    /// The page `first` read with the data of the script orientation detection sees on it (judged
    /// on the prepared page, where small text is enlarged); when that names no script or does not
    /// help, which is common on short UI text (Thai taken for Latin), every other script's data
    /// gets one try if `fallbacks` is set. The best reading wins.
    func readInOtherScripts(_ first: PageReading, orientation found: OrientationDetector.Finding?,
                            fallbacks: Bool, notes: inout [PreparationStep]) throws(Stop) -> PageReading {
        // Nothing found on the page: other data would not find the text that layout analysis missed.
        guard !first.page.lines.isEmpty else { return first }
        var best = first
        let script = try finding(first.variant)?.script ?? found?.script
        let named = script.flatMap(ScriptLanguages.data(forScript:)) ?? []
        for data in named where data != first.data {
            guard let candidate = try reading(first.variant, data) else { continue }
            if score(candidate) > score(best) {
                best = candidate
                best.report = first.report
                best.languageChoice = .script(data: data.description, script: script ?? "",
                                              confidence: candidate.confidence, against: first.confidence)
            }
        }
        if fallbacks, !ReadingPolicy.isSettled(best.score) {
            for data in ScriptLanguages.fallbacks where !named.contains(data) && data != first.data {
                guard !ReadingPolicy.isSettled(best.score), let candidate = try reading(first.variant, data) else { continue }
                if ReadingPolicy.takesFallback(candidate.score, over: best.score) {
                    best = candidate
                    best.report = first.report
                    best.languageChoice = .afterOtherScripts(data: data.description,
                                                             confidence: candidate.confidence, against: first.confidence)
                }
            }
        }
        if HanDataChoice.family.contains(best.data) {
            best = try chooseHanData(best, first: first)
        }
        if best.data == first.data { notes.append(.otherScriptsDidNotHelp) }
        return best
    }

    /// A reading's confidence, with a bonus when the language detector places its text in the
    /// language of the data that read it.
    private func score(_ reading: PageReading) -> Double {
        let own = Language.allCases.first { $0.tesseractName == reading.data.leading }
        let agrees = own != nil && detect(reading).language == own
        return reading.confidence + (agrees ? tuning.agreementBonus : 0)
    }

    /// `best` was read with one of the Han data; reads `first`'s image with the others too (until
    /// `jpn` found kana; `jpn` not at all when a Chinese data's reading rules Japanese out, nor
    /// `chi_tra` when the `chi_sim` reading rules Traditional out, nor `chi_sim` when a sample of
    /// the `chi_tra` reading rules Simplified out) and keeps the one `HanDataChoice` picks (kana
    /// mean Japanese, else the surer Chinese data).
    func chooseHanData(_ best: PageReading, first: PageReading) throws(Stop) -> PageReading {
        var readings = [best]
        var simplifiedForms: Double?
        var traditionalSample: (traditional: Double, simplified: Double, lines: Int)?
        for data in HanDataChoice.family where data != best.data {
            if readings.contains(where: { $0.data == .japanese && HanDataChoice.isJapanese($0.page.lines.map(\.text).joined()) }) {
                break
            }
            if data == .japanese, readings.contains(where: { HanDataChoice.rulesOutJapanese(Self.hanCandidate($0)) }) {
                continue
            }
            if data == .traditionalChinese,
               let confidence = readings.lazy.compactMap({ HanDataChoice.simplifiedFormsRulingOutTraditional(Self.hanCandidate($0)) }).first {
                simplifiedForms = confidence
                continue
            }
            if data == .simplifiedChinese, let traditional = readings.first(where: { $0.data == .traditionalChinese }),
               let sample = try sampleRulingOutSimplified(traditional) {
                traditionalSample = sample
                continue
            }
            guard let other = try reading(first.variant, data) else { continue }
            readings.append(other)
        }
        let candidates = readings.map(Self.hanCandidate)
        guard let index = HanDataChoice.choose(candidates) else { return best }
        var chosen = readings[index]
        chosen.report = first.report
        chosen.languageChoice = .hanText(PreparationStep.HanChoice(
            data: chosen.data.description,
            compared: candidates.map { .init(data: $0.data.description, confidence: $0.hanConfidence) },
            kanaShare: candidates.first { $0.data == .japanese }.map { HanDataChoice.kanaShare(of: $0.text) },
            simplifiedForms: simplifiedForms,
            traditionalSample: traditionalSample.map { .init(lines: $0.lines, traditional: $0.traditional, simplified: $0.simplified) }))
        return chosen
    }

    /// The sample of `traditional`, a `chi_tra` reading, read line by line with `chi_sim`; its two
    /// confidences when it rules Simplified out, else nil.
    private func sampleRulingOutSimplified(_ traditional: PageReading) throws(Stop) -> (traditional: Double, simplified: Double, lines: Int)? {
        let request = ReadingRequest(variant: traditional.variant, data: traditional.data)
        guard let found = evidence.hanSamples[request] else { throw Stop(step: .readHanSample(request)) }
        guard let sample = found else { return nil }
        let lines = traditional.page.lines
        let traditionalWords = HanDataChoice.Candidate(data: .traditionalChinese,
                                                       words: sample.lines.flatMap { lines[$0].words.map { ($0.text, $0.confidence) } })
        let simplifiedWords = HanDataChoice.Candidate(data: .simplifiedChinese,
                                                      words: sample.simplifiedWords.map { ($0.text, $0.confidence) })
        guard HanDataChoice.sampleRulesOutSimplified(traditional: traditionalWords, simplified: simplifiedWords) else { return nil }
        return (traditionalWords.hanConfidence, simplifiedWords.hanConfidence, sample.lines.count)
    }

    private static func hanCandidate(_ reading: PageReading) -> HanDataChoice.Candidate {
        HanDataChoice.Candidate(data: reading.data, words: reading.page.lines.flatMap(\.words).map { ($0.text, $0.confidence) })
    }
}
