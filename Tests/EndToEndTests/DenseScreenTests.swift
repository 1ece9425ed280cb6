import Foundation
import Testing
import TestSupport

/// A dense dark app screen at 1x: Tesseract's layout analysis reads the title, the labels and
/// the prices, but leaves out the tab bar of small grey words under its icons. Those are found
/// by their ink and read one by one; the prices' `₩`, which the Korean data reads as `\` or `W`,
/// comes out as itself.
@Suite struct DenseScreenTests {
    /// A café menu as a phone draws it at 1x: 15 px grey labels, bold white prices at the right,
    /// a tab bar of 11 px grey labels under grey dots.
    static func menuScreen(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("menu.png").path
        try ImageMagickDrawing.convert(["-size", "360x330", "xc:#1c1c1e",
                                        "-font", "Noto-Sans-CJK-KR-Bold", "-pointsize", "18", "-fill", "white", "-annotate", "+20+45", "카페 메뉴",
                                        "-font", "Noto-Sans-CJK-KR", "-pointsize", "15", "-fill", "#aeaeb2",
                                        "-annotate", "+20+90", "아메리카노", "-annotate", "+20+124", "카페 라테", "-annotate", "+20+158", "자몽 에이드",
                                        "-font", "Noto-Sans-CJK-KR-Bold", "-fill", "white", "-gravity", "NorthEast",
                                        "-annotate", "+20+77", "₩4,500", "-annotate", "+20+111", "₩5,000", "-annotate", "+20+145", "₩6,000",
                                        "-gravity", "NorthWest", "-fill", "#636366",
                                        "-draw", "circle 45,270 45,276", "-draw", "circle 180,270 180,276", "-draw", "circle 315,270 315,276",
                                        "-font", "Noto-Sans-CJK-KR", "-pointsize", "11", "-fill", "#8e8e93",
                                        "-annotate", "+39+295", "홈", "-annotate", "+169+295", "주문", "-annotate", "+304+295", "쿠폰",
                                        "-alpha", "off", path])
        return path
    }

    @Test("the tab bar layout analysis leaves out is read, under the rows, and the prices keep their won sign")
    func tabBarAndPricesAreRead() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = try Self.menuScreen(in: directory)

        let run = InProcessRun([image, "--ocr-only", "--format", "json", "--verbose"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let pages = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        let boxes = try #require(pages.first?["boxes"] as? [[String: Any]])
        let texts = boxes.compactMap { $0["text"] as? String }
        #expect(texts.contains("₩4,500") && texts.contains("₩5,000") && texts.contains("₩6,000"), "\(texts)")
        // The tab labels, each a box of its own below every row, in order from left to right.
        let tabs = boxes.filter { ($0["y"] as? Int ?? 0) > 280 }
        #expect(tabs.compactMap { $0["text"] as? String }.suffix(2) == ["주문", "쿠폰"], "\(texts)")
        #expect(tabs.count == 3, "\(texts)")
        #expect(boxes.last.map { ($0["y"] as? Int ?? 0) > 280 } == true)
        #expect(run.standardError.contains("read outside the page's layout: 3 lines found"), "\(run.standardError)")
    }
}
