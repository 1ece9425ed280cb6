import Foundation
import TranslateModel

/// Splits text into lower-case words the way the model generator does.
///
/// NFC, lower case, then runs of letters and combining marks; everything else (digits,
/// apostrophes, hyphens, punctuation) separates words.
enum Tokenizer {
    /// Whether a scalar belongs inside a word.
    @inline(__always)
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return (v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    /// The words of `text`, as arrays of scalar values.
    static func words(_ text: String) -> [[UInt32]] {
        let normalized: String
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            normalized = text.lowercased()
        } else {
            normalized = text.precomposedStringWithCanonicalMapping.lowercased()
        }
        var result: [[UInt32]] = []
        var current: [UInt32] = []
        for scalar in normalized.unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar.value)
            } else if !current.isEmpty {
                result.append(current)
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Whether a whitespace-separated chunk is a URL, an e-mail address or a file path, which
    /// say nothing about the language around them.
    static func isAddress(_ chunk: Substring) -> Bool {
        chunk.contains("@") || chunk.contains("://") || chunk.lowercased().hasPrefix("www.")
            || chunk.filter({ $0 == "/" }).count >= 2
    }
}
