import Testing
@testable import ImageRendering
@testable import TranslateOutput
import TranslateModel

/// A page of sensor-like noise: hardly two neighbours share a colour, as in a camera photo.
private func noisyPage(width: Int = 200, height: Int = 120) -> PagePixels {
    var pixels = PagePixels(width: width, height: height, red: 0, green: 0, blue: 0)
    var state: UInt32 = 12345
    for offset in stride(from: 0, to: pixels.bytes.count, by: 4) {
        for channel in 0..<3 {
            state = state &* 1_103_515_245 &+ 12345
            pixels.bytes[offset + channel] = UInt8(100 + (state >> 16) % 60)
        }
    }
    return pixels
}

@Suite struct JPEGEncoderTests {
    @Test func aPhotographIsToldFromADrawnPage() {
        let flat = PagePixels(width: 200, height: 120, red: 240, green: 240, blue: 235)
        #expect(PhotoLikeness.flatness(of: flat) == 1)
        #expect(!PhotoLikeness.isPhotograph(flat))
        #expect(PhotoLikeness.flatness(of: noisyPage()) < 0.05)
        #expect(PhotoLikeness.isPhotograph(noisyPage()))
    }

    @Test func aPageBecomesAJPEGFileOfItsSize() throws {
        let page = noisyPage(width: 203, height: 61)
        let jpeg = try #require(JPEGEncoder.encode(page))
        #expect(Array(jpeg.prefix(3)) == [0xFF, 0xD8, 0xFF], "no JPEG start of image")
        #expect(Array(jpeg.suffix(2)) == [0xFF, 0xD9], "no JPEG end of image")
        // The start-of-frame segment holds the height and width, big-endian.
        let frame = try #require((0..<(jpeg.count - 8)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        #expect(Int(jpeg[frame + 5]) << 8 | Int(jpeg[frame + 6]) == 61)
        #expect(Int(jpeg[frame + 7]) << 8 | Int(jpeg[frame + 8]) == 203)
        // Three components, none subsampled (1×1 each).
        #expect(jpeg[frame + 9] == 3)
        for component in 0..<3 { #expect(jpeg[frame + 11 + component * 3] == 0x11) }
    }

    @Test func theHTMLViewEmbedsPhotographsAsJPEGAndDrawnPagesAsPNG() {
        func section(_ pixels: PagePixels) -> String {
            var result = ImageResult(file: "a.png", width: pixels.width, height: pixels.height, target: .english, boxes: [])
            result.pixels = pixels
            return HTMLPage.section(for: result)
        }
        #expect(section(noisyPage()).contains("src=\"data:image/jpeg;base64,"))
        #expect(section(PagePixels(width: 200, height: 120, red: 240, green: 240, blue: 235)).contains("src=\"data:image/png;base64,"))
    }
}
