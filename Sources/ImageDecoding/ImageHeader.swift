/// The size an image file declares in its header, read from its first bytes without decoding.
///
/// This is what lets the pixel limit refuse a decompression bomb (a small file declaring
/// 60000×60000 pixels) before the rest of the input is even read. Each format's header is
/// parsed here by hand, so that the check needs no C decoder and never reads past the bytes it
/// is given; `TIFFLayout` does the same for TIFF, whose header may lie anywhere in the file.
enum ImageHeader {
    /// What the bytes say about the size.
    enum DeclaredSize: Equatable {
        case size(width: Int, height: Int)
        /// The header goes on past the bytes given.
        case needsMoreBytes
        /// The header is not what the format prescribes.
        case malformed
        /// Each page declares its own size, checked as it is rendered (PDF).
        case perPage
    }

    /// The size declared by the header of a `format` image whose first bytes are `bytes`.
    static func declaredSize(of format: ImageFormat, in bytes: UnsafeBufferPointer<UInt8>) -> DeclaredSize {
        let reader = ByteReader(bytes)
        switch format {
        case .png: return png(reader)
        case .gif: return gif(reader)
        case .jpeg: return jpeg(reader)
        case .bmp: return bmp(reader)
        case .pnm: return pnm(reader)
        case .webp: return webp(reader)
        case .jp2: return jp2(reader)
        case .heif: return heif(reader)
        case .pdf: return .perPage
        case .tiff:
            guard let layout = TIFFLayout(bytes) else { return .malformed }
            guard let first = layout.pages.first else { return layout.end == .cut ? .needsMoreBytes : .malformed }
            guard let width = first.width, let height = first.height else { return .malformed }
            return .size(width: width, height: height)
        case .unknown, .unsupported: return .malformed
        }
    }

    /// PNG: the IHDR chunk comes first, right after the signature.
    private static func png(_ bytes: ByteReader) -> DeclaredSize {
        guard let type = bytes.uint32(at: 12, bigEndian: true), let width = bytes.uint32(at: 16, bigEndian: true),
              let height = bytes.uint32(at: 20, bigEndian: true) else { return .needsMoreBytes }
        guard type == 0x4948_4452 else { return .malformed }  // "IHDR"
        return .size(width: Int(width), height: Int(height))
    }

    /// GIF: the logical screen, right after the signature, and every image in the file, each of
    /// which may declare a size of its own: giflib allocates each image at its declared size,
    /// whatever the screen says, so the largest of them is the size (Leptonica reads a whole GIF
    /// to learn it). The blocks are walked as far as the bytes go; a block of an unknown kind
    /// ends the walk, as it ends giflib's.
    private static func gif(_ bytes: ByteReader) -> DeclaredSize {
        guard let width = bytes.uint16(at: 6, bigEndian: false), let height = bytes.uint16(at: 8, bigEndian: false),
              let flags = bytes.byte(at: 10) else {
            return .needsMoreBytes
        }
        var largest = (width: Int(width), height: Int(height))
        func colorTableSize(_ flags: UInt8) -> Int { flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1) }
        /// The offset past a run of data sub-blocks (each a length byte, then that many bytes; a
        /// zero length ends the run), or nil past the bytes.
        func skipSubBlocks(from start: Int) -> Int? {
            var offset = start
            while let length = bytes.byte(at: offset) {
                offset += 1 + Int(length)
                if length == 0 { return offset }
            }
            return nil
        }
        var offset = 13 + colorTableSize(flags)
        walk: while let block = bytes.byte(at: offset) {
            switch block {
            case 0x21:  // an extension: its label, then sub-blocks
                guard let next = skipSubBlocks(from: offset + 2) else { break walk }
                offset = next
            case 0x2C:  // an image: its descriptor, a local color table, the LZW code size, sub-blocks
                guard let imageWidth = bytes.uint16(at: offset + 5, bigEndian: false),
                      let imageHeight = bytes.uint16(at: offset + 7, bigEndian: false),
                      let imageFlags = bytes.byte(at: offset + 9) else { break walk }
                if DeclaredArea(width: Int(imageWidth), height: Int(imageHeight))
                    > DeclaredArea(width: largest.width, height: largest.height) {
                    largest = (Int(imageWidth), Int(imageHeight))
                }
                guard let next = skipSubBlocks(from: offset + 10 + colorTableSize(imageFlags) + 1) else { break walk }
                offset = next
            default:  // the trailer (0x3B), or something giflib refuses
                break walk
            }
        }
        return .size(width: largest.width, height: largest.height)
    }

    /// JPEG: the segments before the first frame header (SOFn) are skipped by their lengths.
    private static func jpeg(_ bytes: ByteReader) -> DeclaredSize {
        var offset = 2
        while true {
            guard let first = bytes.byte(at: offset) else { return .needsMoreBytes }
            guard first == 0xFF else { return .malformed }
            // Any number of fill bytes may precede a marker.
            var markerOffset = offset + 1
            while bytes.byte(at: markerOffset) == 0xFF { markerOffset += 1 }
            guard let marker = bytes.byte(at: markerOffset) else { return .needsMoreBytes }
            offset = markerOffset + 1
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue  // markers without a length
            case 0xD8, 0xD9, 0xDA, 0x00:
                return .malformed  // a second start, the end, or the scan before any frame header
            default:
                break
            }
            guard let length = bytes.uint16(at: offset, bigEndian: true) else { return .needsMoreBytes }
            guard length >= 2 else { return .malformed }
            let isFrameHeader = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrameHeader {
                guard let height = bytes.uint16(at: offset + 3, bigEndian: true),
                      let width = bytes.uint16(at: offset + 5, bigEndian: true) else { return .needsMoreBytes }
                return .size(width: Int(width), height: Int(height))
            }
            offset += Int(length)
        }
    }

    /// BMP: the info header after the 14-byte file header; the old OS/2 header has 16-bit sizes,
    /// and a negative height means rows stored top down.
    private static func bmp(_ bytes: ByteReader) -> DeclaredSize {
        guard let headerSize = bytes.uint32(at: 14, bigEndian: false) else { return .needsMoreBytes }
        if headerSize == 12 {
            guard let width = bytes.uint16(at: 18, bigEndian: false), let height = bytes.uint16(at: 20, bigEndian: false) else {
                return .needsMoreBytes
            }
            return .size(width: Int(width), height: Int(height))
        }
        guard headerSize >= 40 else { return .malformed }
        guard let width = bytes.uint32(at: 18, bigEndian: false), let height = bytes.uint32(at: 22, bigEndian: false) else {
            return .needsMoreBytes
        }
        return .size(width: Int(Int32(bitPattern: width).magnitude), height: Int(Int32(bitPattern: height).magnitude))
    }

    /// PNM (P1–P6): width and height are the first two numbers after the magic, between
    /// whitespace and `#` comments. PAM (P7): `WIDTH` and `HEIGHT` lines before `ENDHDR`.
    private static func pnm(_ bytes: ByteReader) -> DeclaredSize {
        var tokens = PNMTokens(bytes, from: 2)
        if bytes.byte(at: 1) == UInt8(ascii: "7") {
            var width: Int?, height: Int?
            while let token = tokens.next() {
                switch token {
                case .word("WIDTH"): width = tokens.nextNumber()
                case .word("HEIGHT"): height = tokens.nextNumber()
                case .word("ENDHDR"):
                    guard let width, let height else { return .malformed }
                    return .size(width: width, height: height)
                case .tooLong: return .malformed
                default: continue
                }
            }
            return tokens.endedEarly ? .needsMoreBytes : .malformed
        }
        guard let width = tokens.nextNumber(), let height = tokens.nextNumber() else {
            return tokens.endedEarly ? .needsMoreBytes : .malformed
        }
        return .size(width: width, height: height)
    }

    /// WebP: the first chunk after the RIFF header: a lossy frame (VP8), a lossless one (VP8L) or
    /// the extended header (VP8X) with the canvas size.
    private static func webp(_ bytes: ByteReader) -> DeclaredSize {
        guard let chunk = bytes.uint32(at: 12, bigEndian: true) else { return .needsMoreBytes }
        switch chunk {
        case 0x5650_3858:  // "VP8X"
            guard let width = bytes.uint24(at: 24), let height = bytes.uint24(at: 27) else { return .needsMoreBytes }
            return .size(width: width + 1, height: height + 1)
        case 0x5650_3820:  // "VP8 "
            guard let start = bytes.uint24(at: 23), let width = bytes.uint16(at: 26, bigEndian: false),
                  let height = bytes.uint16(at: 28, bigEndian: false) else { return .needsMoreBytes }
            guard start == 0x2A_019D else { return .malformed }
            return .size(width: Int(width & 0x3FFF), height: Int(height & 0x3FFF))
        case 0x5650_384C:  // "VP8L"
            guard let signature = bytes.byte(at: 20), let bits = bytes.uint32(at: 21, bigEndian: false) else { return .needsMoreBytes }
            guard signature == 0x2F else { return .malformed }
            return .size(width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
        default:
            return .malformed
        }
    }

    /// JPEG 2000: the image header box (`ihdr`) inside the header box (`jp2h`) of a JP2 file, or
    /// the SIZ segment of a bare codestream.
    private static func jp2(_ bytes: ByteReader) -> DeclaredSize {
        if bytes.byte(at: 0) == 0xFF {
            guard let width = bytes.uint32(at: 8, bigEndian: true), let height = bytes.uint32(at: 12, bigEndian: true),
                  let left = bytes.uint32(at: 16, bigEndian: true), let top = bytes.uint32(at: 20, bigEndian: true) else {
                return .needsMoreBytes
            }
            guard width > left, height > top else { return .malformed }
            return .size(width: Int(width - left), height: Int(height - top))
        }
        // The boxes are walked as HEIF's are, but a box running "to the end of the file" (size 0)
        // before the header box means there is no header.
        var offset = 0
        while true {
            if bytes.uint32(at: offset, bigEndian: true) == 0 { return .malformed }
            let box: ISOBox
            switch ISOBox.read(bytes, at: offset, parentEnd: Int.max) {
            case .found(let read): box = read
            case .needsMoreBytes: return .needsMoreBytes
            case .malformed, .absent: return .malformed
            }
            switch box.type {
            case ISOBox.code("jp2h"):  // the boxes inside it
                offset = box.contentStart
            case ISOBox.code("ihdr"):  // height, then width
                guard let height = bytes.uint32(at: box.contentStart, bigEndian: true),
                      let width = bytes.uint32(at: box.contentStart + 4, bigEndian: true) else { return .needsMoreBytes }
                return .size(width: Int(width), height: Int(height))
            case ISOBox.code("jp2c"):  // the codestream, with no image header before it
                return .malformed
            default:
                offset = box.end
            }
        }
    }
}

/// Bounds-checked reads of numbers from a byte buffer: nil past its end.
struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var count: Int { bytes.count }

    func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    /// `width` bytes from `offset` as an unsigned number, or nil when they are not all there.
    func unsigned(at offset: Int, width: Int, bigEndian: Bool) -> UInt64? {
        guard offset >= 0, width <= 8, offset <= bytes.count - width else { return nil }
        var value: UInt64 = 0
        for index in 0..<width {
            let byte = UInt64(bytes[offset + (bigEndian ? index : width - 1 - index)])
            value = value << 8 | byte
        }
        return value
    }

    func uint16(at offset: Int, bigEndian: Bool) -> UInt16? {
        unsigned(at: offset, width: 2, bigEndian: bigEndian).map { UInt16($0) }
    }

    func uint24(at offset: Int) -> Int? {
        unsigned(at: offset, width: 3, bigEndian: false).map { Int($0) }
    }

    func uint32(at offset: Int, bigEndian: Bool) -> UInt32? {
        unsigned(at: offset, width: 4, bigEndian: bigEndian).map { UInt32($0) }
    }

    func uint64(at offset: Int, bigEndian: Bool = true) -> UInt64? {
        unsigned(at: offset, width: 8, bigEndian: bigEndian)
    }
}

/// The header tokens of a PNM file: numbers and words between whitespace and `#` comments.
private struct PNMTokens {
    enum Token: Equatable {
        case number(Int)
        case word(String)
        /// A token too long to be part of a header.
        case tooLong
    }

    private let bytes: ByteReader
    private var offset: Int
    /// True once the bytes ran out in the middle of the header.
    private(set) var endedEarly = false

    init(_ bytes: ByteReader, from offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    mutating func next() -> Token? {
        while let byte = bytes.byte(at: offset) {
            if byte == UInt8(ascii: "#") {
                while let skipped = bytes.byte(at: offset), skipped != UInt8(ascii: "\n") { offset += 1 }
            } else if [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(byte) {
                offset += 1
            } else {
                break
            }
        }
        let start = offset
        while let byte = bytes.byte(at: offset), ![0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C, UInt8(ascii: "#")].contains(byte) {
            offset += 1
            if offset - start > 16 { return .tooLong }
        }
        // A token that reaches the end of the bytes may go on past them.
        if bytes.byte(at: offset) == nil {
            endedEarly = true
            return nil
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes.bytes[start..<offset]), as: UTF8.self)
        if let number = Int(text), number >= 0 { return .number(number) }
        return .word(text)
    }

    mutating func nextNumber() -> Int? {
        guard case .number(let number)? = next() else { return nil }
        return number
    }
}
