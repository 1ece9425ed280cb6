import Testing
import TranslateModel
@testable import TextRecognition

/// What becomes of a page's lines once missed ink is read, with made-up readings: one test per
/// decision. The prepared image is the original here (no enlarging), lines 20 pixels tall.
@Suite struct MissedLinesTests {
    private func line(_ text: String, x: Int, y: Int = 100, width: Int? = nil, confidence: Double = 95, paragraph: Int = 0) -> RecognizedBox {
        let rect = PixelRect(x: x, y: y, width: width ?? 20 * text.count, height: 20)
        return RecognizedBox(rect: rect, confidence: confidence, text: text,
                             words: [RecognizedWord(rect: rect, confidence: confidence, text: text)], paragraph: paragraph)
    }

    private func page(_ lines: [RecognizedBox]) -> (MissedLines, RecognizedPage) {
        let missed = MissedLines(lines: lines, rects: lines.map(\.rect))!
        return (missed, RecognizedPage(lines: lines, paragraphs: lines))
    }

    @Test("short lines read unsurely and symbols alone are doubtful; sure short lines and long ones are not")
    func doubtfulLines() {
        #expect(MissedLines.isDoubtful(line("z", x: 0, confidence: 57)))
        #expect(MissedLines.isDoubtful(line("OH", x: 0, confidence: 74)))
        #expect(!MissedLines.isDoubtful(line("MY", x: 0, confidence: 84)))
        #expect(MissedLines.isDoubtful(line("=", x: 0, confidence: 95)))
        #expect(!MissedLines.isDoubtful(line("Wireless", x: 0, confidence: 40)))
        let (missed, _) = page([line("설정", x: 10), line("z", x: 10, y: 300, confidence: 57)])
        #expect(missed.doubtful == [1])
        #expect(missed.covered == [PixelRect(x: 10, y: 100, width: 40, height: 20)])
    }

    @Test("a short line much thinner than the page's lines is a piece, however surely it was read")
    func thinShortLinesArePieces() {
        #expect(MissedLines.isPiece(line("주문", x: 0, confidence: 97), height: 4, lineHeight: 20))
        #expect(!MissedLines.isPiece(line("주문", x: 0, confidence: 97), height: 14, lineHeight: 20))
        #expect(!MissedLines.isPiece(line("Network settings", x: 0), height: 4, lineHeight: 20))
        let thin = RecognizedBox(rect: PixelRect(x: 100, y: 300, width: 40, height: 4), confidence: 97, text: "주문", words: [], paragraph: 0)
        #expect(MissedLines(lines: [line("배송 조회", x: 10, y: 40), line("조회", x: 10, y: 80), thin],
                            rects: [PixelRect(x: 10, y: 40, width: 100, height: 20), PixelRect(x: 10, y: 80, width: 40, height: 20),
                                    thin.rect])?.doubtful == [2])
    }

    @Test("a sure reading over two doubtful pieces replaces the first and removes the second")
    func sureReadingReplacesDoubtfulPieces() {
        let (missed, before) = page([line("배송", x: 10, y: 40), line("주무", x: 100, y: 300, width: 40, confidence: 72),
                                     line("Tr", x: 100, y: 310, width: 40, confidence: 70)])
        let reading = line("주문", x: 100, y: 300, width: 40, confidence: 96)
        let after = missed.applied([(reading, reading)], shapes: [], to: before)
        #expect(after.page.lines.map(\.text) == ["배송", "주문"])
        #expect(after.note == .missedLines(.init(readAgain: 1)))
    }

    @Test("a replacement goes to its place in reading order; a paragraph of that line alone takes its text")
    func replacementAloneTakesItsReadingPlace() {
        let (missed, before) = page([line("배송", x: 10, y: 40), line("주문", x: 334, y: 300, paragraph: 1),
                                     line("앱", x: 591, y: 300, paragraph: 2), line("=", x: 104, y: 300, paragraph: 3)])
        let reading = line("홈", x: 104, y: 300, confidence: 96)
        let after = missed.applied([(reading, reading)], shapes: [], to: before)
        #expect(after.page.lines.map(\.text) == ["배송", "홈", "주문", "앱"])
        #expect(after.page.lines.map(\.paragraph) == [0, 3, 1, 2])
        #expect(after.page.paragraphs.map(\.text) == ["배송", "주문", "앱", "홈"])
    }

    @Test("a doubtful piece just under a line read whole is the rest of that line, and a sure reading of both replaces them")
    func lineCutAcrossIsReadWhole() {
        let upper = RecognizedBox(rect: PixelRect(x: 20, y: 111, width: 54, height: 12), confidence: 96, text: "블루투스", words: [], paragraph: 1)
        let lower = RecognizedBox(rect: PixelRect(x: 22, y: 123, width: 53, height: 6), confidence: 46, text: "arr", words: [], paragraph: 2)
        let lines = [line("네트워크", x: 20, y: 28), upper, lower, line("꺼짐", x: 308, y: 108, paragraph: 3)]
        let missed = MissedLines(lines: lines, rects: lines.map(\.rect))!
        #expect(missed.cutAcross.map { [$0.line, $0.piece] } == [[1, 2]])
        #expect(missed.cutAcross.first?.rect == PixelRect(x: 20, y: 111, width: 55, height: 18))
        let whole = line("블루투스", x: 20, y: 111, confidence: 95)
        let before = RecognizedPage(lines: lines, paragraphs: lines)
        let after = missed.applied([], shapes: [], wholes: [(line: 1, piece: 2, reading: whole)], to: before)
        #expect(after.page.lines.map(\.text) == ["네트워크", "블루투스", "꺼짐"])
        #expect(after.page.lines[1].paragraph == 1)
        #expect(after.note == .missedLines(.init(rejoined: 1)))
        // A reading with fewer letters than the part read whole, or an unsure one, changes nothing.
        for reading in [line("블루", x: 20, y: 111, confidence: 95), line("블루투스", x: 20, y: 111, confidence: 80)] {
            #expect(missed.applied([], shapes: [], wholes: [(line: 1, piece: 2, reading: reading)], to: before).page.lines.count == 4)
        }
        // Two lines a row apart are not one line.
        let rows = [line("설정", x: 20, y: 100), line("OH", x: 20, y: 130, confidence: 60)]
        #expect(MissedLines(lines: rows, rects: rows.map(\.rect))!.cutAcross.isEmpty)
    }

    @Test("a piece that read again the word a line stopped inside replaces that word instead of repeating it")
    func pieceReadingALinesLastWordAgainReplacesIt() {
        let words = [RecognizedWord(rect: PixelRect(x: 10, y: 100, width: 40, height: 20), confidence: 95, text: "알림이"),
                     RecognizedWord(rect: PixelRect(x: 60, y: 100, width: 14, height: 20), confidence: 80, text: "울")]
        let read = RecognizedBox(rect: PixelRect(x: 10, y: 100, width: 64, height: 20), confidence: 90, text: "알림이 울",
                                 words: words, paragraph: 0)
        let joined = MissedLines.joined(read, line("울리지", x: 60), before: false)
        #expect(joined.text == "알림이 울리지")
        #expect(joined.words.map(\.text) == ["알림이", "울리지"])
        // A piece beside the line's last word, not over it, is joined as it is.
        #expect(MissedLines.joined(read, line("울리지", x: 80), before: false).text == "알림이 울 울리지")
    }

    @Test("an unsure reading over a doubtful line leaves it")
    func unsureReadingLeavesTheLine() {
        let (missed, before) = page([line("배송", x: 10, y: 40), line("a", x: 100, y: 300, confidence: 45)])
        let reading = line("cL}", x: 100, y: 300, confidence: 60)
        let after = missed.applied([(reading, reading)], shapes: [], to: before)
        #expect(after.page.lines.map(\.text) == ["배송", "a"])
        #expect(after.note == nil)
    }

    @Test("a piece just past a line's end completes it; a line apart is placed in reading order as its own paragraph")
    func piecesCompleteLinesAndOthersStandAlone() {
        let (missed, before) = page([line("画面の明るさ", x: 10, y: 100), line("言語", x: 10, y: 200, paragraph: 1)])
        let piece = line("自動", x: 135, y: 100)
        let tab = line("ホーム", x: 10, y: 300)
        let value = line("日本語", x: 300, y: 200)
        let after = missed.applied([(piece, piece), (tab, tab), (value, value)], shapes: [], to: before)
        #expect(after.page.lines.map(\.text) == ["画面の明るさ自動", "言語", "日本語", "ホーム"])
        #expect(after.page.lines.map(\.paragraph) == [0, 1, 2, 3])
        #expect(after.page.paragraphs.count == 4)
        #expect(after.note == .missedLines(.init(found: 2, completed: 1)))
    }

    @Test("a doubtful line of letters over a filled dot is dropped as a drawn shape; a count on a badge stays")
    func drawnShapesAreDropped() {
        let (missed, before) = page([line("검색", x: 10, y: 40), line("e", x: 100, y: 300, confidence: 60),
                                     line("3", x: 200, y: 300, confidence: 60)])
        let dot = MissedInk.Cluster(rect: PixelRect(x: 100, y: 302, width: 16, height: 16), solidShare: 0.25)
        let badge = MissedInk.Cluster(rect: PixelRect(x: 200, y: 302, width: 16, height: 16), solidShare: 0.25)
        let strokes = MissedInk.Cluster(rect: PixelRect(x: 10, y: 40, width: 40, height: 20), solidShare: 0)
        let shapes = missed.drawnShapes(among: [dot, badge, strokes])
        #expect(shapes == [1])
        let after = missed.applied([], shapes: shapes, to: before)
        #expect(after.page.lines.map(\.text) == ["검색", "3"])
        #expect(after.page.dropped.map(\.reason) == [.filledShape])
        #expect(after.note == .missedLines(.init(drawnShapes: 1)))
    }

    @Test("a doubtful piece lying inside a line read whole is dropped; one beside it stays")
    func piecesInsideReadLinesAreDropped() {
        let whole = line("푸시 알림", x: 16, y: 70, width: 58)
        let inside = RecognizedBox(rect: PixelRect(x: 17, y: 72, width: 11, height: 6), confidence: 93, text: "프", words: [], paragraph: 0)
        let beside = line("a", x: 200, y: 70, confidence: 40)
        let (missed, before) = page([line("알림 설정", x: 16, y: 18), whole, inside, beside])
        #expect(missed.piecesOfReadLines == [2])
        let after = missed.applied([], shapes: [], to: before)
        #expect(after.page.lines.map(\.text) == ["알림 설정", "푸시 알림", "a"])
        #expect(after.page.dropped.map(\.reason) == [.pieceOfLine])
        #expect(after.note == .missedLines(.init(pieces: 1)))
    }

    @Test("a missed Han piece joins its line without a space, a Latin or Hangul one with one")
    func piecesJoinTheirLine() {
        let han = MissedLines.joined(line("動", x: 40), line("自", x: 18), before: true)
        #expect(han.text == "自動")
        #expect(han.rect == PixelRect(x: 18, y: 100, width: 42, height: 20))
        #expect(han.words.map(\.text) == ["自", "動"])
        #expect(MissedLines.joined(line("Battery", x: 10), line("87%", x: 160), before: false).text == "Battery 87%")
        #expect(MissedLines.joined(line("사용 가능한", x: 10), line("공간", x: 200), before: false).text == "사용 가능한 공간")
    }

    @Test("a missed line goes before the first line below it, or beside it on its row to its right")
    func missedLinesTakeTheirPlaceInReadingOrder() {
        let lines = [line("title", x: 10, y: 10), line("label", x: 10, y: 100), line("value", x: 300, y: 100), line("note", x: 10, y: 200)]
        #expect(MissedLines.readingPlace(of: PixelRect(x: 150, y: 102, width: 40, height: 18), among: lines) == 2)
        #expect(MissedLines.readingPlace(of: PixelRect(x: 10, y: 150, width: 40, height: 18), among: lines) == 3)
        #expect(MissedLines.readingPlace(of: PixelRect(x: 10, y: 300, width: 40, height: 18), among: lines) == 4)
    }

    @Test("a missed line is kept when sure, or unsure with more than two figures")
    func keptReadings() {
        #expect(MissedLines.keeps(line("홈", x: 0, confidence: 95)))
        #expect(MissedLines.keeps(line("W5,000", x: 0, confidence: 39)))
        #expect(!MissedLines.keeps(line("a", x: 0, confidence: 37)))
        #expect(!MissedLines.keeps(line("=", x: 0, confidence: 91)))
    }
}
