import Testing
@testable import TranslateCLI

/// The particle a Korean message takes after the word filled in before it.
@Suite struct KoreanParticlesTests {
    @Test func theWordBeforeChoosesTheParticle() {
        // Hangul: by the final consonant; ㄹ takes 로.
        #expect(KoreanParticles.chosen(in: "한국어을(를) 번역") == "한국어를 번역")
        #expect(KoreanParticles.chosen(in: "일본 문서을(를)") == "일본 문서를")
        #expect(KoreanParticles.chosen(in: "파일을(를)") == "파일을")
        #expect(KoreanParticles.chosen(in: "서울(으)로") == "서울로")
        #expect(KoreanParticles.chosen(in: "부산(으)로") == "부산으로")
        #expect(KoreanParticles.chosen(in: "사과와(과) 배") == "사과와 배")
        // Codes read letter by letter, digits as numbers, past closing quotes.
        #expect(KoreanParticles.chosen(in: "'en'을(를) 뜻했나요?") == "'en'을 뜻했나요?")
        #expect(KoreanParticles.chosen(in: "'ko'을(를) 뜻했나요?") == "'ko'를 뜻했나요?")
        #expect(KoreanParticles.chosen(in: "값 '0'이(가)") == "값 '0'이")
        #expect(KoreanParticles.chosen(in: "libheif1이(가)") == "libheif1이")
        // A longer word, a symbol or a placeholder keeps both forms.
        #expect(KoreanParticles.chosen(in: "'--format'을(를)") == "'--format'을(를)")
        #expect(KoreanParticles.chosen(in: "'%1'을(를)") == "'%1'을(를)")
        #expect(KoreanParticles.chosen(in: "…은(는)") == "…은(는)")
        #expect(KoreanParticles.chosen(in: "no particles (here)") == "no particles (here)")
    }
}
