/// The EXIF orientation tag of a JPEG, PNG or WebP file: how its stored pixels are to be turned
/// or mirrored to be seen upright.
///
/// A phone held sideways stores its photo's pixels as the sensor saw them and says in this tag
/// how to show them; every viewer turns the photo by it. Read without it, a photo a person sees
/// upright would be read on its side, its boxes placed in pixels the person never sees.
/// (libheif turns HEIF images by their own transformations itself.)
enum OrientationTag: Int {
    case upright = 1
    case mirrored = 2
    case upsideDown = 3
    case upsideDownMirrored = 4
    /// Mirrored about the diagonal from the top left (a quarter turn clockwise, then mirrored).
    case transposed = 5
    /// To be turned a quarter clockwise.
    case turnedClockwise = 6
    /// Mirrored about the other diagonal (a quarter turn clockwise, then flipped top to bottom).
    case transverse = 7
    /// To be turned a quarter anticlockwise.
    case turnedAnticlockwise = 8

    /// EXIF's tag number for the orientation, in the first image directory.
    private static let tagNumber: UInt16 = 0x0112
    private static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// The tag of a file in `format`, or nil when it has none, or one this cannot read (a
    /// malformed tag is ignored: the pixels are read as stored).
    static func of(_ bytes: UnsafeBufferPointer<UInt8>, format: ImageFormat) -> OrientationTag? {
        let reader = ByteReader(bytes)
        let exif: Range<Int>?
        switch format {
        case .jpeg: exif = jpegExif(reader)
        case .png: exif = chunk("eXIf", in: reader, from: 8, bigEndian: true, padded: false, header: 8, trailer: 4)
        case .webp: exif = chunk("EXIF", in: reader, from: 12, bigEndian: false, padded: true, header: 8, trailer: 0)
        default: exif = nil
        }
        guard var tiff = exif else { return nil }
        // PNG and WebP hold the TIFF structure itself, though some writers keep JPEG's header.
        if starts(reader, at: tiff.lowerBound, with: exifHeader) { tiff = tiff.lowerBound + exifHeader.count..<tiff.upperBound }
        return orientation(inTIFF: tiff, of: reader)
    }

    /// Where the TIFF structure of a JPEG's EXIF segment (APP1, `Exif\0\0`) lies, before the
    /// image data starts.
    private static func jpegExif(_ reader: ByteReader) -> Range<Int>? {
        var offset = 2
        while let mark = reader.byte(at: offset), mark == 0xFF, let marker = reader.byte(at: offset + 1) {
            switch marker {
            case 0xFF: offset += 1  // a fill byte
            case 0xD8, 0x01, 0xD0...0xD7: offset += 2  // markers without a length
            case 0xDA, 0xD9: return nil  // the image data, or its end: no EXIF came before
            default:
                guard let length = reader.uint16(at: offset + 2, bigEndian: true), length >= 2 else { return nil }
                let content = offset + 4
                let end = offset + 2 + Int(length)
                if marker == 0xE1, starts(reader, at: content, with: exifHeader) {
                    return content + exifHeader.count..<min(end, reader.count)
                }
                offset = end
            }
        }
        return nil
    }

    /// Where the data of the first chunk named `name` lies, in a file of chunks from `start` (a
    /// PNG's: a big-endian length, then the name; a RIFF file's: the name, then a little-endian
    /// length, padded to an even size).
    private static func chunk(_ name: String, in reader: ByteReader, from start: Int, bigEndian: Bool, padded: Bool,
                              header: Int, trailer: Int) -> Range<Int>? {
        let wanted = Array(name.utf8)
        var offset = start
        while offset + header <= reader.count {
            let nameOffset = bigEndian ? offset + 4 : offset
            let lengthOffset = bigEndian ? offset : offset + 4
            guard let length = reader.unsigned(at: lengthOffset, width: 4, bigEndian: bigEndian) else { return nil }
            let data = offset + header
            guard length <= UInt64(reader.count - data) else { return nil }
            if starts(reader, at: nameOffset, with: wanted) { return data..<data + Int(length) }
            offset = data + Int(length) + (padded ? Int(length & 1) : 0) + trailer
        }
        return nil
    }

    /// The orientation in the first image directory of the TIFF structure at `tiff`.
    private static func orientation(inTIFF tiff: Range<Int>, of reader: ByteReader) -> OrientationTag? {
        let start = tiff.lowerBound
        let bigEndian: Bool
        if starts(reader, at: start, with: Array("MM".utf8)) {
            bigEndian = true
        } else if starts(reader, at: start, with: Array("II".utf8)) {
            bigEndian = false
        } else {
            return nil
        }
        guard reader.uint16(at: start + 2, bigEndian: bigEndian) == 42,
              let directory = reader.unsigned(at: start + 4, width: 4, bigEndian: bigEndian),
              directory < UInt64(tiff.count) else { return nil }
        let entries = start + Int(directory)
        guard let count = reader.uint16(at: entries, bigEndian: bigEndian) else { return nil }
        for index in 0..<Int(count) {
            let entry = entries + 2 + index * 12
            guard entry + 12 <= tiff.upperBound, let tag = reader.uint16(at: entry, bigEndian: bigEndian) else { return nil }
            guard tag == tagNumber else { continue }
            // A SHORT, whose value sits in the entry itself.
            guard reader.uint16(at: entry + 2, bigEndian: bigEndian) == 3,
                  let value = reader.uint16(at: entry + 8, bigEndian: bigEndian) else { return nil }
            return OrientationTag(rawValue: Int(value))
        }
        return nil
    }

    private static func starts(_ reader: ByteReader, at offset: Int, with prefix: [UInt8]) -> Bool {
        prefix.indices.allSatisfy { reader.byte(at: offset + $0) == prefix[$0] }
    }
}
