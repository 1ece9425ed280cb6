import Testing
import TranslateModel
@testable import TextRecognition

/// Which boxes are read again for their accents, and which second readings are kept.
@Suite struct AccentRereaderTests {
    private func box(_ words: [(String, String?)]) -> BoxResult {
        let recognized = words.enumerated().map { index, word in
            RecognizedWord(rect: PixelRect(x: index * 60, y: 0, width: 50, height: 20), confidence: 95, text: word.0, readWith: word.1)
        }
        return BoxResult(id: 0, rect: PixelRect(x: 0, y: 0, width: 60 * words.count, height: 20), confidence: 95,
                         language: .spanish, text: words.map(\.0).joined(separator: " "), words: recognized)
    }

    /// Only a word `eng`'s model read, of two or more plain letters, may have lost an accent.
    @Test func aPlainWordReadWithEnglishDataMayLackAccents() {
        #expect(AccentRereader.mayLackAccents(box([("Automatico", "eng")])))
        #expect(AccentRereader.mayLackAccents(box([("Bộ", "vie"), ("nhớ", "vie"), ("sap", "eng"), ("day.", "eng")])))
        #expect(!AccentRereader.mayLackAccents(box([("Automatico", "spa")])))
        #expect(!AccentRereader.mayLackAccents(box([("Batería", "eng"), ("87%", "eng"), ("a", "eng")])))
        #expect(!AccentRereader.mayLackAccents(box([("Automatico", nil)])))
    }

    /// A second reading is kept only where it is the same text with other accents.
    @Test func onlyADifferenceInAccentsIsKept() {
        #expect(AccentRereader.onlyAccentsDiffer("Si", "Sí"))
        #expect(AccentRereader.onlyAccentsDiffer("Espanol", "Español"))
        #expect(AccentRereader.onlyAccentsDiffer("Bộ nhớ sap day.", "Bộ nhớ sắp đầy."))
        #expect(!AccentRereader.onlyAccentsDiffer("Automático", "Automático"))
        #expect(!AccentRereader.onlyAccentsDiffer("Espafiol", "Español"))
        #expect(!AccentRereader.onlyAccentsDiffer("HomeNet-5G", "HomenNet-5G"))
    }

    /// A German box is read again only for a word `eng`'s model read that German's word list
    /// has with an umlaut or a `ß` in it.
    @Test func aGermanWordReadWithEnglishDataMayLackItsUmlaut() {
        let german: Set<String> = ["März", "fängt", "großen", "Menü", "Menu", "Raum"]
        let isGerman = { (word: String) in german.contains(word) }
        #expect(AccentRereader.mayLackUmlauts(box([("Dienstag,", "deu"), ("12.", "deu"), ("Marz", "eng")]), isGermanWord: isGerman))
        #expect(AccentRereader.mayLackUmlauts(box([("groBen", "eng")]), isGermanWord: isGerman))
        #expect(!AccentRereader.mayLackUmlauts(box([("Marz", "deu")]), isGermanWord: isGerman))
        #expect(!AccentRereader.mayLackUmlauts(box([("Raum", "eng"), ("Wi-Fi", "eng")]), isGermanWord: isGerman))
        // A word German has as it is and with an umlaut is read again too: only the second
        // reading can tell which.
        #expect(AccentRereader.mayLackUmlauts(box([("Menu", "eng")]), isGermanWord: isGerman))
    }

    @Test func umlautSpellingsTryEveryCombinationOfFewLetters() {
        #expect(AccentRereader.umlautSpellings(of: "Tur") == ["Tür"])
        #expect(Set(AccentRereader.umlautSpellings(of: "fur")) == ["für"])
        #expect(Set(AccentRereader.umlautSpellings(of: "Uhr")) == ["Ühr"])
        #expect(Set(AccentRereader.umlautSpellings(of: "groBen")) == ["gröBen", "großen", "größen"])
        // A capital B starting a word stays a B.
        #expect(AccentRereader.umlautSpellings(of: "Bett").isEmpty)
        #expect(AccentRereader.umlautSpellings(of: "Zubauoaua").isEmpty)
    }

    /// German readings may also differ in `ß` read as `B` and in spaces.
    @Test func germanReadingsDifferInSharpSAndSpaces() {
        #expect(AccentRereader.onlyAccentsDiffer("Um drei Uhrim groBen Raum", "Um drei Uhr im großen Raum", data: "deu"))
        #expect(!AccentRereader.onlyAccentsDiffer("Um drei Uhrim groBen Raum", "Um drei Uhr im großen Raum"))
        #expect(!AccentRereader.onlyAccentsDiffer("Wann fangt", "Wann fängt es", data: "deu"))
    }
}
