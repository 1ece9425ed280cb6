import Foundation

/// Korean particles that depend on the word before them: a message written with both forms
/// (`%1을(를)`, `%1이(가)`, `%1은(는)`, `%1와(과)`, `%1(으)로`) gets the one that word takes once
/// it is filled in.
///
/// A Hangul syllable decides by its final consonant; a code of up to three Latin letters or a
/// digit by how it is read in Korean (`ko` is 케이오, `en` 이엔, `3` 삼); anything else (a
/// longer word, a symbol) keeps both forms.
enum KoreanParticles {
    /// `text` with each two-form particle chosen where the word before it decides.
    static func chosen(in text: String) -> String {
        guard text.contains("(") else { return text }
        var result = text
        for form in forms {
            var searchFrom = result.startIndex
            while let range = result.range(of: form.both, range: searchFrom..<result.endIndex) {
                let ending = finalSound(before: range.lowerBound, in: result)
                let replacement: String
                switch ending {
                case .none: replacement = form.both
                case .vowel: replacement = form.afterVowel
                case .rieul: replacement = form.afterRieul ?? form.afterConsonant
                case .consonant: replacement = form.afterConsonant
                }
                result.replaceSubrange(range, with: replacement)
                searchFrom = result.index(range.lowerBound, offsetBy: replacement.count)
            }
        }
        return result
    }

    private struct Form {
        let both: String
        let afterConsonant: String
        let afterVowel: String
        /// `(으)로` takes `로` after ㄹ too.
        var afterRieul: String?
    }

    private static let forms = [
        Form(both: "을(를)", afterConsonant: "을", afterVowel: "를"),
        Form(both: "이(가)", afterConsonant: "이", afterVowel: "가"),
        Form(both: "은(는)", afterConsonant: "은", afterVowel: "는"),
        Form(both: "와(과)", afterConsonant: "과", afterVowel: "와"),
        Form(both: "(으)로", afterConsonant: "으로", afterVowel: "로", afterRieul: "로"),
    ]

    private enum Ending { case vowel, consonant, rieul }

    /// How the word that ends just before `index` ends when read aloud; nil when that is not
    /// known (a symbol, a space, the start of the text). Closing quotes and brackets are skipped.
    private static func finalSound(before index: String.Index, in text: String) -> Ending? {
        var position = index
        while position > text.startIndex {
            position = text.index(before: position)
            let character = text[position]
            if "'\"’”)]".contains(character) { continue }
            guard let scalar = character.unicodeScalars.first else { return nil }
            switch scalar.value {
            case 0xAC00...0xD7A3:
                let final = (scalar.value - 0xAC00) % 28
                return final == 0 ? .vowel : final == 8 ? .rieul : .consonant
            default:
                // A placeholder not filled in yet (`%1`): its word is not known.
                if character.isNumber, position > text.startIndex, text[text.index(before: position)] == "%" { return nil }
                // A code (`en`, `kor`, `zh-CN`) is read letter by letter; a longer word as a
                // word (`format` is 포맷), whose ending is not known here.
                if character.isLetter {
                    let word = text[..<text.index(after: position)].reversed().prefix { $0.isASCII && $0.isLetter }
                    guard word.count <= 3 else { return nil }
                }
                return latinOrDigit[Character(String(character).lowercased())]
            }
        }
        return nil
    }

    /// Latin letters and digits as they are read in Korean: 엘, 엠, 엔, 알 end in a consonant
    /// (엘, 알 in ㄹ), the other letters in a vowel; 영, 삼, 육 in a consonant, 일, 칠, 팔 in ㄹ.
    private static let latinOrDigit: [Character: Ending] = {
        var endings: [Character: Ending] = [:]
        for letter in "abcdefghijklmnopqrstuvwxyz" { endings[letter] = .vowel }
        endings["l"] = .rieul
        endings["r"] = .rieul
        endings["m"] = .consonant
        endings["n"] = .consonant
        for (digit, ending) in zip("0123456789", [Ending.consonant, .rieul, .vowel, .consonant, .vowel, .vowel, .consonant, .rieul, .rieul, .vowel]) {
            endings[digit] = ending
        }
        return endings
    }()
}
