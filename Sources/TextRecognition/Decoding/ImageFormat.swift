internal import CTesseract
import TranslateModel

/// The file formats Leptonica recognises, as far as decoding decisions need them.
enum ImageFormat: Equatable {
    case png, jpeg, tiff, gif, other, unknown
    case unsupported(String)

    init(leptonicaFormat: Int) {
        switch leptonicaFormat {
        case IFF_UNKNOWN: self = .unknown
        case IFF_PNG: self = .png
        case IFF_JFIF_JPEG: self = .jpeg
        case IFF_GIF: self = .gif
        case IFF_TIFF, IFF_TIFF_PACKBITS, IFF_TIFF_RLE, IFF_TIFF_G3, IFF_TIFF_G4, IFF_TIFF_LZW, IFF_TIFF_ZIP, IFF_TIFF_JPEG:
            self = .tiff
        case IFF_PS: self = .unsupported("PostScript")
        case IFF_LPDF: self = .unsupported("PDF")
        case IFF_SPIX: self = .unsupported("Leptonica SPIX")
        default: self = .other
        }
    }

    /// Catches truncated files that the decoders would otherwise half-read without complaint:
    /// libjpeg pads a cut-off JPEG with grey, so a missing end marker is checked here.
    static func checkComplete(_ format: ImageFormat, bytes: UnsafeBufferPointer<UInt8>) throws(ImageError) {
        switch format {
        case .png:
            // Every PNG ends with an IEND chunk; look for it near the end.
            let iend: [UInt8] = [0x49, 0x45, 0x4E, 0x44]
            guard contains(iend, inLast: 64, of: bytes) else { throw .truncated }
        case .jpeg:
            // The end-of-image marker FF D9; some cameras add a few bytes after it.
            guard contains([0xFF, 0xD9], inLast: 4096, of: bytes) else { throw .truncated }
        default:
            break
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
