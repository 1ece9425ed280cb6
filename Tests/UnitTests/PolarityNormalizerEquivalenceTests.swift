import Foundation
@testable import ImageDecoding
@testable import PagePreparation
import Testing
@testable import TesseractReading
@testable import TextRecognition
import TestSupport

/// The polarity normalisation reads pixels through unsafe buffers and tables to save time; it
/// must still give, pixel for pixel, what the plain version gives.
@Suite struct PolarityNormalizerEquivalenceTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    private func expectSame(_ image: GrayImage, _ name: String) {
        let fast = PolarityNormalizer().normalize(image)
        let plain = PlainPolarityNormalizer().normalize(image)
        // Compared apart from `#expect`, which would print every pixel of both images.
        let measuringDiffers = Self.firstDifference(fast.image, plain.image)
        let readingDiffers = Self.firstDifference(fast.readingImage, plain.readingImage)
        #expect(measuringDiffers == nil, "\(name): measuring image differs first at pixel \(measuringDiffers ?? -1)")
        #expect(readingDiffers == nil, "\(name): reading image differs first at pixel \(readingDiffers ?? -1)")
        #expect(fast.lightTextShare == plain.lightTextShare, "\(name)")
        #expect(fast.darkBackgroundShare == plain.darkBackgroundShare, "\(name)")
        #expect(fast.backgroundShare == plain.backgroundShare, "\(name)")
        #expect(fast.regionCount == plain.regionCount, "\(name)")
    }

    /// The index of the first pixel where the images differ (-1 for different sizes), nil when they are the same.
    private static func firstDifference(_ a: GrayImage, _ b: GrayImage) -> Int? {
        guard a.width == b.width, a.height == b.height else { return -1 }
        return a.pixels.indices.first { a.pixels[$0] != b.pixels[$0] }
    }

    /// Panels, buttons and letter strokes in several greys, placed by a fixed seed.
    private func screen(seed: UInt64, width: Int, height: Int) -> GrayImage {
        var random = SeededNumbers(seed: seed)
        var image = GrayImage(width: width, height: height, filledWith: UInt8(random.next() % 256))
        for _ in 0..<12 {
            let w = 10 + Int(random.next() % UInt64(width / 2)), h = 10 + Int(random.next() % UInt64(height / 3))
            let x = Int(random.next() % UInt64(width)), y = Int(random.next() % UInt64(height))
            let value = UInt8(random.next() % 256)
            for row in y..<min(height, y + h) { for column in x..<min(width, x + w) { image[column, row] = value } }
        }
        for _ in 0..<300 {
            let x = Int(random.next() % UInt64(width - 2)), y = Int(random.next() % UInt64(height - 12))
            let value = UInt8(random.next() % 256)
            for row in y..<(y + 12) { for column in x..<(x + 2) { image[column, row] = value } }
        }
        return image
    }

    @Test func syntheticScreensGiveTheSameResult() {
        for seed in 1...6 { expectSame(screen(seed: UInt64(seed), width: 157 + seed * 31, height: 120 + seed * 17), "screen \(seed)") }
    }

    @Test func noiseAndTinyImagesGiveTheSameResult() {
        var random = SeededNumbers(seed: 42)
        let noise = GrayImage(width: 64, height: 48, pixels: (0..<(64 * 48)).map { _ in UInt8(random.next() % 256) })
        expectSame(noise, "noise")
        expectSame(GrayImage(width: 3, height: 3, filledWith: 7), "3×3")
        expectSame(GrayImage(width: 2, height: 40, filledWith: 7), "2 wide")
        expectSame(GrayImage(width: 90, height: 60, filledWith: 200), "flat")
    }

    @Test func fixtureScreenshotsGiveTheSameResult() throws {
        for name in ["dark-korean.png", "mixed-screenshot.png"] {
            let data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent(name))
            let page = try #require(try ImageDecoder().decodePages(data).first?.image)
            let gray = try #require(GrayImage(page.pix))
            expectSame(gray, name)
        }
    }
}

/// A small reproducible generator (SplitMix64), so that failures can be replayed.
struct SeededNumbers {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
