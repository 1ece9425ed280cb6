import Foundation
import ImageDecoding
import Locking
import TranslateModel
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline
import TranslateCLI

/// Hand-built image files for inputs that must never be decoded.
package enum SyntheticImages {
    /// A valid PNG header declaring `width`×`height` pixels, followed by an end chunk and no pixel data:
    /// a few dozen bytes that would need gigabytes if decoded.
    package static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(bigEndian: width)
        header.append(bigEndian: height)
        header.append(contentsOf: [8, 2, 0, 0, 0]) // 8-bit RGB, no interlace
        data.append(chunk: "IHDR", header)
        data.append(chunk: "IEND", Data())
        return data
    }

    /// A GIF header declaring a huge logical screen.
    package static func gifHeader(width: UInt16, height: UInt16) -> Data {
        var data = Data("GIF89a".utf8)
        data.append(littleEndian: width)
        data.append(littleEndian: height)
        data.append(contentsOf: [0, 0, 0, 0x3B])
        return data
    }

    /// The start of a JPEG file: an APP0 segment, then a baseline frame header declaring the size.
    package static func jpegHeader(width: UInt16, height: UInt16) -> Data {
        var data = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
        data.append(Data("JFIF\0".utf8) + Data([1, 1, 0, 0, 1, 0, 1, 0, 0]))
        data.append(contentsOf: [0xFF, 0xC0, 0x00, 0x0B, 0x08])
        data.append(bigEndian: height)
        data.append(bigEndian: width)
        data.append(contentsOf: [0x01, 0x01, 0x11, 0x00])
        return data
    }

    /// The start of a HEIF file: `ftyp`, then a `meta` box whose only property is the image's
    /// spatial extent (`ispe`) declaring the size, and no image data.
    package static func heifHeader(width: UInt32, height: UInt32) -> Data {
        heifHeader(extents: [(width, height)])
    }

    /// The same with one `ispe` property per extent, in order (a grid image, its tiles, a
    /// thumbnail).
    package static func heifHeader(extents: [(width: UInt32, height: UInt32)]) -> Data {
        func box(_ type: String, _ content: Data) -> Data {
            var data = Data()
            data.append(bigEndian: UInt32(8 + content.count))
            return data + Data(type.utf8) + content
        }
        let extents = extents.map { width, height in
            var extent = Data(count: 4)  // version and flags
            extent.append(bigEndian: width)
            extent.append(bigEndian: height)
            return box("ispe", extent)
        }
        let properties = box("iprp", box("ipco", extents.reduce(Data(), +)))
        return box("ftyp", Data("heic".utf8) + Data(count: 4) + Data("mif1heic".utf8)) + box("meta", Data(count: 4) + properties)
    }

    /// A little-endian BigTIFF header and one directory declaring the size in LONG8 entries,
    /// with no pixels.
    package static func bigTIFFHeader(width: UInt64, height: UInt64) -> Data {
        var data = Data("II".utf8)
        data.append(littleEndian: UInt16(43))
        data.append(littleEndian: UInt16(8))  // offset size
        data.append(littleEndian: UInt16(0))
        data.append(littleEndian: UInt64(16))  // the first directory
        let entries: [(UInt16, UInt16, UInt64)] = [(256, 16, width), (257, 16, height), (258, 3, 8), (262, 3, 1)]
        data.append(littleEndian: UInt64(entries.count))
        for (tag, type, value) in entries {
            data.append(littleEndian: tag)
            data.append(littleEndian: type)
            data.append(littleEndian: UInt64(1))
            data.append(littleEndian: value)
        }
        data.append(littleEndian: UInt64(0))  // no next directory
        return data
    }

    /// A copy of the two-page PDF fixture whose second page declares 99999×99999 points: too
    /// large to draw within the pixel limit even at 72 dpi. The numbers keep their length, so the
    /// file's cross-reference offsets stay right.
    package static func pdfWithHugeSecondPage(_ pdf: Data) -> Data? {
        guard let range = pdf.range(of: Data("172.8000 249.6000".utf8)) else { return nil }
        var changed = pdf
        changed.replaceSubrange(range, with: Data("99999.00 99999.00".utf8))
        return changed
    }

    /// A one-page PDF of `width`×`height` points (as written: "0.001", "40000") with `text` in
    /// 18-point Helvetica near its bottom left corner, its cross-reference table right.
    package static func pdf(width: String, height: String, text: String = "Hello PDF") -> Data {
        let content = "BT /F1 18 Tf 10 30 Td (\(text)) Tj ET"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        var file = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(file.utf8.count)
            file += "\(index + 1) 0 obj\n\(body)\nendobj\n"
        }
        let table = file.utf8.count
        file += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            file += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n"
        }
        file += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        return Data(file.utf8)
    }

    /// A BMP file header and info header declaring the size (rows stored top down).
    package static func bmpHeader(width: Int32, height: Int32) -> Data {
        var data = Data("BM".utf8)
        data.append(littleEndian: UInt32(54))
        data.append(littleEndian: UInt32(0))
        data.append(littleEndian: UInt32(54))
        data.append(littleEndian: UInt32(40))
        data.append(littleEndian: UInt32(bitPattern: width))
        data.append(littleEndian: UInt32(bitPattern: -height))
        data.append(littleEndian: UInt16(1))
        data.append(littleEndian: UInt16(24))
        data.append(Data(count: 24))
        return data
    }

    /// A binary PGM header, with a comment, declaring the size.
    package static func pgmHeader(width: Int, height: Int) -> Data {
        Data("P5\n# made for a test\n\(width) \(height)\n255\n".utf8)
    }

    /// A WebP file with an extended header (VP8X) declaring the canvas size.
    package static func webpHeader(width: Int, height: Int) -> Data {
        var data = Data("RIFF".utf8)
        data.append(littleEndian: UInt32(22))
        data.append(Data("WEBPVP8X".utf8))
        data.append(littleEndian: UInt32(10))
        data.append(contentsOf: [0, 0, 0, 0])
        for value in [width - 1, height - 1] {
            data.append(contentsOf: [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF)])
        }
        return data
    }

    /// A JPEG 2000 file: signature, file type and a header box with the image header.
    package static func jp2Header(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A])
        data.append(bigEndian: UInt32(20))
        data.append(Data("ftypjp2 ".utf8))
        data.append(bigEndian: UInt32(0))
        data.append(Data("jp2 ".utf8))
        data.append(bigEndian: UInt32(8 + 22))
        data.append(Data("jp2h".utf8))
        data.append(bigEndian: UInt32(22))
        data.append(Data("ihdr".utf8))
        data.append(bigEndian: height)
        data.append(bigEndian: width)
        data.append(contentsOf: [0, 3, 7, 7, 0, 0])
        return data
    }

    /// A little-endian TIFF file of grey pages, each `width`×`height` pixels of `shade`, stored
    /// uncompressed in one strip: each page's pixels, then its directory. With `loop`, the last
    /// directory points back to the first; with `pixels` false, the strips are declared but the
    /// pixels left out (a header for a size that must never be decoded).
    package static func tiff(pages: Int, width: UInt16 = 8, height: UInt16 = 8, shade: UInt8 = 200, loop: Bool = false,
                             pixels: Bool = true) -> Data {
        var data = Data("II".utf8)
        data.append(littleEndian: UInt16(42))
        data.append(littleEndian: UInt32(8))
        let pixelBytes = Int(width) * Int(height)
        var directoryOffsets: [Int] = []
        for _ in 0..<pages {
            let pixelsAt = data.count
            if pixels { data.append(Data(repeating: shade, count: pixelBytes)) }
            if data.count % 2 == 1 { data.append(0) }
            directoryOffsets.append(data.count)
            let entries: [(UInt16, UInt16, UInt32)] = [
                (256, 3, UInt32(width)), (257, 3, UInt32(height)), (258, 3, 8), (259, 3, 1), (262, 3, 1),
                (273, 4, UInt32(pixelsAt)), (277, 3, 1), (278, 3, UInt32(height)), (279, 4, UInt32(clamping: pixelBytes)),
            ]
            data.append(littleEndian: UInt16(entries.count))
            for (tag, type, value) in entries {
                data.append(littleEndian: tag)
                data.append(littleEndian: type)
                data.append(littleEndian: UInt32(1))
                if type == 3 {
                    data.append(littleEndian: UInt16(value))
                    data.append(littleEndian: UInt16(0))
                } else {
                    data.append(littleEndian: value)
                }
            }
            data.append(littleEndian: UInt32(0))  // the next directory, patched below
        }
        // The first directory is where the header points; each points to the next.
        patch(&data, at: 4, UInt32(directoryOffsets[0]))
        for (index, offset) in directoryOffsets.enumerated() {
            let nextField = offset + 2 + 9 * 12
            if index + 1 < directoryOffsets.count {
                patch(&data, at: nextField, UInt32(directoryOffsets[index + 1]))
            } else if loop {
                patch(&data, at: nextField, UInt32(directoryOffsets[0]))
            }
        }
        return data
    }

    private static func patch(_ data: inout Data, at offset: Int, _ value: UInt32) {
        for index in 0..<4 {
            data[data.startIndex + offset + index] = UInt8((value >> (8 * index)) & 0xFF)
        }
    }
}

/// A stream of `prefix`, then `filler` without end: what `/dev/zero` behind a header looks
/// like. Counts the bytes taken from it.
package final class EndlessStream: ByteStream {
    private let prefix: Data
    private let filler: UInt8
    package private(set) var bytesRead = 0

    package init(prefix: Data = Data(), filler: UInt8 = 0) {
        self.prefix = prefix
        self.filler = filler
    }

    package var knownSize: Int? { nil }

    package func read(upTo count: Int) throws(StreamReadError) -> Data {
        var chunk = Data()
        if bytesRead < prefix.count {
            chunk = prefix.subdata(in: bytesRead ..< min(prefix.count, bytesRead + count))
        }
        chunk.append(Data(repeating: filler, count: count - chunk.count))
        bytesRead += chunk.count
        return chunk
    }
}

private extension Data {
    mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    mutating func append(bigEndian value: UInt16) {
        append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)])
    }

    mutating func append(littleEndian value: UInt32) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)])
    }

    mutating func append(littleEndian value: UInt64) {
        append(littleEndian: UInt32(value & 0xFFFF_FFFF))
        append(littleEndian: UInt32(value >> 32))
    }

    mutating func append(littleEndian value: UInt16) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)])
    }

    mutating func append(chunk type: String, _ body: Data) {
        append(bigEndian: UInt32(body.count))
        let typed = Data(type.utf8) + body
        append(typed)
        append(bigEndian: CRC32.checksum(typed))
    }
}

/// The CRC-32 that PNG chunks carry.
private enum CRC32 {
    package static func checksum(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }
}
