import Testing
@testable import TranslateModel
@testable import LanguageDetection

/// Clear cases the offline detector must get right; each one names the rule it exercises.
struct LanguageDetectionTests {
    let detector = OfflineLanguageDetector()

    @Test("script decides", arguments: [
        ("안녕하세요", Language.korean),
        ("ありがとうございます", .japanese),
        ("カタカナ", .japanese),
        ("สวัสดีครับ", .thai),
        ("नमस्ते दुनिया", .hindi),
        ("Привет, мир", .russian),
    ])
    func scriptDecides(text: String, expected: Language) {
        let guess = detector.detect(text)
        #expect(guess.language == expected)
        #expect(guess.confidence > 0.9)
    }

    @Test("Simplified and Traditional Chinese by distinguishing characters", arguments: [
        ("这是我的国家", Language.chineseSimplified),
        ("這是我的國家", .chineseTraditional),
        ("这", .chineseSimplified),
        ("這", .chineseTraditional),
        ("国", .chineseSimplified),
        ("國", .chineseTraditional),
        ("简体中文", .chineseSimplified),
        ("繁體中文", .chineseTraditional),
    ])
    func chineseVariants(text: String, expected: Language) {
        #expect(detector.detect(text).language == expected)
    }

    @Test("kanji-only Japanese with a shinjitai form stays Japanese", arguments: ["駅", "図書館", "広場", "東京駅", "気温", "横浜駅前広場"])
    func shinjitai(text: String) {
        #expect(detector.detect(text).language == .japanese)
    }

    @Test("Han characters shared by all three default to Simplified Chinese")
    func sharedHanDefaultsToSimplified() {
        let guess = detector.detect("中文")
        #expect(guess.language == .chineseSimplified)
        #expect(guess.ranking.map(\.language).contains(.chineseTraditional))
    }

    @Test("no evidence is unknown", arguments: ["", "   ", "12345", "3.14", "!", "€", "#", "2024-05-01 12:30", "a", "(1)"])
    func unknown(text: String) {
        let guess = detector.detect(text)
        #expect(guess.language == nil)
        #expect(guess.confidence == 0)
    }

    @Test("a Korean line with English words is Korean", arguments: ["서울역 Seoul Station", "메뉴 Menu", "이헌재기자 uni@donga.com", "Wi-Fi 비밀번호는 카운터에 문의하세요"])
    func mixedKoreanEnglish(text: String) {
        #expect(detector.detect(text).language == .korean)
    }

    @Test("accents decide between Latin-script languages", arguments: [
        ("mañana", Language.spanish),
        ("año", .spanish),
        ("não", .portuguese),
        ("informações", .portuguese),
        ("garçon", .french),
        ("où", .french),
        ("Straße", .german),
        ("schön", .german),
        ("người", .vietnamese),
        ("Việt Nam", .vietnamese),
    ])
    func accents(text: String, expected: Language) {
        #expect(detector.detect(text).language == expected)
    }

    @Test("Catalan and Spanish told apart", arguments: [
        ("Avui tenim sopa de peix i pa amb tomàquet.", Language.catalan),
        ("La biblioteca del barri obrirà dilluns a les nou del matí.", .catalan),
        ("Si us plau, tanqueu la porta quan sortiu.", .catalan),
        ("Benvinguts a la nostra botiga", .catalan),
        ("Hoy tenemos sopa de pescado y pan con tomate.", .spanish),
        ("La biblioteca del barrio abrirá el lunes a las nueve de la mañana.", .spanish),
        ("Por favor, cierren la puerta al salir.", .spanish),
        ("Bienvenidos a nuestra tienda", .spanish),
    ])
    func catalanAndSpanish(text: String, expected: Language) {
        #expect(detector.detect(text).language == expected)
    }

    @Test("short words and phrases", arguments: [
        ("the", Language.english),
        ("Exit", .english),
        ("Entrance", .english),
        ("Ausgang", .german),
        ("Sortie", .french),
        ("Uscita", .italian),
        ("Salida", .spanish),
        ("Saída", .portuguese),
        ("Keluar", .indonesian),
        ("dilarang merokok", .indonesian),
        ("Lối ra", .vietnamese),
        ("Wo ist der Bahnhof?", .german),
        ("Where is the station?", .english),
        ("Où est la gare ?", .french),
        ("Dov'è la stazione?", .italian),
        ("¿Dónde está la estación?", .spanish),
        ("Onde fica a estação?", .portuguese),
    ])
    func shortText(text: String, expected: Language) {
        #expect(detector.detect(text).language == expected)
    }

    @Test("sentences")
    func sentences() {
        #expect(detector.detect("The quick brown fox jumps over the lazy dog.").language == .english)
        #expect(detector.detect("Der schnelle braune Fuchs springt über den faulen Hund.").language == .german)
        #expect(detector.detect("Le renard brun rapide saute par-dessus le chien paresseux.").language == .french)
        #expect(detector.detect("Saya ingin memesan tiket kereta ke Jakarta besok pagi.").language == .indonesian)
    }

    @Test("restricting candidates")
    func restricted() {
        let latin = OfflineLanguageDetector(candidates: [.english, .german])
        #expect(latin.detect("Bonjour tout le monde").language.map { [.english, .german].contains($0) } == true)
        #expect(latin.detect("안녕하세요").language == nil)
        #expect(Set(latin.detect("Hallo Welt").ranking.map(\.language)) == [.english, .german])
        let chinese = OfflineLanguageDetector(candidates: [.chineseSimplified, .chineseTraditional])
        #expect(chinese.detect("図書館").language != .japanese)
        let ja = OfflineLanguageDetector(candidates: [.japanese, .english])
        #expect(ja.detect("中文").language == .japanese)
    }

    @Test("confidences form a ranking that adds up to one")
    func ranking() {
        let guess = detector.detect("Buongiorno a tutti")
        #expect(guess.language == .italian)
        #expect(guess.ranking.first?.language == .italian)
        #expect(guess.ranking.count == 9)  // the Latin-script languages of the model
        let total = guess.ranking.reduce(0) { $0 + $1.confidence }
        #expect(abs(total - 1) < 1e-9)
        #expect(zip(guess.ranking, guess.ranking.dropFirst()).allSatisfy { $0.confidence >= $1.confidence })
    }

    @Test("safe to use from many threads at once")
    func concurrent() async {
        let texts = ["Hello world", "안녕하세요", "这是中文", "Guten Morgen", "Buenos días", "สวัสดี"]
        let detector = self.detector
        let expected = texts.map { detector.detect($0).language }
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { texts.map { detector.detect($0).language } == expected }
            }
            for await same in group { #expect(same) }
        }
    }
}
