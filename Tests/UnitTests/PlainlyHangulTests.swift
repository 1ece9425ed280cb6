import Testing
@testable import TextRecognition

/// A poorly read page that is plainly Korean is not read again with every other script's data.
@Suite struct PlainlyHangulTests {
    /// Lines of a blurred notice as `kor+eng` read them: Hangul, with a Latin word or two.
    static let blurredNotice = """
        아파트 관리사무소 안내문 Cee Sera 빌려 니입니나 18 14월무터 bee 침결이 입습니다.
        HAW 도전 5시무터 오후 DIT CR 선제에 VON SHU 입오니 미리 BH 받아 두시기 바랍니다
        """

    @Test func aLongHangulReadingThatOrientationDetectionCallsHangulIsPlain() {
        #expect(PageRecognizer.isPlainlyHangul(Self.blurredNotice, readWith: ["kor", "eng"], script: "Hangul"))
    }

    /// Short text, another script seen, mostly Latin letters, or data without Korean: the
    /// other scripts still get their try.
    @Test func anythingLessIsLeftToTheFallbacks() {
        #expect(!PageRecognizer.isPlainlyHangul("설정 저장 취소", readWith: ["kor", "eng"], script: "Hangul"))
        #expect(!PageRecognizer.isPlainlyHangul(Self.blurredNotice, readWith: ["kor", "eng"], script: "Latin"))
        #expect(!PageRecognizer.isPlainlyHangul(Self.blurredNotice, readWith: ["kor", "eng"], script: nil))
        #expect(!PageRecognizer.isPlainlyHangul(Self.blurredNotice, readWith: ["eng"], script: "Hangul"))
        let mostlyLatin = "AR BA SHU VON RAVE PANE 관리 " + String(repeating: "HAW ", count: 20)
        #expect(!PageRecognizer.isPlainlyHangul(mostlyLatin, readWith: ["kor", "eng"], script: "Hangul"))
    }
}
