import Foundation

/// The size fields of ISO base media boxes (HEIF, JPEG 2000), of a JPEG 2000 codestream's SIZ
/// segment, and of TIFF directories.
extension HeaderFields {
    /// Boxes whose content is more boxes, and how many bytes (version and flags, an entry
    /// count) come before them.
    private static let containers: [String: Int] = [
        "meta": 4, "iprp": 0, "ipco": 0, "jp2h": 0, "dinf": 0, "iinf": 6, "iref": 4, "res ": 0, "uuid": 16,
    ]

    /// Every box's size from `start` to `end`, and inside the containers; `ispe` extents, a
    /// JPEG 2000 image header, the codestream's SIZ, and `iloc` extents.
    static func boxes(_ bytes: [UInt8], from start: Int, to end: Int, depth: Int = 0) -> [HeaderField] {
        var fields: [HeaderField] = []
        var offset = start
        while offset + 8 <= min(end, bytes.count), fields.count < 128 {
            guard let size = be(bytes, offset, 4) else { break }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            fields.append(HeaderField(kind: .boxSize, encoding: .bigEndian(bytes: 4), offset: offset, boxType: type))
            var header = 8
            var length = size
            if size == 1 {
                guard let large = be(bytes, offset + 8, 8) else { break }
                fields.append(HeaderField(kind: .length, encoding: .bigEndian(bytes: 8), offset: offset + 8, boxType: type))
                header = 16
                length = large
            } else if size == 0 {
                length = end - offset
            }
            guard length >= header, length <= bytes.count - offset else { break }
            let content = offset + header, boxEnd = offset + length
            switch type {
            case "ispe":
                fields.append(HeaderField(kind: .width, encoding: .bigEndian(bytes: 4), offset: content + 4, boxType: type))
                fields.append(HeaderField(kind: .height, encoding: .bigEndian(bytes: 4), offset: content + 8, boxType: type))
            case "ihdr":
                fields.append(HeaderField(kind: .height, encoding: .bigEndian(bytes: 4), offset: content, boxType: type))
                fields.append(HeaderField(kind: .width, encoding: .bigEndian(bytes: 4), offset: content + 4, boxType: type))
                fields.append(HeaderField(kind: .count, encoding: .bigEndian(bytes: 2), offset: content + 8, boxType: type))
            case "jp2c":
                fields += codestream(bytes, at: content)
            case "iloc":
                fields += itemLocations(bytes, content: content, end: boxEnd)
            default:
                if let skip = containers[type], depth < 8 {
                    fields += boxes(bytes, from: content + skip, to: boxEnd, depth: depth + 1)
                }
            }
            offset = boxEnd
        }
        return fields
    }

    /// A JPEG 2000 codestream: the SIZ segment's length, the image and tile sizes and offsets,
    /// and the component count; then the lengths of the segments after it.
    static func codestream(_ bytes: [UInt8], at start: Int) -> [HeaderField] {
        guard be(bytes, start, 2) == 0xFF4F, be(bytes, start + 2, 2) == 0xFF51 else { return [] }
        let siz = start + 4
        var fields = [HeaderField(kind: .length, encoding: .bigEndian(bytes: 2), offset: siz)]
        let sizes: [(HeaderField.Kind, Int)] = [(.width, 4), (.height, 8), (.offset, 12), (.offset, 16), (.width, 20), (.height, 24),
                                                 (.offset, 28), (.offset, 32)]
        for (kind, at) in sizes {
            fields.append(HeaderField(kind: kind, encoding: .bigEndian(bytes: 4), offset: siz + at))
        }
        fields.append(HeaderField(kind: .count, encoding: .bigEndian(bytes: 2), offset: siz + 36))
        if let length = be(bytes, siz, 2) { fields += jpeg(bytes, from: siz + length) }
        return fields
    }

    /// HEIF's item locations (`iloc`): where each item's data lies and how long it is, which
    /// libheif reads the image from.
    private static func itemLocations(_ bytes: [UInt8], content: Int, end: Int) -> [HeaderField] {
        guard let version = bytes[safe: content], version <= 2, let sizes = be(bytes, content + 4, 2) else { return [] }
        let offsetSize = sizes >> 12, lengthSize = (sizes >> 8) & 0xF, baseSize = (sizes >> 4) & 0xF
        let indexSize = version > 0 ? sizes & 0xF : 0
        var offset = content + 6
        let countWidth = version < 2 ? 2 : 4
        guard let items = be(bytes, offset, countWidth) else { return [] }
        var fields = [HeaderField(kind: .count, encoding: .bigEndian(bytes: countWidth), offset: offset, boxType: "iloc")]
        offset += countWidth
        for _ in 0..<min(items, 64) {
            offset += countWidth + (version > 0 ? 2 : 0) + 2
            if baseSize > 0 {
                fields.append(HeaderField(kind: .offset, encoding: .bigEndian(bytes: baseSize), offset: offset, boxType: "iloc"))
            }
            offset += baseSize
            guard let extents = be(bytes, offset, 2) else { return fields }
            fields.append(HeaderField(kind: .count, encoding: .bigEndian(bytes: 2), offset: offset, boxType: "iloc"))
            offset += 2
            for _ in 0..<min(extents, 64) {
                offset += indexSize
                if offsetSize > 0 {
                    fields.append(HeaderField(kind: .offset, encoding: .bigEndian(bytes: offsetSize), offset: offset, boxType: "iloc"))
                }
                offset += offsetSize
                if lengthSize > 0 {
                    fields.append(HeaderField(kind: .length, encoding: .bigEndian(bytes: lengthSize), offset: offset, boxType: "iloc"))
                }
                offset += lengthSize
                guard offset <= end else { return fields }
            }
        }
        return fields
    }

    /// TIFF (classic or BigTIFF, either byte order): the first directory's offset, and in each
    /// directory its entry count, each size-related entry's count and first value, and the
    /// next directory's offset.
    static func tiff(_ bytes: [UInt8]) -> [HeaderField] {
        guard bytes.count >= 8 else { return [] }
        let little = bytes[0] == 0x49
        let big = (little ? le(bytes, 2, 2) : be(bytes, 2, 2)) == 43
        func field(_ kind: HeaderField.Kind, _ width: Int, _ offset: Int) -> HeaderField {
            HeaderField(kind: kind, encoding: little ? .littleEndian(bytes: width) : .bigEndian(bytes: width), offset: offset)
        }
        func read(_ offset: Int, _ width: Int) -> Int? { little ? le(bytes, offset, width) : be(bytes, offset, width) }
        let offsetWidth = big ? 8 : 4, countWidth = big ? 8 : 2, entryWidth = big ? 20 : 12
        var fields = [field(.offset, offsetWidth, big ? 8 : 4)]
        var next = read(big ? 8 : 4, offsetWidth)
        var seen = Set<Int>()
        let sized: [Int: HeaderField.Kind] = [256: .width, 257: .height, 258: .depth, 273: .offset, 277: .count, 278: .height, 279: .length,
                                              322: .width, 323: .height, 324: .offset, 325: .length]
        while let directory = next, directory > 0, seen.insert(directory).inserted, seen.count <= 16 {
            guard let entries = read(directory, countWidth), entries < 4096 else { break }
            fields.append(field(.count, countWidth, directory))
            for index in 0..<entries {
                let entry = directory + countWidth + index * entryWidth
                guard let tag = read(entry, 2), let type = read(entry + 2, 2) else { break }
                guard let kind = sized[tag] else { continue }
                fields.append(field(.count, offsetWidth, entry + 4))
                let valueWidth = [3: 2, 4: 4, 16: 8][type] ?? 0
                guard valueWidth > 0, let count = read(entry + 4, offsetWidth) else { continue }
                let valueAt = entry + 4 + offsetWidth
                let (total, overflow) = count.multipliedReportingOverflow(by: valueWidth)
                if !overflow, total <= offsetWidth {
                    fields.append(field(kind, valueWidth, valueAt))
                } else if let pointer = read(valueAt, offsetWidth), pointer < bytes.count {
                    fields.append(field(.offset, offsetWidth, valueAt))
                    fields.append(field(kind, valueWidth, pointer))
                }
            }
            let nextAt = directory + countWidth + entries * entryWidth
            fields.append(field(.offset, offsetWidth, nextAt))
            next = read(nextAt, offsetWidth)
        }
        return fields
    }
}
