import TranslateModel

/// The file formats an input may be in, told by their first bytes, as far as decoding decisions
/// need them.
///
/// The magic numbers are those Leptonica itself recognises (`findFileFormatBuffer`), and those of
/// HEIF (decoded by libheif) and PDF (rendered by Poppler), read here without C so that no byte
/// past the end of a short input is ever looked at. Package-wide for the decoding fuzz target,
/// which tells inputs apart by their format.
package enum ImageFormat: Equatable {
    case png, jpeg, tiff, gif, bmp, pnm, webp, jp2, heif, pdf, unknown
    case unsupported(String)

    /// How many first bytes `init(sniffing:)` looks at, at most.
    static let magicLength = 12

    package init(sniffing bytes: UnsafeBufferPointer<UInt8>) {
        func starts(with magic: [UInt8], at offset: Int = 0) -> Bool {
            guard bytes.count >= offset + magic.count else { return false }
            return magic.indices.allSatisfy { bytes[offset + $0] == magic[$0] }
        }
        func starts(with text: String, at offset: Int = 0) -> Bool {
            starts(with: Array(text.utf8), at: offset)
        }
        if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(with: [0xFF, 0xD8]) {
            self = .jpeg
        } else if starts(with: [0x49, 0x49, 0x2A, 0x00]) || starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            || starts(with: [0x49, 0x49, 0x2B, 0x00]) || starts(with: [0x4D, 0x4D, 0x00, 0x2B]) {
            self = .tiff
        } else if starts(with: "GIF87a") || starts(with: "GIF89a") {
            self = .gif
        } else if starts(with: "BM") {
            self = .bmp
        } else if bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "7")).contains(bytes[1]) {
            self = .pnm
        } else if starts(with: "RIFF"), starts(with: "WEBP", at: 8) {
            self = .webp
        } else if starts(with: [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A])
            || starts(with: [0xFF, 0x4F, 0xFF, 0x51]) {
            self = .jp2
        } else if starts(with: "%PDF-") {
            self = .pdf
        } else if starts(with: "%!PS-Adobe") {
            self = .unsupported("PostScript")
        } else if starts(with: "spix") {
            self = .unsupported("Leptonica SPIX")
        } else if starts(with: "ftyp", at: 4), bytes.count >= 12 {
            let brand = String(decoding: UnsafeBufferPointer(rebasing: bytes[8..<12]), as: UTF8.self)
            switch brand {
            case "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1": self = .heif
            case "avif", "avis": self = .unsupported("AVIF")
            default: self = .unknown
            }
        } else {
            self = .unknown
        }
    }

    /// Catches truncated files that the decoders would otherwise half-read without complaint:
    /// libjpeg pads a cut-off JPEG with grey, so a missing end marker is checked here.
    static func checkComplete(_ format: ImageFormat, bytes: UnsafeBufferPointer<UInt8>) throws(ImageError) {
        switch format {
        case .png:
            try checkPNGChunks(bytes)
        case .jpeg:
            // The end-of-image marker FF D9; some cameras add a few bytes after it.
            guard contains([0xFF, 0xD9], inLast: 4096, of: bytes) else { throw .truncated }
        case .pdf:
            // Every PDF ends with "%%EOF" (a few line ends or bytes of padding may follow).
            guard contains(Array("%%EOF".utf8), inLast: 1024, of: bytes) else { throw .truncated }
        default:
            break
        }
    }

    /// Every PNG ends with an IEND chunk, and every chunk before it lies within the bytes.
    /// libpng allocates a chunk at the length it declares before reading it, so a chunk that
    /// runs past the end (a cut file, or 400 MB declared in a 400-byte file) is refused here.
    private static func checkPNGChunks(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImageError) {
        let reader = ByteReader(bytes)
        var offset = 8
        while true {
            guard let length = reader.uint32(at: offset, bigEndian: true), let type = reader.uint32(at: offset + 4, bigEndian: true) else {
                throw .truncated
            }
            // The format caps a chunk at 2^31 - 1 bytes.
            guard length <= 0x7FFF_FFFF else { throw .decodeFailed }
            let next = offset + 12 + Int(length)
            guard next <= bytes.count else { throw .truncated }
            if type == 0x4945_4E44 { return }  // "IEND"
            offset = next
        }
    }

    private static func contains(_ needle: [UInt8], inLast window: Int, of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= needle.count else { return false }
        let start = max(0, bytes.count - window)
        var index = bytes.count - needle.count
        while index >= start {
            if bytes[index] == needle[0], zip(needle.indices, needle).allSatisfy({ bytes[index + $0] == $1 }) {
                return true
            }
            index -= 1
        }
        return false
    }
}
