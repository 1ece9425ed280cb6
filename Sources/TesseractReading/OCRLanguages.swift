import Foundation
import TranslateModel
/// Tesseract language lists such as `kor+eng`.
public enum OCRLanguages {
    /// Korean first keeps Korean word spacing; English second reads Latin words in Korean text.
    public static let defaultList = "kor+eng"

    /// Splits and validates a `+`-separated list; names are letters, digits and underscores only,
    /// which also keeps them from naming paths outside the tessdata folder.
    public static func parse(_ list: String) throws(OCRError) -> [String] {
        let names = list.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let valid = !names.isEmpty && names.allSatisfy { name in
            !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        }
        guard valid else { throw .invalidLanguageList(list) }
        return names
    }

    /// The Debian package that installs a Tesseract language: `chi_sim` → `tesseract-ocr-chi-sim`.
    public static func debianPackage(for name: String) -> String {
        "tesseract-ocr-" + name.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
