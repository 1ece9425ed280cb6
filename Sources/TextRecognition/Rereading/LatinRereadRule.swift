import TesseractReading
import TranslateModel

/// Boxes of a page read with data that has no English beside it (`tha`, `jpn`, `chi_sim`,
/// `chi_tra`), read unsurely, read again with `eng`.
///
/// Thai, Chinese and Japanese pages are read with their data alone: with `eng` beside it,
/// Tesseract read some of their lines as Latin junk. But then a Latin button or a time on such
/// a page comes out in the page's letters: a Thai dialog's `OK` as `เอ1เจ็` (confidence 61), a
/// battery level `87%` as `879%` (64). `eng` reads those surely (95), and the page's own text
/// as junk it is unsure of, so its reading is kept only when it is sure and far surer.
struct LatinRereadRule: WholeBoxRereadRule {

    /// The data of the first pass: with `eng` in it, Latin boxes were read with it already.
    let firstPass: TesseractData

    /// `eng`, for a doubtful box of a page read without it.
    func data(for box: BoxResult, wordLists: some WordLists) -> TesseractData? {
        guard !firstPass.languages.contains("eng"), box.confidence < tuning.latinDoubtfulConfidence else { return nil }
        return .english
    }

    /// Other text, with Latin letters or digits, read at `leastConfidence` or more and `margin`
    /// surer; or, however unsure, the box's own figures with a currency sign the page's data
    /// lacks (`chi_sim` and `jpn` have no `¥`, `€` or `£`: a Chinese price's `¥199` came out
    /// `199` at 0, and `eng` reads `¥199` at 55 to 80).
    func accepts(_ again: RecognizedBox, over box: BoxResult) -> Bool {
        if Self.addsCurrencySign(again.text, to: box.text) { return true }
        return again.text != box.text && again.confidence >= tuning.latinLeastConfidence && again.confidence >= box.confidence + tuning.latinMargin
            && again.text.unicodeScalars.contains { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// The signs `eng` reads that Han and Thai data do not.
    static let currencySigns: Set<Character> = ["¥", "€", "£", "$"]

    /// Whether `again` is `figures` (digits and their separators alone) with a currency sign
    /// added: the same figures, nothing else changed.
    static func addsCurrencySign(_ again: String, to figures: String) -> Bool {
        let digits = figures.filter { !$0.isWhitespace }
        guard digits.contains(where: \.isNumber), digits.allSatisfy({ $0.isNumber || ",.-+".contains($0) }) else { return false }
        let read = again.filter { !$0.isWhitespace }
        return read.contains(where: currencySigns.contains) && read.filter { !currencySigns.contains($0) } == digits
    }
}
