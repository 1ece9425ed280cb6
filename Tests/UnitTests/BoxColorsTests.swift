import Testing
@testable import ImageRendering
import TranslateModel

/// Pages with "letters" (bars) of one colour on a background of another.
private func page(background: (UInt8, UInt8, UInt8), ink: (UInt8, UInt8, UInt8), blend: Bool = true) -> PagePixels {
    var pixels = PagePixels(width: 200, height: 60, red: background.0, green: background.1, blue: background.2)
    for bar in 0..<8 {
        let left = 20 + bar * 20
        for y in 15..<45 {
            for x in left..<(left + 8) {
                // The letters' edges are blended half way with the background, as anti-aliasing does.
                let edge = blend && (x == left || x == left + 7)
                let mix = { (a: UInt8, b: UInt8) in edge ? UInt8((Int(a) + Int(b)) / 2) : a }
                let offset = y * pixels.bytesPerRow + x * 4
                pixels.bytes[offset] = mix(ink.2, background.2)
                pixels.bytes[offset + 1] = mix(ink.1, background.1)
                pixels.bytes[offset + 2] = mix(ink.0, background.0)
            }
        }
    }
    return pixels
}

@Suite struct BoxColorsTests {
    let box = PixelRect(x: 10, y: 10, width: 180, height: 40)

    @Test func darkRedLettersOnWhite() {
        let colors = BoxColors.of(box, in: page(background: (255, 255, 255), ink: (160, 20, 30)))
        #expect(abs(colors.ink.red - 160) < 12 && abs(colors.ink.green - 20) < 12 && abs(colors.ink.blue - 30) < 12, "\(colors.ink)")
        #expect(colors.background == .white)
        #expect(!colors.inkIsLight)
    }

    @Test func lightLettersOnADarkBackground() {
        let colors = BoxColors.of(box, in: page(background: (20, 30, 70), ink: (250, 220, 60)))
        #expect(colors.inkIsLight)
        #expect(abs(colors.ink.red - 250) < 12 && abs(colors.ink.green - 220) < 12 && abs(colors.ink.blue - 60) < 12, "\(colors.ink)")
        #expect(abs(colors.background.blue - 70) < 2)
    }

    @Test func inkTooFaintToReadBecomesBlackOrWhite() {
        let onLight = BoxColors.of(box, in: page(background: (240, 240, 240), ink: (215, 215, 215), blend: false))
        #expect(onLight.ink == .black)
        let onDark = BoxColors.of(box, in: page(background: (30, 30, 30), ink: (55, 55, 55), blend: false))
        #expect(onDark.ink == .white)
    }

    @Test func hexForHTML() {
        #expect(RGBColor(red: 255, green: 8.4, blue: 160).hex == "#ff08a0")
    }
}
