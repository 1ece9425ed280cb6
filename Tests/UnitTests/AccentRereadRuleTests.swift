import TesseractReading
import Testing
import TranslateModel
@testable import TextRecognition

/// Which boxes are read again for their accents, and which second readings are kept.
@Suite struct AccentRereadRuleTests {
    private func box(_ words: [(String, String?)], language: Language = .spanish) -> BoxResult {
        let recognized = words.enumerated().map { index, word in
            RecognizedWord(rect: PixelRect(x: index * 60, y: 0, width: 50, height: 20), confidence: 95, text: word.0, readWith: word.1)
        }
        return BoxResult(id: 0, rect: PixelRect(x: 0, y: 0, width: 60 * words.count, height: 20), confidence: 95,
                         language: language, text: words.map(\.0).joined(separator: " "), words: recognized)
    }
    private func reading(_ text: String, _ confidence: Double) -> RecognizedBox {
        RecognizedBox(rect: PixelRect(x: 0, y: 0, width: 60, height: 20), confidence: confidence, text: text, words: [], paragraph: 0)
    }
    private let germanWords = FakeWordLists(data: ["deu", "eng"], words: ["März", "fängt", "großen", "Menü", "Menu", "Raum"])

    /// Only a word `eng`'s model read, of two or more plain letters, may have lost an accent.
    @Test func aPlainWordReadWithEnglishDataMayLackAccents() {
        #expect(AccentRereadRule.mayLackAccents(box([("Automatico", "eng")])))
        #expect(AccentRereadRule.mayLackAccents(box([("Bộ", "vie"), ("nhớ", "vie"), ("sap", "eng"), ("day.", "eng")])))
        #expect(!AccentRereadRule.mayLackAccents(box([("Automatico", "spa")])))
        #expect(!AccentRereadRule.mayLackAccents(box([("Batería", "eng"), ("87%", "eng"), ("a", "eng")])))
        #expect(!AccentRereadRule.mayLackAccents(box([("Automatico", nil)])))
    }

    /// A second reading is kept only where it is the same text with other accents.
    @Test func onlyADifferenceInAccentsIsKept() {
        #expect(AccentRereadRule.onlyAccentsDiffer("Si", "Sí"))
        #expect(AccentRereadRule.onlyAccentsDiffer("Espanol", "Español"))
        #expect(AccentRereadRule.onlyAccentsDiffer("Bộ nhớ sap day.", "Bộ nhớ sắp đầy."))
        #expect(!AccentRereadRule.onlyAccentsDiffer("Automático", "Automático"))
        #expect(!AccentRereadRule.onlyAccentsDiffer("Espafiol", "Español"))
        #expect(!AccentRereadRule.onlyAccentsDiffer("HomeNet-5G", "HomenNet-5G"))
    }

    /// A German box is read again only for a word `eng`'s model read that German's word list
    /// has with an umlaut or a `ß` in it.
    @Test func aGermanWordReadWithEnglishDataMayLackItsUmlaut() {
        #expect(AccentRereadRule.mayLackUmlauts(box([("Dienstag,", "deu"), ("12.", "deu"), ("Marz", "eng")]), in: germanWords))
        #expect(AccentRereadRule.mayLackUmlauts(box([("groBen", "eng")]), in: germanWords))
        #expect(!AccentRereadRule.mayLackUmlauts(box([("Marz", "deu")]), in: germanWords))
        #expect(!AccentRereadRule.mayLackUmlauts(box([("Raum", "eng"), ("Wi-Fi", "eng")]), in: germanWords))
        // A word German has as it is and with an umlaut is read again too: only the second
        // reading can tell which.
        #expect(AccentRereadRule.mayLackUmlauts(box([("Menu", "eng")]), in: germanWords))
    }

    /// Spanish, Vietnamese and German boxes that may have lost accents are read with their data
    /// alone; French ones, and boxes whose words all came from their own data, are not.
    @Test func suspectBoxesAreReadWithTheirDataAlone() {
        let rule = AccentRereadRule()
        #expect(rule.data(for: box([("Automatico", "eng")]), wordLists: germanWords) == ["spa"])
        #expect(rule.data(for: box([("sap", "eng")], language: .vietnamese), wordLists: germanWords) == ["vie"])
        #expect(rule.data(for: box([("Marz", "eng")], language: .german), wordLists: germanWords) == ["deu"])
        #expect(rule.data(for: box([("Raum", "eng")], language: .german), wordLists: germanWords) == nil)
        #expect(rule.data(for: box([("Automatico", "spa")]), wordLists: germanWords) == nil)
        #expect(rule.data(for: box([("Telephone", "eng")], language: .french), wordLists: germanWords) == nil)
    }

    /// The second reading replaces the box when only its accents differ and it is read surely.
    @Test func aSureReadingWithOtherAccentsReplacesTheBox() {
        let rule = AccentRereadRule(), first = box([("Automatico", "eng")])
        guard case .replace(let reread, let changed) = rule.decision(for: first, readings: [reading("Automático", 88)]) else {
            Issue.record("the reading with accents was not kept")
            return
        }
        #expect(reread.text == "Automático" && reread.confidence == 88 && changed)
        #expect(rule.decision(for: first, readings: [reading("Automático", 65)]) == .keep)
        #expect(rule.decision(for: first, readings: [reading("Automatica", 95)]) == .keep)
        #expect(rule.decision(for: box([("Uhrim", "eng")], language: .german), readings: [reading("Uhr im", 90)]) != .keep)
    }

    @Test func umlautSpellingsTryEveryCombinationOfFewLetters() {
        #expect(AccentRereadRule.umlautSpellings(of: "Tur") == ["Tür"])
        #expect(Set(AccentRereadRule.umlautSpellings(of: "fur")) == ["für"])
        #expect(Set(AccentRereadRule.umlautSpellings(of: "Uhr")) == ["Ühr"])
        #expect(Set(AccentRereadRule.umlautSpellings(of: "groBen")) == ["gröBen", "großen", "größen"])
        // A capital B starting a word stays a B.
        #expect(AccentRereadRule.umlautSpellings(of: "Bett").isEmpty)
        #expect(AccentRereadRule.umlautSpellings(of: "Zubauoaua").isEmpty)
    }

    /// German readings may also differ in `ß` read as `B` and in spaces.
    @Test func germanReadingsDifferInSharpSAndSpaces() {
        #expect(AccentRereadRule.onlyAccentsDiffer("Um drei Uhrim groBen Raum", "Um drei Uhr im großen Raum", data: "deu"))
        #expect(!AccentRereadRule.onlyAccentsDiffer("Um drei Uhrim groBen Raum", "Um drei Uhr im großen Raum"))
        #expect(!AccentRereadRule.onlyAccentsDiffer("Wann fangt", "Wann fängt es", data: "deu"))
    }
}

/// Word lists with the given words in one data's list.
struct FakeWordLists: WordLists {
    let data: TesseractData
    let words: Set<String>

    func containsAny(of words: [String], data: TesseractData) -> Bool {
        data == self.data && words.contains(where: self.words.contains)
    }
}
