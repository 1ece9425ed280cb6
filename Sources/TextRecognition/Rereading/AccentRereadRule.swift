import Foundation
import TesseractReading
import TranslateModel

/// Spanish, Vietnamese and German boxes read again with their language's data alone, for the
/// accents the reading with English beside it dropped.
///
/// Latin-script pages are read with their language's data and `eng` (`spa+eng`), which reads
/// Latin words and names the language's data alone misreads (`HomeNet-5G`). Tesseract reads
/// each word with the model of either data, and the words it takes from `eng`'s come without
/// their accents: `Si` for `Sí`, `Automatico`, `Bộ nhớ sap day.` for `Bộ nhớ sắp đầy.`. A
/// box holding such a word is read again with the language's data alone.
///
/// German loses accents less often, and most of its words that `eng` reads are English (`Wi-Fi`,
/// names), so a German box is read again only when `eng` read a word that German writes with an
/// umlaut or `ß` (`Marz`, `fangt`, `groBen` on a dark chat page), by German's word list. French
/// pages kept their accents on the rendered screenshots and are left
/// (docs/experiments/automatic-languages.md, "Spanish and Vietnamese accents kept").
struct AccentRereadRule: WholeBoxRereadRule {
    /// The data whose pages lost accents to `eng`'s words (German on a dark chat page); French
    /// pages kept theirs.
    static let languages: Set<String> = ["spa", "vie", "deu"]

    /// The box's language's data alone, for a box in `languages` that may have lost its accents
    /// (`mayLackAccents`), or for German, umlauts (`mayLackUmlauts`).
    func data(for box: BoxResult, wordLists: some WordLists) -> TesseractData? {
        guard let data = box.language?.tesseractName, Self.languages.contains(data) else { return nil }
        let suspect = data == "deu" ? Self.mayLackUmlauts(box, in: wordLists) : Self.mayLackAccents(box)
        return suspect ? TesseractData([data]) : nil
    }

    /// The same text with other accents, read surely enough.
    func accepts(_ again: RecognizedBox, over box: BoxResult) -> Bool {
        guard let data = box.language?.tesseractName else { return false }
        return Self.onlyAccentsDiffer(box.text, again.text, data: data) && again.confidence >= tuning.accentLeastConfidence
    }

    /// Whether `box` holds a word that `eng`'s model read, of two or more letters, all plain
    /// ASCII: where an accent may have been dropped.
    static func mayLackAccents(_ box: BoxResult) -> Bool {
        box.words.contains { word in
            word.readWith == "eng" && letterRuns(of: word.text).contains { letters in
                letters.count >= 2 && letters.unicodeScalars.allSatisfy(\.isASCII)
            }
        }
    }

    /// Whether `first` and `second` differ, but only in accents (`đ` counting as an accented `d`);
    /// for German also in `ß` read as `B` and in spaces (`Uhrim` for `Uhr im`).
    static func onlyAccentsDiffer(_ first: String, _ second: String, data: String = "spa") -> Bool {
        guard first != second else { return false }
        guard data == "deu" else { return unaccented(first) == unaccented(second) }
        func key(_ text: String) -> String {
            unaccented(text).replacingOccurrences(of: "ß", with: "B").filter { !$0.isWhitespace }
        }
        return key(first) == key(second)
    }

    private static func unaccented(_ text: String) -> String {
        text.folding(options: .diacriticInsensitive, locale: nil)
            .replacingOccurrences(of: "đ", with: "d").replacingOccurrences(of: "Đ", with: "D")
    }

    static func letterRuns(of text: String) -> [Substring] {
        text.split(whereSeparator: { !$0.isLetter })
    }
}
