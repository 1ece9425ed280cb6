import Foundation
import ImageDecoding
import TesseractReading
import TranslateModel

/// Words of a Korean box that the first reading took, unsurely, for Latin letters, read again
/// with the Korean data alone.
///
/// Blurred or small Hangul (the far half of a page photographed at a strong angle) read with
/// `kor+eng` comes out word by word as Latin capitals Tesseract is unsure of: `화요일` as `HAW`
/// at 58, `운행이` as `PRO` at 54, `수요일과` as `BAUM` at 5. With `kor` alone the same word
/// has no Latin letters to turn into, and reads as Hangul. Latin words read surely (`Wi-Fi`,
/// `APT-LOUNGE` in a Korean notice) are left alone.
struct HangulWordRereadRule: BoxRereadRule {

    /// The data of the first pass: Latin capitals stand for Hangul only where it read Korean.
    let firstPass: TesseractData

    /// `kor` alone, for a Korean box holding a doubtful Latin word on a page read with Korean.
    func data(for box: BoxResult, wordLists: some WordLists) -> TesseractData? {
        guard firstPass.languages.contains("kor"), box.language == .korean, box.words.contains(where: Self.isDoubtfulLatin) else { return nil }
        return TesseractData(["kor"])
    }

    /// Each line with a doubtful word, read whole: a word alone is too little for the recognizer
    /// to go on (a two-syllable word cut out reads as `|`).
    func lines(of box: BoxResult) -> [PixelRect] {
        Self.doubtfulLines(of: box).map { PixelRect.union($0.map(\.rect)) ?? box.rect }
    }

    /// A line that reads as nothing leaves only its own words.
    var needsEveryLine: Bool { false }

    /// `box` with each doubtful word replaced by what `kor` read in its place when that is Hangul
    /// (`replacement`), its text changed only there.
    func decision(for box: BoxResult, readings: [RecognizedBox?]) -> BoxRereadDecision {
        var reread = box
        for (line, reading) in zip(Self.doubtfulLines(of: box), readings) {
            guard let reading else { continue }
            for (word, read) in zip(line, Self.assigned(reading.words, to: line)) where Self.isDoubtfulLatin(word) {
                guard let replacement = Self.replacement(for: word, from: read),
                      let position = reread.words.firstIndex(of: word) else { continue }
                reread.words[position] = replacement
            }
        }
        guard reread.words != box.words else { return .keep }
        reread.text = Self.text(of: reread, replacing: box.words)
        // The words' mean, weighted by length, as near as Tesseract's box confidence gets.
        reread.confidence = ReadingConfidence.mean(of: reread.words)
        return .replace(reread, changed: true)
    }

    /// The lines of `box` that hold a doubtful word.
    static func doubtfulLines(of box: BoxResult) -> [[RecognizedWord]] {
        BoxLines.words(of: box).filter { $0.contains(where: isDoubtfulLatin) }
    }

    /// The words `kor` read on a line, given to the first reading's words of that line: each to
    /// the word whose box holds its middle, the nearest by middle when boxes overlap (Tesseract's
    /// word boxes sometimes do), so that no word read again lands in two places.
    static func assigned(_ reading: [RecognizedWord], to line: [RecognizedWord]) -> [[RecognizedWord]] {
        func middle(_ word: RecognizedWord) -> Int { word.rect.x + word.rect.width / 2 }
        var groups = Array(repeating: [RecognizedWord](), count: line.count)
        for word in reading {
            let point = middle(word)
            let holders = line.indices.filter { line[$0].rect.x <= point && point < line[$0].rect.x + line[$0].rect.width }
            let distance = { (index: Int) in abs(middle(line[index]) - point) }
            guard let nearest = holders.min(by: { distance($0) < distance($1) }) else { continue }
            groups[nearest].append(word)
        }
        return groups
    }

    /// What `kor` read in `word`'s place (`read`, from `assigned`), as one word, when that is
    /// Hangul without Latin letters and read at most `confidenceTolerance` less surely than
    /// `word`; nil otherwise.
    static func replacement(for word: RecognizedWord, from read: [RecognizedWord]) -> RecognizedWord? {
        guard !read.isEmpty else { return nil }
        // `kor` in line mode often spaces the syllables of a blurred word apart.
        let text = read.map(\.text).joined()
        let confidence = ReadingConfidence.mean(of: read, confidence: \.confidence, weight: { _ in 1 })
        let scripts = text.unicodeScalars.compactMap(WritingScript.of)
        guard scripts.contains(.hangul), !scripts.contains(.latin),
              confidence >= word.confidence - tuning.hangulTolerance else { return nil }
        return RecognizedWord(rect: word.rect, confidence: confidence, text: text)
    }

    /// A word with Latin letters, no Hangul, read less surely than `doubtfulConfidence`.
    static func isDoubtfulLatin(_ word: RecognizedWord) -> Bool {
        guard word.confidence < tuning.hangulDoubtfulConfidence else { return false }
        let scripts = word.text.unicodeScalars.compactMap(WritingScript.of)
        return scripts.contains(.latin) && !scripts.contains(.hangul)
    }

    /// `box`'s text with each word whose text changed from `before` put in its place, the rest
    /// of the text (spaces, line breaks) as it was.
    static func text(of box: BoxResult, replacing before: [RecognizedWord]) -> String {
        var text = box.text
        // Where the search goes on, in characters: a string's indices do not outlive a change.
        var searched = 0
        for (old, new) in zip(before, box.words) {
            let from = text.index(text.startIndex, offsetBy: searched)
            guard let range = text.range(of: old.text, range: from..<text.endIndex) else { continue }
            let start = text.distance(from: text.startIndex, to: range.lowerBound)
            if old.text != new.text { text.replaceSubrange(range, with: new.text) }
            searched = start + new.text.count
        }
        return text
    }
}
