import Testing
import TestSupport
@testable import TranslatePipeline
import TranslateModel

/// The page translator sends units, not lines, and gives every line its piece.
struct PageTranslatorUnitsTests {
    private func notice() -> ImageResult {
        var result = ImageResult(file: "notice.png", page: 1, width: 720, height: 400, source: .spanish)
        let lines = [("El tren que sale de Madrid a las", 400), ("ocho llega a Sevilla con dos horas", 410),
                     ("de retraso por la tormenta de nieve.", 430), ("Gracias por su paciencia.", 300)]
        result.boxes = lines.enumerated().map { index, line in
            BoxResult(id: index, rect: PixelRect(x: 40, y: 40 + 32 * index, width: line.1, height: 24), confidence: 95,
                      language: .spanish, text: line.0)
        }
        return result
    }

    @Test func aWrappedSentenceIsSentAsOneTextInTheOneCallForItsLanguage() {
        let translator = FakeTranslator()
        var result = notice()
        PageTranslator.translate(&result, plan: TranslationPlan(translator: translator, target: .english), languagesAssigned: true)
        #expect(translator.calls == [["El tren que sale de Madrid a las ocho llega a Sevilla con dos horas de retraso por la tormenta de nieve.",
                                      "Gracias por su paciencia."]])
        let whole = "[es→en] El tren que sale de Madrid a las ocho llega a Sevilla con dos horas de retraso por la tormenta de nieve."
        #expect(result.boxes.map(\.unit) == [0, 0, 0, 1])
        #expect(result.boxes[0...2].allSatisfy { $0.unitTranslation == whole && !($0.translation ?? "").isEmpty })
        #expect(result.boxes[0...2].compactMap(\.translation).joined(separator: " ") == whole)
        #expect(result.boxes[3].translation == "[es→en] Gracias por su paciencia.")
    }

    @Test func paragraphBoxesAreSentAsTheyAre() {
        let translator = FakeTranslator()
        var result = notice()
        PageTranslator.translate(&result, plan: TranslationPlan(translator: translator, target: .english), languagesAssigned: true,
                                 formsUnits: false)
        #expect(translator.calls.first?.count == 4)
        #expect(result.boxes.allSatisfy { $0.unit == nil && $0.unitTranslation == nil })
    }
}
