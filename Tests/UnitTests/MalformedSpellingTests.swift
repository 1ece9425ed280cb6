import Testing
@testable import TextRecognition

/// Readings no text can have, set aside however sure Tesseract is of them.
@Suite struct MalformedSpellingTests {
    /// Thai data's readings of signs in other scripts, on scenes shot again and photos on their side.
    @Test(arguments: ["ัฆม", "[แะ แร|", "โตภัตโท6๓หอนน6", "จตะอ๒ดรร", "16เ๒แหหเธ1", "ข ุ", "7๒16ศ อภอากหตภรฑ", "าไตโหธิลา๒", "(ะกา"])
    func impossibleSpellingIsMalformed(text: String) {
        #expect(MalformedSpelling.isMalformed(text))
    }

    /// Thai as Tesseract reads real signs (a doubled tone mark among them), digits beside Thai words,
    /// marks on Devanagari, Latin and kana letters, and text in other scripts.
    @Test(arguments: ["ห้องน้้า", "เส้นทางลัด", "สถานีตํารวอ", "ยินดีต๊อนรับ", "ร้านกาแฟ", "ชั้น 2", "ซอย 7 ถนนสุขุมวิท",
                      "ราคา 120 บาท", "๒๕๖๗", "नमस्ते दुनिया", "Mañana", "cafe\u{301}", "か\u{3099}", "정지", "3층", "Круглосуточно",
                      "8:00-22:00", "ทางออก", "น้ำ", "ดี ๆ", "อาจ รย์กฤษดา", "ท าง", "๒๕๔๕หน้าปก", "2545", "ชั้น 12", ""])
    func wellFormedTextIsNot(text: String) {
        #expect(!MalformedSpelling.isMalformed(text))
    }

    /// On a line the recognizer left mostly unread, Latin alone is a misreading; anywhere, a
    /// malformed reading is; a Latin reading of a line the recognizer read is not.
    @Test func misreadings() {
        #expect(PhotoRecognizer.isMisreading("ag", leftUnread: true))
        #expect(!PhotoRecognizer.isMisreading("ag", leftUnread: false))
        #expect(PhotoRecognizer.isMisreading("ัฆม", leftUnread: false))
        #expect(!PhotoRecognizer.isMisreading("평양", leftUnread: true))
    }
}
