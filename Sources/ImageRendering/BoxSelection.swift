import Foundation
import TranslateModel

/// Which boxes a translated picture draws over.
public enum BoxSelection {
    /// A box is redrawn when it has a translation that differs from its text, it is not
    /// already in the target language, and its text has letters (numbers, prices and symbols
    /// stay as they are).
    public static func isRedrawn(_ box: BoxResult, target: Language?) -> Bool {
        guard let translation = box.translation?.trimmingCharacters(in: .whitespacesAndNewlines), !translation.isEmpty,
              translation != box.text.trimmingCharacters(in: .whitespacesAndNewlines) else { return false }
        if let target, box.language == target { return false }
        return hasLetters(box.text)
    }

    static func hasLetters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isAlphabetic }
    }
}
