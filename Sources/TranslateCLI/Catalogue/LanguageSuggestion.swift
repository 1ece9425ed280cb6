import Foundation
import TranslateModel

/// The code someone meant when they gave a language in another form: its English or Korean
/// name (`english`, `Chinese (Simplified)`, `영어`), the Tesseract data name they use with
/// `--ocr-lang` (`eng`, `chi_sim`), or a code written with an underscore (`zh_CN`).
enum LanguageSuggestion {
    /// The code `value` most likely means, or nil when it resembles none (or several alike).
    static func code(for value: String) -> String? {
        let wanted = normalized(value)
        guard !wanted.isEmpty else { return nil }
        if let language = Language(code: wanted.replacingOccurrences(of: "_", with: "-")) { return language.code }
        let matches = Language.allCases.filter { language in
            normalized(language.name) == wanted || LanguageNames.korean[language].map(normalized) == wanted
        }
        if matches.count == 1 { return matches[0].code }
        // Tesseract's names: only a language whose data is its own (Aragonese reads with `spa`).
        let byData = Language.allCases.filter { $0.tesseractName == wanted }
        return byData.first.map(\.code)
    }

    /// Lowercased, without spaces or brackets: "Chinese (Simplified)" → "chinesesimplified".
    private static func normalized(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { !" ()\t".unicodeScalars.contains($0) }.map(Character.init))
    }
}
