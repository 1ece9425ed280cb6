import Foundation
import Testing
@testable import TranslateModel
@testable import LanguageDetection
import TestSupport

/// The built-in model decodes and agrees with the generator's conventions.
struct LanguageDetectionModelTests {
    @Test func builtInModelDecodes() throws {
        let model = try LanguageModel.builtIn()
        #expect(model.latinLanguages == [.english, .vietnamese, .indonesian, .german, .spanish, .italian, .french, .portuguese, .catalan])
        #expect(model.hanCodePoints.count > 10_000)
        #expect(zip(model.hanCodePoints, model.hanCodePoints.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func embeddedBytesAreTheCommittedFile() throws {
        let file = try Data(contentsOf: TestPaths.repository.appendingPathComponent("Sources/CLanguageModel/language-model.bin"))
        let embedded = Data(buffer: LanguageModel.embeddedBytes)
        #expect(embedded == file)
    }

    @Test func corruptDataIsRejected() {
        #expect(throws: LanguageModelError.self) { try LanguageModel(bytes: Array("LID1".utf8)) }
        #expect(throws: LanguageModelError.self) { try LanguageModel(bytes: [1, 2, 3, 4, 5, 6, 7, 8]) }
    }

    @Test("hash matches the generator's (FNV-1a per scalar + fmix64)")
    func hashMatchesGenerator() {
        // python3 -c "import generate_model as g; print(hex(g.fnv('abc')))"
        #expect(ModelHashing.hash("abc".unicodeScalars.map(\.value)) == 0x33EB_AF99_27CB_C5BD)
    }

    @Test("common words are known in their language")
    func knownWords() throws {
        let model = LanguageModel.shared
        let n = model.latinLanguages.count
        for (word, language) in [("the", Language.english), ("und", .german), ("yang", .indonesian), ("không", .vietnamese)] {
            let entry = try #require(model.words.find(ModelHashing.hash(word.unicodeScalars.map(\.value))))
            let combo = Int(model.words.payloads[entry]) | Int(model.words.payloads[entry + 1]) << 8
            let index = try #require(model.latinLanguages.firstIndex(of: language))
            #expect(model.wordCombinations[combo * n + index] != 0)
        }
    }
}
