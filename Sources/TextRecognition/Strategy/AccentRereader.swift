import Foundation
import TranslateModel

/// Spanish and Vietnamese boxes read again with their language's data alone, for the accents
/// the reading with English beside it dropped.
///
/// Latin-script pages are read with their language's data and `eng` (`spa+eng`), which reads
/// Latin words and names the language's data alone misreads (`HomeNet-5G`). Tesseract reads
/// each word with the model of either data, and the words it takes from `eng`'s come without
/// their accents: `Si` for `Sí`, `Automatico`, `Bộ nhớ sap day.` for `Bộ nhớ sắp đầy.`. A
/// box holding such a word is read again with the language's data alone. German and French
/// pages kept their accents (the rendered screenshots, BENCHMARKS.md) and are left.
struct AccentRereader {
    /// The data whose boxes are read again.
    static let languages: Set<String> = ["spa", "vie"]
    /// How sure the second reading must be.
    static let leastConfidence = 70.0

    let engines: EngineCache

    /// Reads the boxes of `result` in `languages` that hold a word `mayLackAccents` again with
    /// their data alone, and keeps the second reading where it is the same text with other
    /// accents. Returns how many boxes changed.
    @discardableResult
    func reread(_ result: inout ImageResult, page: PageImage) -> Int {
        var changed = 0
        for index in result.boxes.indices {
            let box = result.boxes[index]
            guard let data = box.language?.tesseractName, Self.languages.contains(data), Self.mayLackAccents(box) else { continue }
            let reading = try? engines.withEngine([data]) { engine in BoxRereader.read(box, with: engine, page: page) }
            guard let again = reading ?? nil, Self.onlyAccentsDiffer(box.text, again.text),
                  again.confidence >= Self.leastConfidence else { continue }
            BoxRereader.replace(&result.boxes[index], with: again)
            changed += 1
        }
        return changed
    }

    /// Whether `box` holds a word that `eng`'s model read, of two or more letters, all plain
    /// ASCII: where an accent may have been dropped.
    static func mayLackAccents(_ box: BoxResult) -> Bool {
        box.words.contains { word in
            word.readWith == "eng" && word.text.split(whereSeparator: { !$0.isLetter }).contains { letters in
                letters.count >= 2 && letters.unicodeScalars.allSatisfy(\.isASCII)
            }
        }
    }

    /// Whether `first` and `second` differ, but only in accents (`đ` counting as an accented `d`).
    static func onlyAccentsDiffer(_ first: String, _ second: String) -> Bool {
        first != second && unaccented(first) == unaccented(second)
    }

    private static func unaccented(_ text: String) -> String {
        text.folding(options: .diacriticInsensitive, locale: nil)
            .replacingOccurrences(of: "đ", with: "d").replacingOccurrences(of: "Đ", with: "D")
    }
}
