import Foundation
import ImageDecoding
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
/// pages kept their accents (the rendered screenshots, BENCHMARKS.md) and are left.
struct AccentRereader {
    /// The data whose boxes are read again.
    static let languages: Set<String> = ["spa", "vie", "deu"]
    /// How sure the second reading must be.
    static let leastConfidence = 70.0
    /// The most letters of one word tried with and without an umlaut (2 to this power spellings).
    static let mostUmlautPositions = 4

    let engines: EngineCache

    /// Reads the boxes of `result` in `languages` that may have lost their accents again with
    /// their data alone, and keeps the second reading where it is the same text with other
    /// accents. Returns how many boxes changed.
    @discardableResult
    func reread(_ result: inout ImageResult, page: PageImage) -> Int {
        var changed = 0
        for index in result.boxes.indices {
            let box = result.boxes[index]
            guard let data = box.language?.tesseractName, Self.languages.contains(data), isSuspect(box, data: data) else { continue }
            let reading = try? engines.withEngine([data]) { engine in BoxRereader.read(box, with: engine, page: page) }
            guard let again = reading ?? nil, Self.onlyAccentsDiffer(box.text, again.text, data: data),
                  again.confidence >= Self.leastConfidence else { continue }
            BoxRereader.replace(&result.boxes[index], with: again)
            changed += 1
        }
        return changed
    }

    /// Whether `box`, in the language of `data`, may have lost accents (`mayLackAccents`), or for
    /// German, umlauts (`mayLackUmlauts`, by the word list of the `deu+eng` handle).
    /// The handle is borrowed only for a box that has spellings to look up.
    private func isSuspect(_ box: BoxResult, data: String) -> Bool {
        guard data == "deu" else { return Self.mayLackAccents(box) }
        let spellings = Self.umlautSpellings(in: box)
        guard !spellings.isEmpty else { return false }
        let found = try? engines.withEngine(ScriptLanguages.reading(data)) { engine in spellings.contains(where: engine.isValidWord) }
        return (found ?? nil) == true
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

    /// Whether `box` holds a word that `eng`'s model read which, with an umlaut on some of its
    /// `a`, `o` and `u` or a `ß` for a `B` within it, is a German word (`isGermanWord`).
    static func mayLackUmlauts(_ box: BoxResult, isGermanWord: (String) -> Bool) -> Bool {
        umlautSpellings(in: box).contains(where: isGermanWord)
    }

    /// The umlaut spellings (`umlautSpellings(of:)`) of the words of two or more letters that
    /// `eng`'s model read in `box`.
    static func umlautSpellings(in box: BoxResult) -> [String] {
        box.words.filter { $0.readWith == "eng" }.flatMap { word in
            letterRuns(of: word.text).filter { $0.count >= 2 }.flatMap { umlautSpellings(of: String($0)) }
        }
    }

    /// `word` spelt with umlauts (and `ß`) where it has plain letters, every combination but the
    /// word itself; none when it has more than `mostUmlautPositions` such letters.
    static func umlautSpellings(of word: String) -> [String] {
        let letters = Array(word)
        let positions = letters.indices.filter { index in
            umlauts[letters[index]] != nil && (letters[index] != "B" || index > 0)
        }
        guard !positions.isEmpty, positions.count <= mostUmlautPositions else { return [] }
        return (1..<(1 << positions.count)).map { mask in
            var spelt = letters
            for (bit, index) in positions.enumerated() where mask & (1 << bit) != 0 {
                spelt[index] = umlauts[letters[index]]!
            }
            return String(spelt)
        }
    }

    private static let umlauts: [Character: Character] = ["a": "ä", "o": "ö", "u": "ü", "A": "Ä", "O": "Ö", "U": "Ü", "B": "ß"]

    private static func letterRuns(of text: String) -> [Substring] {
        text.split(whereSeparator: { !$0.isLetter })
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
}
