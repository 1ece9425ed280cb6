import TesseractReading
import TextDetection
import TranslateModel

/// Lines in a script the recognizer lacks but reads through anyway, as Latin look-alikes.
///
/// The recognizer reads Cyrillic capitals and Thai words whole and surely as Latin letters
/// (`АПТЕКА` as `ANTEKA`, `ประเภท` as `Us:tan` at 0.87), and such a reading passes every test
/// of a line read whole. When the photo's data reads one of those scripts, Tesseract reads
/// every line too, and a reading in that script's letters alone by data that has English
/// takes the line. A Thai one is checked first by English data alone, which reads a Latin line
/// that `tha+eng` turned into Thai letters (`language` as `ลทยนลยอ` at 93) the way it is.
extension PhotoRecognizer {
    /// The scripts whose lines the recognizer reads through as Latin look-alikes. Hangul it
    /// leaves partly unread; Devanagari is not known to be read so.
    static let lookAlikeScripts: Set<WritingScript> = [.cyrillic, .thai]

    /// Whether `text`, read with `data`, is in the letters of one look-alike script alone
    /// (`lookAlikeScripts`) although `data` has English, whose Latin letters Tesseract would
    /// have chosen for a Latin line.
    static func isLookAlikeScriptOverLatin(_ text: String, data: TesseractData) -> Bool {
        lookAlikeScript(of: text, data: data) != nil
    }

    /// The look-alike script `text`'s letters are all in, when `data` has English too.
    static func lookAlikeScript(of text: String, data: TesseractData) -> WritingScript? {
        // The data first: it settles most lines of most photos without a look at the text.
        guard data.languages.contains("eng") else { return nil }
        let scripts = Set(text.unicodeScalars.filter(\.properties.isAlphabetic).map(WritingScript.of))
        guard scripts.count == 1, let script = scripts.first ?? nil, lookAlikeScripts.contains(script) else { return nil }
        return script
    }

    /// Whether `data` reads a look-alike script (`lookAlikeScripts`): a line the recognizer
    /// reads whole and surely may then be such look-alikes, and Tesseract reads it too.
    static func readsLookAlikeScript(_ data: TesseractData) -> Bool {
        data.languages.contains { name in
            Language.allCases.contains { $0.tesseractName == name && lookAlikeScripts.contains($0.script) }
        }
    }

    /// Every reading in Thai letters alone that would take a line the recognizer read whole
    /// (`isLookAlikeScriptOverLatin`), set beside English data's reading of the line, which
    /// takes its place when it reads what the recognizer read, or scores higher (`score`).
    /// English data mostly reads a Thai word as scattered letters, unsurely, and a Latin line
    /// as it is: `tha+eng` read `serves` as `เรอเขอร` at 93, and English data `serves` (at 0:
    /// Tesseract's confidence alone would not do). Two readers agreeing on Latin letters can
    /// both be misled by Thai shapes (`ประเภท` read `Us:tan` by both), but seldom are.
    /// Cyrillic capitals are left as they are: English data reads them as the same Latin
    /// letters as the recognizer does.
    func readThaiOverWholeLinesInEnglish(_ readings: inout [Reading?], lines: [LineImage],
                                         recognized: [RecognizedLine?]) throws(OCRError) {
        for index in readings.indices {
            guard let reading = readings[index], Self.lookAlikeScript(of: reading.text, data: reading.data) == .thai,
                  let read = recognized[index], readsWholeInItsLetters(read),
                  let english = engines.engine(for: .english),
                  let again = try self.read(lines[index], preparation: reading.preparation, quarterTurns: reading.quarterTurns,
                                            engine: english),
                  Self.sameLettersAndDigits(again.text, read.text) || score(again) > score(reading) else { continue }
            readings[index] = again
        }
    }

    /// Whether two readings have the same letters and digits, in any case.
    static func sameLettersAndDigits(_ one: String, _ other: String) -> Bool {
        func kept(_ text: String) -> String {
            String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }))
        }
        return kept(one) == kept(other)
    }
}
