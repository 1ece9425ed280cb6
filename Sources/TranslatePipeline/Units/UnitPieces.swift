import Foundation

/// Splits a unit's translation back onto its lines: each line gets a non-empty piece, cut at
/// word boundaries (at characters for Chinese and Japanese, or a translation with too few
/// words) so that the pieces' lengths follow the lines' lengths in the picture.
enum UnitPieces {
    /// `lengths`: each line's extent along its reading direction, in order.
    static func split(_ translation: String, across lengths: [Int]) -> [String] {
        let text = translation.trimmingCharacters(in: .whitespaces)
        guard lengths.count > 1 else { return [text] }
        var tokens = words(of: text)
        if tokens.count < lengths.count { tokens = characters(of: text) }
        guard tokens.count >= lengths.count else {
            // Fewer characters than lines: the whole on the first line, a continuation mark after.
            return [text] + Array(repeating: "…", count: lengths.count - 1)
        }
        let sizes = tokens.map { Double($0.trimmingCharacters(in: .whitespaces).count) }
        let total = sizes.reduce(0, +)
        let width = Double(max(1, lengths.reduce(0, +)))
        var cuts: [Int] = []  // where each line after the first starts, as a token index
        var before = 0.0  // the size of the tokens before `index`
        for index in 1..<tokens.count where cuts.count < lengths.count - 1 {
            before += sizes[index - 1]
            let goal = total * Double(lengths[...cuts.count].reduce(0, +)) / width
            // Every line still to come needs a token; otherwise cut where the line ends
            // closest to its share.
            let forced = tokens.count - index == lengths.count - 1 - cuts.count
            if forced || abs(before - goal) <= abs(before + sizes[index] - goal) { cuts.append(index) }
        }
        var pieces: [String] = []
        var start = 0
        for cut in cuts + [tokens.count] {
            pieces.append(tokens[start..<cut].joined().trimmingCharacters(in: .whitespaces))
            start = cut
        }
        return pieces
    }

    /// Words, each with the space after it; one token for text without spaces.
    private static func words(of text: String) -> [String] {
        var tokens: [String] = []
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            tokens.append(String(word) + " ")
        }
        return tokens
    }

    /// Characters, with punctuation that must not start a line held to the one before it.
    private static func characters(of text: String) -> [String] {
        var tokens: [String] = []
        for character in text {
            if let last = tokens.indices.last, character == " " || isClosing(character) {
                tokens[last].append(character)
            } else {
                tokens.append(String(character))
            }
        }
        return tokens
    }

    /// Punctuation that closes what comes before it, never starting a line.
    private static func isClosing(_ character: Character) -> Bool {
        "、。，．！？：；）」』】〉》…,.!?:;)".contains(character)
    }
}
