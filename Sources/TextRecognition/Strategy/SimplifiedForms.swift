import Foundation
import TranslateModel

/// The Han characters that Simplified Chinese writes in forms of its own (`这`, `网`, `说`;
/// Traditional `這`, `網`, `說`), as ICU's Simplified-to-Traditional conversion knows them.
///
/// `chi_sim` has no Traditional forms: on a Traditional page it writes the Simplified form of
/// each such character, unsurely, while the characters both standards share read as surely as
/// on a Simplified page. So its confidence in these characters tells the two apart.
enum SimplifiedForms {
    /// For each of `words`, how many of its characters are Simplified forms. Characters of
    /// a word the conversion lengthens or shortens are not counted.
    static func counts(in words: [String]) -> [Int] {
        // One call for the page: ICU builds its converter once per process, and then each
        // call is quick. Each word on a line of its own, so they come back one for one.
        let joined = words.joined(separator: "\n")
        guard let converted = joined.applyingTransform(StringTransform("Hans-Hant"), reverse: false) else {
            return words.map { _ in 0 }
        }
        let traditional = converted.split(separator: "\n", omittingEmptySubsequences: false)
        guard traditional.count == words.count else { return words.map { _ in 0 } }
        return zip(words, traditional).map { word, other in
            let mine = Array(word.unicodeScalars), theirs = Array(other.unicodeScalars)
            guard mine.count == theirs.count else { return 0 }
            return zip(mine, theirs).filter { $0 != $1 && WritingScript.of($0) == .han }.count
        }
    }
}
