import Foundation
import TranslateModel

/// Splits a line where Tesseract left a wide gap, so that a label and its value on the same
/// row of a screenshot or menu ("Wi-Fi ……… HomeNet-5G", "비빔밥 ……… 9,000원") become separate
/// boxes, each translated on its own.
///
/// Tesseract marks such gaps with runs of spaces in the line's text. The words' own texts
/// cannot rebuild the line (Korean words come back as single syllables), so the line text is
/// cut at the runs and the words are matched to the pieces by their characters, which gives
/// each piece its box. When the two do not line up, the line is kept whole.
enum LineSplitter {
    // The two gaps were in RecognitionTuning ("Lines after reading") until the Tesseract layer
    // became a module of its own; nothing else uses them. Set when line splitting was written,
    // for a label and its value on one row of a screenshot or menu; not measured since.

    /// A run of at least this many spaces separates two boxes.
    static let minimumGap = 3

    /// A gap between two words at least this many times the line's height also separates two
    /// boxes, even when Tesseract wrote it as a single space (it does, for two columns read
    /// as one line).
    static let wideGapFactor = 2.0

    static func split(_ line: RecognizedBox) -> [RecognizedBox] {
        var pieces = segments(of: line.text)
        if pieces.count <= 1 { pieces = segmentsAtWideGaps(line) }
        guard pieces.count > 1, !line.words.isEmpty else { return [collapsingSpaces(line)] }
        var result: [RecognizedBox] = []
        var words = line.words[...]
        for piece in pieces {
            var remaining = letters(of: piece)[...]
            var pieceWords: [RecognizedWord] = []
            while !remaining.isEmpty, let word = words.first {
                let wordLetters = letters(of: word.text)
                guard !wordLetters.isEmpty, remaining.starts(with: wordLetters) else { return [collapsingSpaces(line)] }
                remaining = remaining.dropFirst(wordLetters.count)
                pieceWords.append(word)
                words = words.dropFirst()
            }
            guard remaining.isEmpty, !pieceWords.isEmpty else { return [collapsingSpaces(line)] }
            let confidence = ReadingConfidence.mean(of: pieceWords, confidence: \.confidence, weight: { _ in 1 })
            result.append(RecognizedBox(rect: PixelRect.union(pieceWords.map(\.rect)) ?? line.rect, confidence: confidence,
                                        text: collapse(piece), words: pieceWords, paragraph: line.paragraph))
        }
        return words.isEmpty ? result : [collapsingSpaces(line)]
    }

    /// The pieces of the line's text between words separated by a wide gap on the page; the
    /// whole text when there is no such gap or the words do not spell the text.
    static func segmentsAtWideGaps(_ line: RecognizedBox) -> [String] {
        let words = line.words
        guard words.count > 1 else { return [line.text] }
        let threshold = Double(line.rect.height) * wideGapFactor
        var cuts: Set<Int> = []   // indices of words that start a new piece
        for index in 1..<words.count {
            let gap = words[index].rect.x - (words[index - 1].rect.x + words[index - 1].rect.width)
            if Double(gap) >= threshold { cuts.insert(index) }
        }
        guard !cuts.isEmpty else { return [line.text] }
        var pieces: [String] = []
        var current = String.UnicodeScalarView()
        var wordIndex = 0
        var remaining = letters(of: words[0].text)[...]
        for scalar in line.text.unicodeScalars {
            if scalar.properties.isWhitespace {
                current.append(scalar)
                continue
            }
            while remaining.isEmpty {
                wordIndex += 1
                guard wordIndex < words.count else { return [line.text] }
                remaining = letters(of: words[wordIndex].text)[...]
                if cuts.contains(wordIndex) {
                    pieces.append(String(current).trimmingCharacters(in: .whitespaces))
                    current = String.UnicodeScalarView()
                }
            }
            guard remaining.first == scalar else { return [line.text] }
            remaining = remaining.dropFirst()
            current.append(scalar)
        }
        guard remaining.isEmpty, wordIndex == words.count - 1 else { return [line.text] }
        pieces.append(String(current).trimmingCharacters(in: .whitespaces))
        return pieces.filter { !$0.isEmpty }
    }

    /// The text's Unicode scalars other than whitespace. Words are matched to the line scalar by
    /// scalar, since Tesseract may cut a word inside a character: a Thai consonant and its vowel
    /// mark ("ริ") come back as two words.
    static func letters(of text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { !$0.properties.isWhitespace }
    }

    /// The pieces of `text` between runs of `minimumGap` or more spaces.
    static func segments(of text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var spaces = 0
        for character in text {
            if character == " " {
                spaces += 1
                continue
            }
            if spaces >= minimumGap, !current.isEmpty {
                pieces.append(current)
                current = ""
            } else if spaces > 0, !current.isEmpty {
                current += String(repeating: " ", count: spaces)
            }
            spaces = 0
            current.append(character)
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    private static func collapsingSpaces(_ line: RecognizedBox) -> RecognizedBox {
        var copy = line
        copy.text = collapse(line.text)
        return copy
    }

    static func collapse(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
