import Testing
import TextDetection

@Suite("Small images enlarged for the detector")
struct SmallImageDetectionTests {
    /// A small care label: four short lines of small print set close together, each behind an
    /// icon, on a 340-pixel picture. At its own size the detector runs three of the lines
    /// together with their icons, as it did on a photographed care label of 350 pixels.
    static func smallLabel() -> SyntheticSign {
        var label = SyntheticSign(width: 340, height: 200, background: .light, lines: [])
        for (index, text) in ["最高洗涤温度30°C", "常规程序", "不可漂白", "悬挂晾干"].enumerated() {
            label.lines.append(.init(text: "▣", pointSize: 18, x: 46, y: 40 + index * 18))
            label.lines.append(.init(text: text, pointSize: 12, x: 66, y: 43 + index * 18))
        }
        return label
    }

    @Test("each line of a small label is found apart from its icon when the label is enlarged, in the label's own pixels")
    func smallLabelLines() throws {
        let (image, boxes) = try Self.smallLabel().render()
        let lines = try makeDetector().detect(pixels: image.pixels, width: image.width, height: image.height,
                                              bytesPerRow: image.bytesPerRow, channels: 3, enlargedSide: 800)
        for textBox in stride(from: 1, to: boxes.count, by: 2).map({ boxes[$0] }) {
            let overlap = lines.map { $0.boundingBox.intersectionOverUnion(textBox) }.max() ?? 0
            #expect(overlap >= 0.5, "\(textBox): best overlap \(overlap) among \(lines.map(\.boundingBox))")
        }
        #expect(lines.allSatisfy { $0.boundingBox.x >= 0 && $0.boundingBox.x + $0.boundingBox.width <= Double(image.width) })
    }

    @Test("an image already as large as the enlarged side is seen as without it")
    func largeImageUnchanged() throws {
        let image = try SyntheticSign.threeLines(on: .light).render().image
        let detector = try makeDetector()
        let enlarged = try detector.detect(pixels: image.pixels, width: image.width, height: image.height,
                                           bytesPerRow: image.bytesPerRow, channels: 3, enlargedSide: 800)
        #expect(enlarged == (try detector.detect(image)))
        #expect(enlarged.count == 3)
    }
}
