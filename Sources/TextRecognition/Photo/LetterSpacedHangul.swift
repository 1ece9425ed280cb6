import TranslateModel

/// Korean signs are often set with wide letter-spacing (`서 울`, `비 상 구`), and Tesseract takes
/// each gap for a word space: `평양` comes out `평 양`, which a translator reads as two words.
/// Korean words are seldom a single syllable (particles join the word before them), so a line
/// read as nothing but single Hangul syllables, evenly apart, is one letter-spaced word.
enum LetterSpacedHangul {

    /// `words` (one line's, left to right, in the line's pixels) as one word when they are
    /// letter-spaced syllables of one word; nil when they are not.
    static func joined(_ words: [RecognizedWord]) -> RecognizedWord? {
        guard words.count >= 2, words.allSatisfy(isOneSyllable) else { return nil }
        let gaps = zip(words, words.dropFirst()).map { left, right in right.rect.x - (left.rect.x + left.rect.width) }
        guard let narrowest = gaps.min(), let widest = gaps.max(), narrowest > 0,
              Double(widest) <= Double(narrowest) * tuning.gapSpread,
              let rect = PixelRect.union(words.map(\.rect)) else { return nil }
        // As sure as the syllables were apart: joining them changes the words, not how surely
        // they were read (Tesseract gives a rare syllable, `켠`, 0 beside 93 and 97).
        let confidence = words.map(\.confidence).reduce(0, +) / Double(words.count)
        return RecognizedWord(rect: rect, confidence: confidence, text: words.map(\.text).joined())
    }

    /// Whether `word` is exactly one precomposed Hangul syllable.
    static func isOneSyllable(_ word: RecognizedWord) -> Bool {
        let scalars = word.text.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first else { return false }
        return (0xAC00...0xD7A3).contains(scalar.value)
    }
}
