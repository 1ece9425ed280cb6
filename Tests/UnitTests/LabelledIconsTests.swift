import Testing
import TranslateModel
@testable import TextRecognition

/// Which short lines are a tab bar's icons read as letters: taller than the label centred under
/// them, three or more on a row.
@Suite struct LabelledIconsTests {
    private func line(_ text: String, x: Int, y: Int, width: Int, height: Int) -> RecognizedBox {
        RecognizedBox(rect: PixelRect(x: x, y: y, width: width, height: height), confidence: 80, text: text, words: [], paragraph: 0)
    }

    /// A tab bar: outlined squares 18 px tall over 12 px labels.
    private func tabBar(_ icons: [String], labels: [String]) -> [RecognizedBox] {
        zip(icons, labels).enumerated().flatMap { index, pair in
            let middle = 65 + 130 * index
            return [line(pair.0, x: middle - 9, y: 300, width: 18, height: 18),
                    line(pair.1, x: middle - 6 * pair.1.count, y: 324, width: 12 * pair.1.count, height: 12)]
        }
    }

    @Test("the icons of a tab bar are dropped, their labels kept")
    func tabBarIconsAreDropped() {
        let lines = [line("네트워크", x: 16, y: 30, width: 90, height: 20)] + tabBar(["ㅁ", "ㅁ", "O"], labels: ["홈", "설정", "도움말"])
        let result = LabelledIcons.removed(from: lines)
        #expect(result.kept.map(\.text) == ["네트워크", "홈", "설정", "도움말"])
        #expect(result.dropped.map(\.text) == ["ㅁ", "ㅁ", "O"])
        #expect(result.dropped.allSatisfy { $0.reason == .iconAboveLabel })
    }

    @Test("two pairs are not a row of icons")
    func twoPairsStay() {
        let lines = tabBar(["ㅁ", "O"], labels: ["홈", "설정"])
        #expect(LabelledIcons.removed(from: lines).dropped.isEmpty)
    }

    @Test("a calendar's weekdays over its dates are as tall as them and stay")
    func weekdaysOverDatesStay() {
        let weekdays = ["월", "화", "수", "목"].enumerated().map { line($1, x: 20 + 40 * $0, y: 100, width: 14, height: 14) }
        let dates = ["1", "2", "3", "4"].enumerated().map { line($1, x: 22 + 40 * $0, y: 120, width: 10, height: 14) }
        #expect(LabelledIcons.removed(from: weekdays + dates).dropped.isEmpty)
    }

    @Test("a longer reading over a label is not an icon")
    func longReadingsStay() {
        let lines = tabBar(["ABC", "DEF", "GHI"], labels: ["홈", "설정", "도움말"])
        #expect(LabelledIcons.removed(from: lines).dropped.isEmpty)
    }
}
