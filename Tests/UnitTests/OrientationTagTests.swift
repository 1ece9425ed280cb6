import Foundation
@testable import ImageDecoding
import Testing
import TestSupport
import TesseractReading

/// Photos whose EXIF orientation tag says how their stored pixels are seen are decoded as seen.
@Suite struct OrientationTagTests {
    init() { ProcessConfiguration.apply() }

    let decoder = ImageDecoder()

    /// The pixels of the one page of `data`, with its size.
    private func decoded(_ data: Data) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let page = try #require(try decoder.decodePages(data).first?.image)
        return (page.width, page.height, try #require(page.rgbBytes()))
    }

    private func tiff(orientation value: UInt16, bigEndian: Bool = true, type: UInt16 = 3) -> [UInt8] {
        OrientationTagBytes.tiff(orientation: value, bigEndian: bigEndian, type: type)
    }

    private func tagged(_ jpeg: Data, tiff: [UInt8]) -> Data {
        OrientationTagBytes.jpeg(jpeg, withEXIF: tiff)
    }

    /// Where the pixel seen at (x, y) is stored, in an image stored `width` × `height`, for
    /// each tag: EXIF's own definitions, written out pixel by pixel.
    private func storedPosition(ofSeen x: Int, _ y: Int, tag: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch tag {
        case 2: (width - 1 - x, y)
        case 3: (width - 1 - x, height - 1 - y)
        case 4: (x, height - 1 - y)
        case 5: (y, x)
        case 6: (y, height - 1 - x)
        case 7: (width - 1 - y, height - 1 - x)
        case 8: (width - 1 - y, x)
        default: (x, y)
        }
    }

    private func expectSeen(_ seen: (width: Int, height: Int, rgb: [UInt8]),
                            asTag tag: Int, of stored: (width: Int, height: Int, rgb: [UInt8])) {
        let turned = (5...8).contains(tag)
        #expect(seen.width == (turned ? stored.height : stored.width))
        #expect(seen.height == (turned ? stored.width : stored.height))
        guard seen.width * seen.height == stored.width * stored.height else { return }
        var mismatches = 0
        for y in 0..<seen.height {
            for x in 0..<seen.width {
                let from = storedPosition(ofSeen: x, y, tag: tag, width: stored.width, height: stored.height)
                let s = (from.y * stored.width + from.x) * 3, d = (y * seen.width + x) * 3
                if seen.rgb[d..<d + 3] != stored.rgb[s..<s + 3] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0, "\(mismatches) pixels not where tag \(tag) puts them")
    }

    @Test("a JPEG is decoded as its orientation tag says it is seen", arguments: 1...8)
    func aJPEGIsSeenAsItsTagSays(tag: Int) throws {
        let jpeg = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("stop-sign-small.jpg"))
        let stored = try decoded(jpeg)
        expectSeen(try decoded(tagged(jpeg, tiff: tiff(orientation: UInt16(tag)))), asTag: tag, of: stored)
        expectSeen(try decoded(tagged(jpeg, tiff: tiff(orientation: UInt16(tag), bigEndian: false))), asTag: tag, of: stored)
    }

    @Test("a PNG's eXIf chunk turns it too")
    func aPNGsTagTurnsIt() throws {
        let png = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("korean-menu.png"))
        let stored = try decoded(png)
        let body = Array("eXIf".utf8) + tiff(orientation: 6)
        let chunk = Self.bigEndian32(UInt32(body.count - 4)) + body + Self.bigEndian32(Self.crc32(body))
        var tagged = png
        tagged.insert(contentsOf: chunk, at: png.startIndex + 33)  // right after IHDR
        expectSeen(try decoded(tagged), asTag: 6, of: stored)
    }

    @Test("a WebP file's EXIF chunk is found, with or without JPEG's header before it")
    func aWebPsTagIsFound() {
        for header in [[], Array("Exif".utf8) + [0, 0]] as [[UInt8]] {
            let exif = header + tiff(orientation: 8, bigEndian: false)
            let other: [UInt8] = Array("VP8X".utf8) + [10, 0, 0, 0] + Array(repeating: 0, count: 10)
            // An odd-sized chunk is padded to an even size.
            let odd: [UInt8] = Array("ICCP".utf8) + [3, 0, 0, 0, 1, 2, 3, 0]
            let chunks = other + odd + Array("EXIF".utf8) + [UInt8(exif.count), 0, 0, 0] + exif
            let file = Array("RIFF".utf8) + [UInt8(chunks.count + 4), 0, 0, 0] + Array("WEBP".utf8) + chunks
            let tag = file.withUnsafeBufferPointer { OrientationTag.of($0, format: .webp) }
            #expect(tag == .turnedAnticlockwise)
        }
    }

    @Test("a tag that cannot be read leaves the pixels as stored")
    func aMalformedTagIsIgnored() throws {
        let jpeg = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("stop-sign-small.jpg"))
        let stored = try decoded(jpeg)
        let malformed: [[UInt8]] = [
            tiff(orientation: 9),  // no such orientation
            tiff(orientation: 6, type: 4),  // a LONG, not a SHORT
            Array(tiff(orientation: 6).prefix(12)),  // the directory cut off
            Array("MM".utf8) + [0, 42, 0xFF, 0xFF, 0xFF, 0xF0],  // a directory far past the end
            Array("XX".utf8) + [0, 42, 0, 0, 0, 8],  // no byte order
        ]
        for tiff in malformed {
            let seen = try decoded(tagged(jpeg, tiff: tiff))
            #expect(seen.width == stored.width && seen.height == stored.height && seen.rgb == stored.rgb)
        }
    }

    private static func bigEndian32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// PNG's CRC-32 of a chunk's type and data.
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
