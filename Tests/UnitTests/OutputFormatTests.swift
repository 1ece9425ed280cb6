import Foundation
@testable import ImageDecoding
import Testing
@testable import TranslateModel
@testable import TranslateOutput
import TestSupport

@Suite struct OutputFormatTests {
    let result = ImageResult(
        file: "shots/a.png", page: 1, width: 640, height: 480, source: .korean, target: .english, engine: "papago",
        boxes: [
            BoxResult(id: 0, rect: PixelRect(x: 10, y: 20, width: 300, height: 40), confidence: 91.456, language: .korean,
                      text: "비빔밥\t\"매운\"", translation: "Bibimbap",
                      words: [RecognizedWord(rect: PixelRect(x: 10, y: 20, width: 80, height: 40), confidence: 90, text: "비빔밥")],
                      unit: 0, unitTranslation: "Bibimbap"),
            BoxResult(id: 1, rect: PixelRect(x: 10, y: 70, width: 120, height: 30), confidence: 88, text: "Line\nbreak\\"),
        ])
    let failed = ImageResult.failed(file: "bad.png", error: ResultError(ImageError.notAnImage))

    private func render(_ renderer: ResultRenderer, _ inputs: [[ImageResult]]) -> String {
        let sink = BufferSink()
        renderer.begin(into: sink)
        for input in inputs { renderer.render(input, into: sink) }
        renderer.finish(into: sink)
        return sink.text
    }

    @Test func jsonLinesFollowsTheContract() throws {
        let output = render(JSONLinesRenderer(), [[result], [failed]])
        let lines = output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0] == #"{"file":"shots/a.png","page":1,"width":640,"height":480,"source":"ko","target":"en","engine":"papago","boxes":[{"id":0,"x":10,"y":20,"width":300,"height":40,"confidence":91.46,"language":"ko","text":"비빔밥\t\"매운\"","translation":"Bibimbap","pivot":null,"cached":null,"unit":0,"unitTranslation":"Bibimbap","paragraph":0,"words":[{"x":10,"y":20,"width":80,"height":40,"confidence":90,"text":"비빔밥"}]},{"id":1,"x":10,"y":70,"width":120,"height":30,"confidence":88,"language":null,"text":"Line\nbreak\\","translation":null,"pivot":null,"cached":null,"unit":null,"unitTranslation":null,"paragraph":0,"words":[]}],"error":null}"#)
        #expect(lines[1] == #"{"file":"bad.png","page":1,"width":null,"height":null,"source":null,"target":null,"engine":null,"boxes":[],"error":{"code":"not_an_image","message":"not an image (unrecognised file format)"}}"#)
    }

    @Test func jsonIsOneValidArray() throws {
        let output = render(JSONRenderer(), [[result], [failed]])
        let parsed = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 2)
        #expect(parsed?[0]["file"] as? String == "shots/a.png")
        #expect((parsed?[0]["boxes"] as? [[String: Any]])?[0]["text"] as? String == "비빔밥\t\"매운\"")
        #expect(render(JSONRenderer(), []) == "[]\n")
    }

    @Test func jsonEscapesControlCharacters() {
        #expect(JSONText.string("a\u{01}b\u{2028}") == #""a\u0001b\u2028""#)
    }

    @Test func tsvEscapesTabsAndNewlines() {
        let output = render(TSVRenderer(), [[result], [failed]])
        #expect(output == """
        file\tpage\tbox\tx\ty\twidth\theight\tconfidence\tlanguage\ttext\ttranslation
        shots/a.png\t1\t0\t10\t20\t300\t40\t91.46\tko\t비빔밥\\t"매운"\tBibimbap
        shots/a.png\t1\t1\t10\t70\t120\t30\t88\t\tLine\\nbreak\\\\\t

        """)
    }

    @Test func plainPrintsTranslationsOrText() {
        #expect(render(PlainRenderer(), [[result]]) == "Bibimbap\nLine break\\\n")
    }

    /// With several images each line says whose it is, as grep does with several files.
    @Test func plainNamesTheFileOfEachLineWhenThereAreSeveral() {
        #expect(render(PlainRenderer(namesFiles: true), [[result]]) == "shots/a.png:Bibimbap\nshots/a.png:Line break\\\n")
    }

    @Test func everyFormatHasItsOwnFileExtension() {
        let extensions = OutputFormat.allCases.map(\.fileExtension)
        #expect(Set(extensions).count == extensions.count)
    }

    @Test("the header names every language the boxes are in, and counts the boxes left untranslated")
    func textHeaderSaysWhatWasTranslated() {
        // A road sign read with Apertium (no Korean pair): its English lines need no translating.
        func box(_ id: Int, _ language: Language, _ text: String, _ translation: String?) -> BoxResult {
            BoxResult(id: id, rect: PixelRect(x: 10, y: 20 + 40 * id, width: 100, height: 30), confidence: 95, language: language,
                      text: text, translation: translation)
        }
        let sign = ImageResult(file: "sign.png", width: 629, height: 420, source: .english, target: .english, engine: "apertium",
                               boxes: [box(0, .korean, "서울", nil), box(1, .korean, "평양", nil),
                                       box(2, .english, "Seoul", "Seoul"), box(3, .english, "Pyeongyang", "Pyeongyang"),
                                       box(4, .korean, "공항", nil)])
        let header = render(TextRenderer(terminalWidth: nil), [[sign]]).split(separator: "\n").first.map(String.init)
        #expect(header == "sign.png  ·  629×420  ·  5 boxes  ·  ko, en → en (apertium)  ·  3 not translated")
    }

    @Test func textAlignsColumnsInTerminalCells() {
        var translated = result
        translated.boxes[1].translation = "Next"
        translated.boxes[0].text = "비빔밥"
        let output = render(TextRenderer(terminalWidth: nil), [[translated]])
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines[0] == "shots/a.png  ·  640×480  ·  2 boxes  ·  ko → en (papago)")
        // The translation column starts at the same terminal cell on every row.
        let columns = lines.dropFirst().map { line -> Int in
            let prefix = line.components(separatedBy: ["Bibimbap", "Next", "translation"].first { line.contains($0) }!)[0]
            return DisplayWidth.of(prefix)
        }
        #expect(Set(columns).count == 1)
    }

    @Test func textWrapsLongTextOnATerminal() {
        var long = result
        long.boxes = [BoxResult(id: 0, rect: PixelRect(x: 0, y: 0, width: 1, height: 1), confidence: 90,
                                text: String(repeating: "word ", count: 30), translation: String(repeating: "말 ", count: 30))]
        let output = render(TextRenderer(terminalWidth: 80), [[long]])
        for line in output.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= 80)
        }
    }

    /// A page whose translation failed for every box keeps its text but has no translation
    /// column, and its header says it was not translated.
    @Test func textHasNoEmptyTranslationColumn() {
        var untranslated = result
        untranslated.boxes[0].translation = nil
        untranslated.error = ResultError(code: "quota_exceeded", message: "gateway code 400: quota exceeded", runWide: true)
        let lines = render(TextRenderer(terminalWidth: nil), [[untranslated]]).split(separator: "\n").map(String.init)
        #expect(lines[0] == "shots/a.png  ·  640×480  ·  2 boxes  ·  ko → en (papago): not translated")
        #expect(lines[1].hasSuffix("lang  text"))
        #expect(!lines.contains { $0.contains("translation") })
        // One box translated: the column stays.
        untranslated.boxes[1].translation = "Next"
        #expect(render(TextRenderer(terminalWidth: nil), [[untranslated]]).contains("  translation\n"))
    }

    @Test func textSaysWhenNothingWasFound() {
        let empty = ImageResult(file: "blank.png", width: 10, height: 10)
        #expect(render(TextRenderer(terminalWidth: nil), [[empty]]) == "blank.png  ·  10×10  ·  0 boxes\n  (no text found)\n")
    }
}

@Suite struct DisplayWidthTests {
    @Test func countsWideCharactersAsTwoCells() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("日本語テキスト") == 14)
        #expect(DisplayWidth.of("ＡＢ") == 4)
        #expect(DisplayWidth.of("é") == 1)
        #expect(DisplayWidth.of("e\u{301}") == 1)
    }

    @Test func wrapsAtSpacesWithinWidth() {
        #expect(DisplayWidth.wrap("one two three", width: 7) == ["one two", "three"])
        #expect(DisplayWidth.wrap("가나다라마바", width: 5) == ["가나", "다라", "마바"])
        #expect(DisplayWidth.wrap("short", width: 10) == ["short"])
    }
}

/// The photo measure matches each line of the truth on its own.
@Suite struct LineCharacterErrorRateTests {
    @Test func eachLineFindsItsBestStretch() {
        #expect(CharacterErrorRate.ofLines("Seoul 서울\nPyeongyang", truth: "서울\nSeoul") == 0)
        #expect(CharacterErrorRate.ofLines("Seou1", truth: "Seoul") == 0.2)
        #expect(CharacterErrorRate.ofLines("", truth: "ab") == 1)
    }
}
