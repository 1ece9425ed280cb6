import TesseractReading
import TranslateModel

/// Boxes in a language the first reading's data did not cover, read again with that
/// language's data.
///
/// A first pass reads a page with general languages (`kor+eng`); a Spanish or German line read
/// that way loses its accents ("Mañana" → "Mafiana"). Once the detector knows a box's language,
/// the box is read again with that language's data, and the second reading replaces the first
/// unless Tesseract is clearly less sure of it.
struct LanguageRereadRule: WholeBoxRereadRule {

    /// The data of the first pass; boxes in its languages are not read again.
    let firstPass: Set<String>

    /// The box's language's data (with English where it needs it: `ScriptLanguages.reading`).
    func data(for box: BoxResult, wordLists: some WordLists) -> TesseractData? {
        guard let language = box.language, !firstPass.contains(language.tesseractName) else { return nil }
        return ScriptLanguages.reading(language.tesseractName)
    }

    func accepts(_ again: RecognizedBox, over box: BoxResult) -> Bool {
        !again.text.isEmpty && Self.isSureEnough(again.confidence, against: box.confidence)
    }

    /// Whether a reading with the language's data at `confidence` wins over one at `first`.
    static func isSureEnough(_ confidence: Double, against first: Double) -> Bool {
        confidence >= first - tuning.rereadTolerance
    }
}
