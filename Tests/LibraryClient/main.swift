// A program outside the package that uses the core library: OCR → language detection →
// translation, with no command-line type. EndToEndTests type-checks it against the built
// modules without the package's name, so only `public` declarations are visible to it, as they
// are to another package that depends on `TranslateCore`.
import Foundation
import ImageDecoding
import LanguageDetection
import TesseractReading
import TextRecognition
import TranslateModel
import TranslatePipeline

/// Translates every box by putting the target's code in front; a real program would use
/// `PapagoTranslator` or `ApertiumTranslator` from TranslationEngines.
struct TaggingTranslator: Translator {
    var engine: String { "tagging" }

    func translate(_ texts: [String], from source: Language?, to target: Language) throws -> [TranslatedText] {
        texts.map { TranslatedText(text: "[\(target.code)] \($0)", source: source) }
    }
}

ProcessConfiguration.apply()
let reader = PageReader(settings: OCRSettings(rereadByLanguage: true), inputReader: InputReader(), languages: OfflineBoxLanguages())
var results = reader.read(.file(CommandLine.arguments[1]))
let plan = TranslationPlan(translator: TaggingTranslator(), target: .english)
for index in results.indices {
    PageTranslator.translate(&results[index], plan: plan)
}
for box in results.flatMap(\.boxes) {
    print(box.language?.code ?? "-", box.text, "→", box.translation ?? "")
}
