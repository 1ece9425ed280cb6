import Testing
@testable import TranslateModel
@testable import TextRecognition

@Suite struct ColumnOrderTests {
    private func box(_ x: Int, _ y: Int, _ width: Int, _ text: String, height: Int = 25) -> RecognizedBox {
        RecognizedBox(rect: PixelRect(x: x, y: y, width: width, height: height), confidence: 90, text: text, words: [], paragraph: 0)
    }

    @Test func readsTwoColumnsOneAfterTheOther() {
        let lines = [box(81, 153, 416, "Title", height: 39),
                     box(80, 253, 335, "L1"), box(782, 253, 285, "R1"),
                     box(81, 301, 325, "L2"), box(781, 301, 341, "R2"),
                     box(82, 349, 329, "L3"), box(776, 345, 297, "R3", height: 33),
                     box(81, 397, 348, "L4"), box(781, 397, 295, "R4"),
                     box(211, 523, 54, "Button", height: 19)]
        #expect(ColumnOrder.reorder(lines).map(\.text) == ["Title", "L1", "L2", "L3", "L4", "R1", "R2", "R3", "R4", "Button"])
    }

    /// A stray mark between rows (Thai tone marks read on their own) neither ends the columns
    /// nor pulls in a short line after them.
    @Test func strayMarksDoNotEndTheColumns() {
        let lines = [box(40, 76, 134, "Title", height: 19),
                     box(40, 122, 142, "L1", height: 19), box(390, 122, 132, "R1", height: 19),
                     box(466, 149, 21, "mark", height: 10), box(40, 146, 126, "L2", height: 19), box(390, 146, 118, "R2", height: 19),
                     box(40, 170, 124, "L3", height: 19), box(390, 170, 138, "R3", height: 19),
                     box(39, 194, 131, "L4", height: 19), box(390, 195, 108, "R4", height: 19),
                     box(105, 261, 27, "2.4.1", height: 10)]
        #expect(ColumnOrder.reorder(lines).map(\.text) == ["Title", "L1", "L2", "L3", "L4", "R1", "mark", "R2", "R3", "R4", "2.4.1"])
    }

    @Test func leavesLabelsAndRightAlignedValuesInRows() {
        let lines = [box(60, 100, 80, "Wi-Fi"), box(500, 100, 160, "HomeNet-5G"),
                     box(60, 188, 120, "Bluetooth"), box(620, 188, 40, "On"),
                     box(60, 276, 120, "Brightness"), box(560, 276, 100, "Automatic")]
        #expect(ColumnOrder.reorder(lines).map(\.text) == lines.map(\.text))
    }
}
