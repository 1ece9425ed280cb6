/// Whether a reading holds a sequence that no text can: what Tesseract's data for a script makes
/// of a line in another script.
///
/// Thai data reads Hangul, Cyrillic and faded Latin as Thai letters, surely enough to win the
/// script trial (a Russian pharmacy sign at 79, a Korean stop sign at 59, on scenes shot again:
/// docs/experiments/photos.md, "Malformed readings set aside in the script trial"). Such readings
/// are often impossible as spelling, which a confidence cannot see:
/// - a combining mark (a Thai vowel or tone sign above or below, a Devanagari vowel sign) with
///   no letter before it to sit on (`ัฆม`);
/// - a Thai vowel written before its consonant (เ แ โ ใ ไ) with no consonant after it (`แะ`);
/// - digits inside a Thai word, between two Thai letters (`โท6๓ห`);
/// - a number written in Arabic and Thai digits at once (`7๒16`);
/// - a Thai vowel that follows its consonant (ะ า ำ) opening the text, or after a sign of another
///   script (`าไตโห`). After a space it is let be: Tesseract now and then splits a Thai word
///   before its vowel.
/// A Russian sign read with Thai data on the fresh-worded scenes, `7๒16ศ อภอากหตภรฑ`, has the
/// last two (docs/experiments/photos.md, "Scenes in words nobody chose").
enum MalformedSpelling {
    /// Whether `text` holds one of those sequences.
    static func isMalformed(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let previous = index > 0 ? scalars[index - 1] : nil
            if isCombiningMark(scalar), !(previous.map { $0.properties.isAlphabetic || isCombiningMark($0) } ?? false) {
                return true
            }
            if isThaiLeadingVowel(scalar), !(index + 1 < scalars.count && isThaiConsonant(scalars[index + 1])) {
                return true
            }
            if isDigit(scalar), let previous, isThaiLetter(previous), digitsEndBeforeThaiLetter(scalars, from: index) {
                return true
            }
            if isDigit(scalar), let previous, isDigit(previous), isThaiDigit(scalar) != isThaiDigit(previous) {
                return true
            }
            if isThaiFollowingVowel(scalar), !(previous.map { isThaiLetter($0) || isCombiningMark($0) || $0.properties.isWhitespace } ?? false) {
                return true
            }
        }
        return false
    }

    /// A mark that sits on the letter before it (Unicode's nonspacing and spacing combining marks).
    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark: true
        default: false
        }
    }

    private static func isThaiConsonant(_ scalar: Unicode.Scalar) -> Bool {
        (0x0E01...0x0E2E).contains(scalar.value)
    }

    private static func isThaiLeadingVowel(_ scalar: Unicode.Scalar) -> Bool {
        (0x0E40...0x0E44).contains(scalar.value)
    }

    /// A Thai vowel written after its consonant: SARA A, SARA AA, SARA AM, LAKKHANGYAO.
    private static func isThaiFollowingVowel(_ scalar: Unicode.Scalar) -> Bool {
        [0x0E30, 0x0E32, 0x0E33, 0x0E45].contains(scalar.value)
    }

    private static func isThaiDigit(_ scalar: Unicode.Scalar) -> Bool {
        (0x0E50...0x0E59).contains(scalar.value)
    }

    /// A Thai consonant or vowel letter (not a digit, mark or sign).
    private static func isThaiLetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x0E01...0x0E4E).contains(scalar.value) && scalar.properties.isAlphabetic
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || (0x0E50...0x0E59).contains(scalar.value)
    }

    /// Whether the run of digits starting at `index` is followed at once by a Thai letter.
    private static func digitsEndBeforeThaiLetter(_ scalars: [Unicode.Scalar], from index: Int) -> Bool {
        var end = index
        while end < scalars.count, isDigit(scalars[end]) { end += 1 }
        return end < scalars.count && isThaiLetter(scalars[end])
    }
}
