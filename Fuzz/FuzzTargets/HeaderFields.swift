import Foundation
import ImageDecoding

/// Finds the size fields of an image's header by walking its structure: what the
/// header-dimensions target writes extreme values into. Each walk stops where the bytes do not
/// make sense any more, with the fields found so far.
enum HeaderFields {
    static func locate(in bytes: [UInt8], format: ImageFormat) -> [HeaderField] {
        switch format {
        case .png: png(bytes)
        case .gif: gif(bytes)
        case .jpeg: jpeg(bytes, from: 2)
        case .bmp: bmp(bytes)
        case .pnm: pnm(bytes)
        case .webp: webp(bytes)
        case .jp2: bytes.first == 0xFF ? codestream(bytes, at: 0) : boxes(bytes, from: 0, to: bytes.count)
        case .heif: boxes(bytes, from: 0, to: bytes.count)
        case .tiff: tiff(bytes)
        case .pdf: pdf(bytes)
        case .unknown, .unsupported: []
        }
    }

    static func be(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int? {
        HeaderField(kind: .length, encoding: .bigEndian(bytes: count), offset: offset).value(in: bytes).map { Int(clamping: $0) }
    }

    static func le(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int? {
        HeaderField(kind: .length, encoding: .littleEndian(bytes: count), offset: offset).value(in: bytes).map { Int(clamping: $0) }
    }

    /// PNG: every chunk's length, and IHDR's width, height and bit depth.
    private static func png(_ bytes: [UInt8]) -> [HeaderField] {
        var fields: [HeaderField] = []
        var offset = 8
        while let length = be(bytes, offset, 4), offset + 8 <= bytes.count, fields.count < 64 {
            fields.append(HeaderField(kind: .length, encoding: .bigEndian(bytes: 4), offset: offset))
            if bytes[offset + 4..<offset + 8].elementsEqual("IHDR".utf8) {
                fields.append(HeaderField(kind: .width, encoding: .bigEndian(bytes: 4), offset: offset + 8))
                fields.append(HeaderField(kind: .height, encoding: .bigEndian(bytes: 4), offset: offset + 12))
                fields.append(HeaderField(kind: .depth, encoding: .bigEndian(bytes: 1), offset: offset + 16))
            }
            guard length <= bytes.count else { break }
            offset += 12 + length
        }
        return fields
    }

    /// Every PNG chunk's CRC made right again after an edit, so that libpng reads what was
    /// written instead of stopping at the checksum.
    static func fixPNGChecksums(_ bytes: inout [UInt8]) {
        var offset = 8
        while let length = be(bytes, offset, 4), length <= bytes.count, offset + 12 + length <= bytes.count {
            let crc = crc32(bytes[offset + 4..<offset + 8 + length])
            HeaderField(kind: .length, encoding: .bigEndian(bytes: 4), offset: offset + 8 + length).write(UInt64(crc), into: &bytes)
            offset += 12 + length
        }
    }

    private static func crc32(_ data: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// GIF: the logical screen, and each image's place, size and first sub-block length.
    private static func gif(_ bytes: [UInt8]) -> [HeaderField] {
        var fields = [HeaderField(kind: .width, encoding: .littleEndian(bytes: 2), offset: 6),
                      HeaderField(kind: .height, encoding: .littleEndian(bytes: 2), offset: 8)]
        guard bytes.count > 10 else { return fields }
        func table(_ flags: UInt8) -> Int { flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1) }
        func skipBlocks(_ start: Int) -> Int? {
            var offset = start
            while offset < bytes.count {
                let length = Int(bytes[offset])
                offset += 1 + length
                if length == 0 { return offset }
            }
            return nil
        }
        var offset = 13 + table(bytes[10])
        while offset < bytes.count, fields.count < 64 {
            switch bytes[offset] {
            case 0x21:
                guard let next = skipBlocks(offset + 2) else { return fields }
                offset = next
            case 0x2C:
                guard offset + 10 <= bytes.count else { return fields }
                for (kind, at) in [(HeaderField.Kind.offset, 1), (.offset, 3), (.width, 5), (.height, 7)] {
                    fields.append(HeaderField(kind: kind, encoding: .littleEndian(bytes: 2), offset: offset + at))
                }
                let data = offset + 10 + table(bytes[offset + 9])
                fields.append(HeaderField(kind: .depth, encoding: .littleEndian(bytes: 1), offset: data))  // LZW code size
                fields.append(HeaderField(kind: .length, encoding: .littleEndian(bytes: 1), offset: data + 1))
                guard let next = skipBlocks(data + 1) else { return fields }
                offset = next
            default:
                return fields
            }
        }
        return fields
    }

    /// JPEG: every segment's length up to the first scan, and each frame header's size and
    /// component count.
    static func jpeg(_ bytes: [UInt8], from start: Int) -> [HeaderField] {
        var fields: [HeaderField] = []
        var offset = start
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, fields.count < 64 {
            let marker = bytes[offset + 1]
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            guard marker != 0xD9, let length = be(bytes, offset + 2, 2) else { break }
            fields.append(HeaderField(kind: .length, encoding: .bigEndian(bytes: 2), offset: offset + 2))
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                fields.append(HeaderField(kind: .depth, encoding: .bigEndian(bytes: 1), offset: offset + 4))
                fields.append(HeaderField(kind: .height, encoding: .bigEndian(bytes: 2), offset: offset + 5))
                fields.append(HeaderField(kind: .width, encoding: .bigEndian(bytes: 2), offset: offset + 7))
                fields.append(HeaderField(kind: .count, encoding: .bigEndian(bytes: 1), offset: offset + 9))
            }
            if marker == 0xDA { break }
            offset += 2 + length
        }
        return fields
    }

    /// BMP: the file header's sizes and offset, and the info header's.
    private static func bmp(_ bytes: [UInt8]) -> [HeaderField] {
        var fields = [HeaderField(kind: .length, encoding: .littleEndian(bytes: 4), offset: 2),
                      HeaderField(kind: .offset, encoding: .littleEndian(bytes: 4), offset: 10),
                      HeaderField(kind: .length, encoding: .littleEndian(bytes: 4), offset: 14)]
        if le(bytes, 14, 4) == 12 {
            fields += [HeaderField(kind: .width, encoding: .littleEndian(bytes: 2), offset: 18),
                       HeaderField(kind: .height, encoding: .littleEndian(bytes: 2), offset: 20),
                       HeaderField(kind: .depth, encoding: .littleEndian(bytes: 2), offset: 24)]
        } else {
            fields += [HeaderField(kind: .width, encoding: .littleEndian(bytes: 4), offset: 18),
                       HeaderField(kind: .height, encoding: .littleEndian(bytes: 4), offset: 22),
                       HeaderField(kind: .depth, encoding: .littleEndian(bytes: 2), offset: 28),
                       HeaderField(kind: .length, encoding: .littleEndian(bytes: 4), offset: 34),
                       HeaderField(kind: .count, encoding: .littleEndian(bytes: 4), offset: 46)]
        }
        return fields
    }

    /// PNM: the width, height and largest value as digits; PAM: the numbers of its lines.
    private static func pnm(_ bytes: [UInt8]) -> [HeaderField] {
        var numbers: [(offset: Int, length: Int, word: String)] = []
        var offset = 2
        var lastWord = ""
        while offset < bytes.count, numbers.count < 6, offset < 4096 {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "#") {
                while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
            } else if [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(byte) {
                offset += 1
            } else {
                let start = offset
                while offset < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(bytes[offset]) { offset += 1 }
                let token = String(decoding: bytes[start..<offset], as: UTF8.self)
                if token == "ENDHDR" { break }
                if UInt64(token) != nil { numbers.append((start, offset - start, lastWord)) } else { lastWord = token }
            }
        }
        let isPAM = bytes.count > 1 && bytes[1] == UInt8(ascii: "7")
        return numbers.enumerated().map { index, number in
            let kind: HeaderField.Kind
            if isPAM {
                kind = number.word == "WIDTH" ? .width : number.word == "HEIGHT" ? .height : .depth
            } else {
                kind = [.width, .height][safe: index] ?? .depth
            }
            return HeaderField(kind: kind, encoding: .decimal(length: number.length), offset: number.offset)
        }
    }

    /// WebP: the RIFF size, every chunk's size, and the sizes of the canvas or the frame.
    private static func webp(_ bytes: [UInt8]) -> [HeaderField] {
        var fields = [HeaderField(kind: .length, encoding: .littleEndian(bytes: 4), offset: 4)]
        var offset = 12
        while offset + 8 <= bytes.count, let size = le(bytes, offset + 4, 4), fields.count < 32 {
            fields.append(HeaderField(kind: .length, encoding: .littleEndian(bytes: 4), offset: offset + 4))
            let chunk = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let content = offset + 8
            switch chunk {
            case "VP8X":
                fields.append(HeaderField(kind: .width, encoding: .littleEndian(bytes: 3), offset: content + 4))
                fields.append(HeaderField(kind: .height, encoding: .littleEndian(bytes: 3), offset: content + 7))
            case "VP8 ":
                fields.append(HeaderField(kind: .width, encoding: .littleEndian(bytes: 2), offset: content + 6))
                fields.append(HeaderField(kind: .height, encoding: .littleEndian(bytes: 2), offset: content + 8))
            case "VP8L":
                fields.append(HeaderField(kind: .width, encoding: .bitsMinusOne(shift: 0, bits: 14), offset: content + 1))
                fields.append(HeaderField(kind: .height, encoding: .bitsMinusOne(shift: 14, bits: 14), offset: content + 1))
            default:
                break
            }
            guard size <= bytes.count else { break }
            offset = content + size + (size & 1)
        }
        return fields
    }

    /// PDF: the numbers after the keys that size a page, an image or a stream, or count pages.
    private static func pdf(_ bytes: [UInt8]) -> [HeaderField] {
        let keys: [(String, HeaderField.Kind)] = [
            ("/MediaBox", .width), ("/CropBox", .width), ("/Count", .count), ("/Width", .width), ("/Height", .height),
            ("/Length", .length), ("/BitsPerComponent", .depth), ("/Rotate", .depth), ("/UserUnit", .depth), ("/Size", .count),
        ]
        var fields: [HeaderField] = []
        for (key, kind) in keys {
            var searchFrom = 0
            let needle = Array(key.utf8)
            while fields.count < 64, let found = find(needle, in: bytes, from: searchFrom) {
                searchFrom = found + needle.count
                var offset = searchFrom
                // An array holds up to four numbers ([x0 y0 x1 y1]); a key's value, one.
                var wanted = 1
                while offset < bytes.count, [0x20, 0x0A, 0x0D, UInt8(ascii: "[")].contains(bytes[offset]) {
                    if bytes[offset] == UInt8(ascii: "[") { wanted = 4 }
                    offset += 1
                }
                for index in 0..<wanted {
                    while offset < bytes.count, [0x20, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
                    let start = offset
                    while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
                    guard offset > start else { break }
                    let numberKind: HeaderField.Kind = wanted == 4 ? (index % 2 == 0 ? .width : .height) : kind
                    fields.append(HeaderField(kind: numberKind, encoding: .decimal(length: offset - start), offset: start))
                    // The digits after a decimal point are left as they are.
                    while offset < bytes.count, bytes[offset] == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
                        offset += 1
                    }
                }
            }
        }
        return fields
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
