import Testing
@testable import TextRecognition
import TextDetection
import TesseractReading

/// The choices the photo path makes from the text-line recognizer's readings.
@Suite struct PhotoLineChoiceTests {
    private func line(_ text: String, _ confidence: Double) -> RecognizedLine? {
        RecognizedLine(text: text, confidence: confidence)
    }

    private func read(_ text: String, _ confidence: Double, recognizer: Bool = true, thickness: Double = 40) -> PhotoJunkRule.Line {
        PhotoJunkRule.Line(confidence: confidence, byRecognizer: recognizer, thickness: thickness, text: text)
    }

    /// Handwriting read by the recognizer as Latin look-alikes (70-80) is dropped; print it
    /// reads surely is kept, and so is Tesseract's sure reading of a script it lacks; among
    /// Tesseract lines read at 90 and more, one read at 63 is junk.
    @Test func unsureReadingsAreJunk() {
        let lines = [read("gepebtel", 74.4), read("Card Savings", 94.1), read("именуемый в дальнейшем", 83.4, recognizer: false),
                     read("_, дата выдачи", 63.3, recognizer: false), read("Договор дарения", 95.2, recognizer: false),
                     read("квартиры", 91.0, recognizer: false), read("г. Москва", 93.7, recognizer: false)]
        #expect(PhotoJunkRule.verdicts(lines) == [.junk, .kept, .kept, .junk, .kept, .kept, .kept])
    }

    /// Tesseract's floor follows the photo's own lines: a kana line read right at 62 on a sign
    /// whose other Tesseract line is read at 94 is kept; under 50 nothing is.
    @Test func tesseractsFloorFollowsThePhoto() {
        let sign = [read("ポイ捨て禁止", 61.7, recognizer: false), read("NO LITTER", 95.5),
                    read("清潔できれいな港区を", 93.6, recognizer: false), read("港区 MINATO CITY", 92.1)]
        #expect(PhotoJunkRule.verdicts(sign) == [.kept, .kept, .kept, .kept])
        let unsure = [read("ᄒ ㅁ", 45, recognizer: false), read("서울", 52, recognizer: false), read("부산", 58, recognizer: false)]
        #expect(PhotoJunkRule.verdicts(unsure) == [.unreadable, .kept, .kept])
    }

    /// A line far thinner than the photo's others is a speck or a rule read as a letter.
    @Test func aLineMuchThinnerThanTheOthersIsJunk() {
        let lines = [read("GROCERY", 99, thickness: 40), read("Card", 98, thickness: 42), read("3.99", 97, thickness: 38),
                     read("M", 98.7, thickness: 12)]
        #expect(PhotoJunkRule.verdicts(lines) == [.kept, .kept, .kept, .junk])
        // A whole line read surely is not a speck however thin beside a shop's big name.
        // (The median is 173.5: both 68 and 20 are under 0.4 of it.)
        let shopFront = [read("金龙茶庄", 99.9, thickness: 279), read("老字号", 99.9, thickness: 279),
                         read("Golden Dragon Tea House", 99.9, thickness: 68), read("Ex", 99, thickness: 20)]
        #expect(PhotoJunkRule.verdicts(shopFront) == [.kept, .kept, .kept, .junk])
    }

    /// A line with no letter or digit is not text however sure, nor is a recognizer reading
    /// under its text floor or a line read as nothing.
    @Test func aLineWithoutLettersIsUnreadable() {
        #expect(PhotoJunkRule.verdicts([read("—·—", 99), read("49", 99.6)]) == [.unreadable, .kept])
        #expect(PhotoJunkRule.verdicts([read("Card", 72), read("Card", 65), nil]) == [.junk, .unreadable, .unreadable])
    }

    /// Unreadable lines do not count among the photo's lines: a thick pattern read as nothing
    /// does not make the thin print beside it look like specks.
    @Test func unreadableLinesAreNotMeasuredAgainst() {
        let lines = [read("GROCERY", 99, thickness: 40), read("Card", 98, thickness: 20), read("———", 99, thickness: 400),
                     read("ᄒ", 30, recognizer: false, thickness: 400)]
        #expect(PhotoJunkRule.verdicts(lines) == [.kept, .kept, .unreadable, .unreadable])
    }

    /// What the recognizer reads itself, Latin letters or digits alone, is a misreading on a
    /// line it left unread: `ag` for 평양, `66047.` for a Thai sign's name.
    @Test func latinLettersOrDigitsAloneAreTheRecognizersOwn() {
        #expect(PhotoRecognizer.isLatinOnly("ag"))
        #expect(PhotoRecognizer.isLatinOnly("66047."))
        #expect(PhotoRecognizer.isLatinOnly("Café 24"))
        #expect(!PhotoRecognizer.isLatinOnly("평양"))
        #expect(!PhotoRecognizer.isLatinOnly("12 평양"))
        #expect(!PhotoRecognizer.isLatinOnly("ห้องน้ำ"))
        #expect(!PhotoRecognizer.isLatinOnly("—."))
    }

    /// A recognizer reading (its confidence a Float, 0–1) is text from 0.7 up, with a letter or digit.
    @Test func aRecognizerReadingIsTextFromItsFloor() {
        #expect(PhotoRecognizer.isRecognizerText(RecognizedLine(text: "Card", confidence: Double(Float(0.7000001)))))
        #expect(!PhotoRecognizer.isRecognizerText(RecognizedLine(text: "Card", confidence: Double(Float(0.7)))))
        #expect(!PhotoRecognizer.isRecognizerText(RecognizedLine(text: "—", confidence: 0.99)))
    }

    /// A line the recognizer read from end to end, surely, is in a script it reads: its reading
    /// stands. A stretch read as nothing (Hangul beside "Wi-Fi"), or an unsure reading, leaves
    /// the choice to Tesseract's letters.
    @Test func aLineReadWholeAndSurelyIsTheRecognizers() {
        #expect(PhotoRecognizer.readsWhole(TextLineReading(text: "Fresh coffee daily", confidence: 0.97, unreadShare: 0)))
        #expect(!PhotoRecognizer.readsWhole(TextLineReading(text: "Wi-Fi: APT-LOUNGE", confidence: 0.93, unreadShare: 0.4)))
        #expect(!PhotoRecognizer.readsWhole(TextLineReading(text: "Mavnian", confidence: 0.64, unreadShare: 0)))
        #expect(!PhotoRecognizer.readsWhole(TextLineReading(text: "", confidence: 0, unreadShare: 1)))
    }

    /// Over a line the recognizer read whole, a Cyrillic reading by `rus+eng` in Cyrillic
    /// letters alone stays from Tesseract's usual bar: its English had Latin letters to offer
    /// for every one (a pharmacy's opening hours, which the recognizer reads as `4abl pabl`).
    /// Cyrillic mixed with Latin letters, or read with `rus` alone (which has no Latin letters
    /// to choose), takes such a line only read surer still; Hangul never does. Thai letters
    /// alone by `tha+eng` stay as Cyrillic ones do (`ประเภท`, read whole as `Us:tan`); by
    /// `tha` alone, or mixed with Latin, never.
    @Test func aReadingInALookAlikeScriptAloneStaysOverALineReadWhole() {
        let latinAndHan = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:- 中文".unicodeScalars)
        func keeps(_ text: String, _ confidence: Double, _ data: TesseractData, whole: Bool = true) -> Bool {
            PhotoRecognizer.keepsTesseract(text, confidence: confidence, data: data, overWholeLine: whole,
                                           recognizerCharacters: latinAndHan)
        }
        let russian = TesseractData(["rus", "eng"])
        #expect(keeps("Часы работы 8:00-22:00", 75, russian))
        #expect(!keeps("Часы работы 8:00-22:00", 55, russian))
        #expect(!keeps("Чacы работы", 75, russian))
        #expect(keeps("Чacы работы", 90, russian))
        #expect(!keeps("Часы работы", 75, TesseractData(["rus"])))
        #expect(keeps("Часы работы", 75, TesseractData(["rus"]), whole: false))
        #expect(!keeps("영업시간", 95, TesseractData(["kor", "eng"])))
        #expect(!keeps("Open daily", 95, russian))
        #expect(keeps("ประเภท", 75, TesseractData(["tha", "eng"])))
        #expect(!keeps("ประเภท", 95, TesseractData(["tha"])))
        #expect(!keeps("ประเภท dialog", 95, TesseractData(["tha", "eng"])))
    }

    /// Data for a script the recognizer reads as Latin look-alikes has Tesseract read every
    /// line, even one the recognizer read whole; the first languages of an automatic photo,
    /// whose Hangul the recognizer leaves unread, do not.
    @Test func dataForALookAlikeScriptHasTesseractReadLinesReadWhole() {
        #expect(PhotoRecognizer.readsLookAlikeScript(TesseractData(["rus", "eng"])))
        #expect(PhotoRecognizer.readsLookAlikeScript(TesseractData(["ukr"])))
        #expect(!PhotoRecognizer.readsLookAlikeScript(TesseractData(["kor", "eng"])))
        #expect(!PhotoRecognizer.readsLookAlikeScript(TesseractData(["chi_sim", "eng"])))
    }

    /// A line in a script the recognizer lacks is read again without the first languages'
    /// Latin-script data: `kor+eng` without English is `kor`; data with no Latin-script
    /// language, or nothing else, has no such reading.
    @Test func dataWithoutItsLatinLanguages() {
        #expect(PhotoRecognizer.withoutLatinLanguages(TesseractData(["kor", "eng"])) == TesseractData(["kor"]))
        #expect(PhotoRecognizer.withoutLatinLanguages(TesseractData(["rus", "eng", "fra"])) == TesseractData(["rus"]))
        #expect(PhotoRecognizer.withoutLatinLanguages(TesseractData(["jpn", "kor", "eng"])) == TesseractData(["jpn", "kor"]))
        #expect(PhotoRecognizer.withoutLatinLanguages(TesseractData(["tha"])) == nil)
        #expect(PhotoRecognizer.withoutLatinLanguages(TesseractData(["eng"])) == nil)
        #expect(PhotoRecognizer.withoutLatinLanguages(TesseractData(["spa", "eng"])) == nil)
    }

    /// Two readings agree on a line when their letters and digits do, in any case.
    @Test func readingsAgreeOnTheirLettersAndDigits() {
        #expect(PhotoRecognizer.sameLettersAndDigits("Open 8:00", "open 800"))
        #expect(PhotoRecognizer.sameLettersAndDigits("bosah", "BOSAH."))
        #expect(!PhotoRecognizer.sameLettersAndDigits("Us:tan", "Us:lan"))
        #expect(!PhotoRecognizer.sameLettersAndDigits("8:00", "8:01"))
    }
}
