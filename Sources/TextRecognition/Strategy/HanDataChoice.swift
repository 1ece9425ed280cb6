import TesseractReading
import TranslateModel
/// Chooses among the Tesseract data that read Han text (`jpn`, `chi_sim`, `chi_tra`) from their
/// readings of one page.
///
/// Each of them reads any Han page with some confidence, and the language detector cannot
/// settle it on their output, since each data writes its own character forms. What does
/// settle it, measured on the rendered screenshots (29 Chinese and Japanese pages): Japanese
/// text read with `jpn` is full of kana (32 to 60 per page), which `jpn` almost never invents
/// on a Chinese page (at most 2); and between the two Chinese data, the one for the page's own
/// forms is the surer of the Han characters it reads. `chi_tra` is the more sure of itself:
/// on Simplified pages it was at most 3 points above `chi_sim`, while on Traditional pages it
/// led by 7 to 22, so it must lead by `traditionalMargin` to win.
enum HanDataChoice {
    /// The data of the family, `jpn` first: when its reading has kana, the others need not read.
    static let family: [TesseractData] = [.japanese, .simplifiedChinese, .traditionalChinese]

    struct Candidate {
        var data: TesseractData
        /// The reading's words, with Tesseract's confidence in each.
        var words: [(text: String, confidence: Double)]

        var text: String { words.map(\.text).joined(separator: " ") }

        /// Mean confidence of the words, weighted by their Han and kana characters.
        var hanConfidence: Double {
            ReadingConfidence.mean(of: words, confidence: \.confidence) { word in
                word.text.unicodeScalars.filter { [.han, .kana].contains(WritingScript.of($0)) }.count
            }
        }

        /// How many of the reading's characters are Simplified forms, and the mean confidence
        /// of the words they are in, weighted by them.
        var simplifiedForms: (count: Int, confidence: Double) {
            let counts = SimplifiedForms.counts(in: words.map(\.text))
            return (counts.reduce(0, +), ReadingConfidence.mean(of: zip(words, counts), confidence: \.0.confidence, weight: \.1))
        }
    }

    /// The index of the candidate to keep: `jpn` when its reading is Japanese enough, else the
    /// one surest of its Han characters among the others (`chi_tra` less its margin). Nil when
    /// there is no candidate.
    static func choose(_ candidates: [Candidate]) -> Int? {
        if let japanese = candidates.firstIndex(where: { $0.data == .japanese && isJapanese($0.text) }) {
            return japanese
        }
        let chinese = candidates.indices.filter { candidates[$0].data != .japanese }
        return (chinese.isEmpty ? Array(candidates.indices) : chinese).max { handicapped(candidates[$0]) < handicapped(candidates[$1]) }
    }

    private static func handicapped(_ candidate: Candidate) -> Double {
        candidate.hanConfidence - (candidate.data == .traditionalChinese ? tuning.traditionalMargin : 0)
    }

    /// Whether `candidate`, a Chinese data's reading, is sure enough of its Han characters
    /// that the page cannot be Japanese.
    static func rulesOutJapanese(_ candidate: Candidate) -> Bool {
        candidate.data != .japanese && candidate.hanConfidence >= tuning.notJapaneseConfidence
    }

    /// Whether `candidate`, a `chi_sim` reading, is sure enough of its Simplified forms, and of
    /// its Han characters (as for Japanese), that the page cannot be Traditional.
    static func rulesOutTraditional(_ candidate: Candidate) -> Bool {
        simplifiedFormsRulingOutTraditional(candidate) != nil
    }

    /// The confidence in its Simplified forms of a `chi_sim` reading that rules Traditional out
    /// (`rulesOutTraditional`); nil for any other reading.
    static func simplifiedFormsRulingOutTraditional(_ candidate: Candidate) -> Double? {
        guard candidate.data == .simplifiedChinese, rulesOutJapanese(candidate) else { return nil }
        let forms = candidate.simplifiedForms
        return forms.count >= tuning.fewestTellingForms && forms.confidence >= tuning.notTraditionalConfidence ? forms.confidence : nil
    }

    /// The indices of `lines` (each a line's words) that `chi_sim` reads for the sample: the
    /// `sampleLineCount` with the most Han characters, in their order on the page; empty when
    /// they hold fewer than `fewestSampleHan`.
    static func sampleLines(_ lines: [[String]]) -> [Int] {
        let counts = lines.map { words in words.reduce(0) { $0 + hanCount(in: $1) } }
        let chosen = counts.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
            .prefix(tuning.hanSampleLineCount)
        guard chosen.reduce(0, { $0 + counts[$1] }) >= tuning.fewestSampleHan else { return [] }
        return chosen.sorted()
    }

    /// Whether the sample rules Simplified out: `traditional` is `chi_tra`'s words of the sample
    /// lines, `simplified` what `chi_sim` read on them.
    static func sampleRulesOutSimplified(traditional: Candidate, simplified: Candidate) -> Bool {
        traditional.hanConfidence >= simplified.hanConfidence + tuning.traditionalSampleMargin
    }

    private static func hanCount(in text: String) -> Int {
        text.unicodeScalars.filter { WritingScript.of($0) == .han }.count
    }

    /// Whether a `jpn` reading's `text` has enough kana to be Japanese.
    static func isJapanese(_ text: String) -> Bool {
        kanaShare(of: text) >= tuning.japaneseKanaShare
    }

    /// Kana among the Han and kana characters of `text`; 0 when it has neither.
    static func kanaShare(of text: String) -> Double {
        var kana = 0, han = 0
        for scalar in text.unicodeScalars {
            switch WritingScript.of(scalar) {
            case .kana: kana += 1
            case .han: han += 1
            default: break
            }
        }
        return kana + han == 0 ? 0 : Double(kana) / Double(kana + han)
    }
}
