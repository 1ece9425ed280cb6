import TranslateModel

/// Thai and Lao SARA AM as one character, the way the languages are written.
///
/// Tesseract's Thai data writes SARA AM (U+0E33, "ำ") as its two parts, NIKHAHIT (U+0E4D) then
/// SARA AA (U+0E32), at times with a tone mark between them: on a rendered line of five such
/// words, all five came out so. The two spellings look alike on screen, but a translation
/// service or a search sees another word. Unicode makes them equal only by compatibility
/// decomposition (NFKC), which would change much else, so the pair is joined. Lao has the same
/// pair (U+0ECD, U+0EB2 → U+0EB3).
///
/// Under a tone mark, Tesseract also reads the NIKHAHIT as the tone mark again (`ห้องน้ำ` read
/// `ห้องน้้า` on both draws of a rendered toilet sign): one consonant never carries two tone
/// marks, so a tone mark written twice before SARA AA is the tone mark over SARA AM.
///
/// Joined in the page's final boxes, not as Tesseract's text is read: a Thai word can end
/// between the two parts, and the steps before match a line's text to its words' texts.
enum SaraAm {
    /// `boxes` with their texts and their words' texts joined. Tesseract gives a Thai line's
    /// characters as words of their own, NIKHAHIT one and SARA AA the next: such a pair becomes
    /// one word, over both boxes, as sure as the less sure of the two.
    static func joined(_ boxes: [BoxResult]) -> [BoxResult] {
        boxes.map { box in
            var joined = box
            joined.text = Self.joined(box.text)
            joined.words = wordsJoined(box.words)
            return joined
        }
    }

    private static func wordsJoined(_ words: [RecognizedWord]) -> [RecognizedWord] {
        var result: [RecognizedWord] = []
        for word in words {
            if var previous = result.last, endsBeforeSaraAa(previous.text), let first = word.text.unicodeScalars.first,
               [thai.saraAa, lao.saraAa].contains(first) {
                previous.text += word.text
                previous.rect = PixelRect.union([previous.rect, word.rect]) ?? previous.rect
                previous.confidence = min(previous.confidence, word.confidence)
                result[result.count - 1] = previous
            } else {
                result.append(word)
            }
        }
        for index in result.indices {
            result[index].text = joined(result[index].text)
        }
        return result
    }

    /// Whether `text` ends with a NIKHAHIT, a NIKHAHIT and a tone mark, or a tone mark written
    /// twice, of either script.
    private static func endsBeforeSaraAa(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars.suffix(2))
        return [thai, lao].contains { script in
            scalars.last == script.nikhahit
                || (scalars.count == 2 && scalars[0] == script.nikhahit && script.toneMarks.contains(scalars[1]))
                || (scalars.count == 2 && scalars[0] == scalars[1] && script.toneMarks.contains(scalars[1]))
        }
    }

    private struct Script {
        let nikhahit: Unicode.Scalar
        let saraAa: Unicode.Scalar
        let saraAm: Unicode.Scalar
        let toneMarks: ClosedRange<Unicode.Scalar>
    }

    private static let thai = Script(nikhahit: "\u{0E4D}", saraAa: "\u{0E32}", saraAm: "\u{0E33}", toneMarks: "\u{0E48}"..."\u{0E4B}")
    private static let lao = Script(nikhahit: "\u{0ECD}", saraAa: "\u{0EB2}", saraAm: "\u{0EB3}", toneMarks: "\u{0EC8}"..."\u{0ECB}")

    /// `text` with every NIKHAHIT + SARA AA (a tone mark between them allowed) as SARA AM, the
    /// tone mark first, as it is typed, and a tone mark written twice before SARA AA as the
    /// tone mark and SARA AM; everything else as it was.
    static func joined(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: { $0 == thai.saraAa || $0 == lao.saraAa }) else { return text }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if let script = [thai, lao].first(where: { $0.toneMarks.contains(scalar) }), index + 2 < scalars.count,
               scalars[index + 1] == scalar, scalars[index + 2] == script.saraAa {
                result.append(scalar)
                result.append(script.saraAm)
                index += 3
                continue
            }
            if let script = [thai, lao].first(where: { $0.nikhahit == scalar }) {
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                if next == script.saraAa {
                    result.append(script.saraAm)
                    index += 2
                    continue
                }
                if let tone = next, script.toneMarks.contains(tone), index + 2 < scalars.count, scalars[index + 2] == script.saraAa {
                    result.append(tone)
                    result.append(script.saraAm)
                    index += 3
                    continue
                }
            }
            result.append(scalar)
            index += 1
        }
        return String(result)
    }
}
