import Testing
@testable import TranslatePipeline
import TranslateModel

/// Lines grouped into translation units: a wrapped sentence is one unit, a list is one per row.
struct TranslationUnitsTests {
    /// A page of lines at the given rectangles, all in `language`.
    private func page(_ lines: [(String, PixelRect)], language: Language = .spanish) -> ImageResult {
        var result = ImageResult(file: "page.png", page: 1, width: 720, height: 720, source: language)
        result.boxes = lines.enumerated().map { index, line in
            BoxResult(id: index, rect: line.1, confidence: 95, language: language, text: line.0)
        }
        return result
    }

    private func units(_ result: ImageResult) -> [Int?] {
        var result = result
        TranslationUnits.assign(&result)
        return result.boxes.map(\.unit)
    }

    @Test func aSentenceWrappedOverThreeLinesIsOneUnit() {
        let result = page([
            ("El tren que sale de Madrid a las", PixelRect(x: 40, y: 40, width: 400, height: 24)),
            ("ocho llega a Sevilla con dos horas", PixelRect(x: 40, y: 72, width: 410, height: 24)),
            ("de retraso por la tormenta de nieve.", PixelRect(x: 40, y: 104, width: 430, height: 24)),
        ])
        #expect(units(result) == [0, 0, 0])
    }

    @Test func aLineEndingASentenceStartsTheNextUnit() {
        let result = page([
            ("Avui obrim a les nou del matí. Si us", PixelRect(x: 40, y: 40, width: 420, height: 24)),
            ("plau, tanqueu la porta quan sortiu.", PixelRect(x: 40, y: 72, width: 410, height: 24)),
            ("Els llibres es tornen al taulell i la", PixelRect(x: 40, y: 104, width: 420, height: 24)),
            ("sala obre a les deu.", PixelRect(x: 40, y: 136, width: 230, height: 24)),
        ], language: .catalan)
        #expect(units(result) == [0, 0, 1, 1])
    }

    @Test func aListOfShortRowsKeepsOneUnitPerRow() {
        let result = page([
            ("Wi-Fi", PixelRect(x: 20, y: 40, width: 60, height: 20)),
            ("Bluetooth", PixelRect(x: 20, y: 70, width: 100, height: 20)),
            ("Notificaciones", PixelRect(x: 20, y: 100, width: 150, height: 20)),
        ])
        #expect(units(result) == [0, 1, 2])
    }

    @Test func menuRowsEndingInPricesStaySeparate() {
        let result = page([
            ("Tortilla de patatas con pan 4,50", PixelRect(x: 20, y: 40, width: 400, height: 22)),
            ("Ensalada mixta de la casa 6,00 €", PixelRect(x: 20, y: 68, width: 390, height: 22)),
            ("Sopa de tomate con pan tostado 3,80 €", PixelRect(x: 20, y: 96, width: 420, height: 22)),
        ])
        #expect(units(result) == [0, 1, 2])
    }

    @Test func aShortLineDoesNotContinueEvenWithoutAPeriod() {
        // The last line of a paragraph without a full stop, then a new paragraph.
        let result = page([
            ("Hasta pronto", PixelRect(x: 40, y: 40, width: 150, height: 24)),
            ("Nos vemos el lunes en la oficina de", PixelRect(x: 40, y: 72, width: 420, height: 24)),
            ("la calle Mayor.", PixelRect(x: 40, y: 104, width: 170, height: 24)),
        ])
        #expect(units(result) == [0, 1, 1])
    }

    @Test func linesFarApartOrOfAnotherSizeAreOtherBlocks() {
        let result = page([
            ("Aviso importante para los vecinos del", PixelRect(x: 40, y: 40, width: 600, height: 40)),
            ("edificio que viven en la tercera planta", PixelRect(x: 40, y: 90, width: 420, height: 22)),
            ("y en la cuarta desde el mes pasado", PixelRect(x: 40, y: 180, width: 400, height: 22)),
        ])
        #expect(units(result) == [0, 1, 2])
    }

    @Test func linesInAnotherLanguageAreNotJoined() {
        var result = page([
            ("El horario de la biblioteca cambia", PixelRect(x: 40, y: 40, width: 420, height: 24)),
            ("the library opening hours change", PixelRect(x: 40, y: 72, width: 420, height: 24)),
        ])
        result.boxes[1].language = .english
        #expect(units(result) == [0, 1])
    }

    @Test func aCentredSignWrapsToo() {
        let result = page([
            ("Por favor no dejen bicicletas", PixelRect(x: 110, y: 40, width: 500, height: 40)),
            ("delante de la puerta", PixelRect(x: 190, y: 92, width: 340, height: 40)),
        ])
        #expect(units(result) == [0, 0])
    }

    @Test func aBulletStartsANewUnit() {
        let result = page([
            ("Para entrar necesitas traer contigo", PixelRect(x: 40, y: 40, width: 420, height: 24)),
            ("• el pasaporte y una foto reciente", PixelRect(x: 40, y: 72, width: 420, height: 24)),
        ])
        #expect(units(result) == [0, 1])
    }

    @Test func aLabelAndItsValueOnOneRowAreNotJoinedToTheNextRow() {
        let result = page([
            ("받는 분", PixelRect(x: 16, y: 40, width: 52, height: 17)),
            ("홍길동", PixelRect(x: 300, y: 40, width: 48, height: 17)),
            ("은행", PixelRect(x: 16, y: 66, width: 34, height: 17)),
            ("국민은행", PixelRect(x: 284, y: 66, width: 64, height: 17)),
        ], language: .korean)
        #expect(units(result) == [0, 1, 2, 3])
    }

    @Test func chineseColumnsReadRightToLeftJoin() {
        let result = page([
            ("今天下午三点的会议改到", PixelRect(x: 600, y: 40, width: 30, height: 330)),
            ("明天上午。", PixelRect(x: 560, y: 40, width: 30, height: 150)),
        ], language: .chineseSimplified)
        #expect(units(result) == [0, 0])
    }

    @Test func itemsWithTheirPricesBesideThemAreTableRows() {
        // Each row is an item and, apart on its right, its price: long items do not wrap into the next.
        var result = page([
            ("Salmón a la plancha con arroz y verduras", PixelRect(x: 40, y: 40, width: 460, height: 24)),
            ("13,50 €", PixelRect(x: 600, y: 40, width: 80, height: 24)),
            ("Lasaña de verduras con queso gratinado", PixelRect(x: 40, y: 72, width: 450, height: 24)),
            ("10,20 €", PixelRect(x: 600, y: 72, width: 80, height: 24)),
        ])
        result.boxes[1].language = nil
        result.boxes[3].language = nil
        #expect(units(result) == [0, 1, 2, 3])
    }

    @Test func aChatBubblesLastLineWithItsTimeBesideItStillContinues() {
        var result = page([
            ("Nos vemos el lunes en la oficina de", PixelRect(x: 40, y: 40, width: 420, height: 24)),
            ("la calle Mayor a las diez.", PixelRect(x: 40, y: 72, width: 300, height: 24)),
            ("10:41", PixelRect(x: 360, y: 76, width: 50, height: 16)),
        ])
        result.boxes[2].language = nil
        #expect(units(result) == [0, 0, 1])
    }

    @Test func aShortFragmentTheDetectorGaveAnotherLanguageStaysWithItsSentence() {
        var result = page([
            ("Les portes obren a les set, així que podem", PixelRect(x: 40, y: 40, width: 440, height: 24)),
            ("quedar a l'estació cap a dos quarts de", PixelRect(x: 40, y: 72, width: 430, height: 24)),
            ("set.", PixelRect(x: 40, y: 104, width: 40, height: 24)),
        ], language: .catalan)
        result.boxes[2].language = .english
        #expect(units(result) == [0, 0, 0])
    }

    @Test func aLastLineOfOneKanaAndAStopIsNotTooSmallToJoin() {
        let result = page([
            ("駅の近くで軽く夕飯を食べてから行こ", PixelRect(x: 30, y: 40, width: 300, height: 17)),
            ("う。", PixelRect(x: 30, y: 64, width: 19, height: 10)),
        ], language: .japanese)
        #expect(units(result) == [0, 0])
    }

    @Test func linesOfAPageHeldAskewJoinAsOnAFlatPage() {
        // Tilted 8°: each line's rectangle is as tall as its slant and overlaps the next one's,
        // so only their corners, turned back, show two lines one under the other.
        func line(_ text: String, y: Int) -> BoxResult {
            let (width, height, slope) = (420, 24, 0.14)
            let rise = Int(Double(width) * slope)
            let corners = [PixelPoint(x: 40, y: y + rise), PixelPoint(x: 40 + width, y: y), PixelPoint(x: 40 + width, y: y + height),
                           PixelPoint(x: 40, y: y + rise + height)]
            return BoxResult(id: 0, rect: PixelRect(x: 40, y: y, width: width, height: rise + height), confidence: 90,
                             language: .english, text: text, polygon: corners)
        }
        var result = ImageResult(file: "photo.jpg", page: 1, width: 800, height: 800, source: .english)
        result.boxes = [line("The water supply to all flats in Block C will", y: 100),
                        line("be turned off on Tuesday between nine and", y: 132),
                        line("three while the main valve is replaced.", y: 164)]
        #expect(units(result) == [0, 0, 0])
    }

    @Test func theUnitTextJoinsBySpaceOrByNothingForUnspacedScripts() {
        #expect(UnitText.joined(["El tren que", "sale de Madrid"]) == "El tren que sale de Madrid")
        #expect(UnitText.joined(["今天下午三点的会议改到", "明天上午。"]) == "今天下午三点的会议改到明天上午。")
        #expect(UnitText.joined(["오늘 회의는 세 시에서", "네 시로 바뀌었어요"]) == "오늘 회의는 세 시에서 네 시로 바뀌었어요")
        #expect(UnitText.joined(["the infor-", "mation desk"]) == "the information desk")
        #expect(UnitText.joined(["Jean-", "Paul"]) == "Jean- Paul")
    }
}

/// A unit's translation split back onto its lines.
struct UnitPiecesTests {
    @Test func piecesFollowTheLinesLengthsAtWordBoundaries() {
        let pieces = UnitPieces.split("The train that leaves Madrid at eight arrives in Seville two hours late because of the snowstorm.",
                                      across: [400, 410, 430])
        #expect(pieces.count == 3)
        #expect(pieces.allSatisfy { !$0.isEmpty })
        #expect(pieces.joined(separator: " ") == "The train that leaves Madrid at eight arrives in Seville two hours late because of the snowstorm.")
        // Three lines of about the same length get about a third each.
        #expect(pieces.allSatisfy { $0.count >= 20 && $0.count <= 45 })
    }

    @Test func chineseIsCutAtCharactersWithoutStartingALineWithPunctuation() {
        let pieces = UnitPieces.split("今天的会议改到四点，请准时参加。", across: [300, 300])
        #expect(pieces.joined() == "今天的会议改到四点，请准时参加。")
        #expect(pieces.count == 2)
        #expect(!pieces[1].hasPrefix("，") && !pieces[1].hasPrefix("。"))
    }

    @Test func everyLineGetsAPieceEvenFromAShortTranslation() {
        let pieces = UnitPieces.split("Closed today", across: [300, 300, 300])
        #expect(pieces.count == 3 && pieces.allSatisfy { !$0.isEmpty })
        #expect(UnitPieces.split("OK", across: [100, 100, 100]) == ["OK", "…", "…"])
    }

    @Test func aShortLastLineGetsAShortPiece() {
        let pieces = UnitPieces.split("We open at nine tomorrow morning and close at six in the evening", across: [500, 500, 100])
        #expect(pieces.count == 3)
        #expect(pieces[2].split(separator: " ").count <= 2)
    }
}
