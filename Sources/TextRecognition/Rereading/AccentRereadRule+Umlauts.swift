import TesseractReading
import TranslateModel

/// German words `eng`'s model read without their umlauts, found by German's word list.
extension AccentRereadRule {
    /// The data whose word list tells German words: the handle German boxes are read with.
    static let germanWords = ScriptLanguages.reading("deu")
    /// The most letters of one word tried with and without an umlaut: 2 to this power spellings,
    /// each looked up.
    static let mostUmlautPositions = 4

    /// Whether `box` holds a word that `eng`'s model read which, with an umlaut on some of its
    /// `a`, `o` and `u` or a `ß` for a `B` within it, is in German's word list.
    static func mayLackUmlauts(_ box: BoxResult, in wordLists: some WordLists) -> Bool {
        wordLists.containsAny(of: umlautSpellings(in: box), data: germanWords)
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
}
