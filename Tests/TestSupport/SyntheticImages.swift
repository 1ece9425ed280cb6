import Foundation
import Locking
import TranslateModel
import TextRecognition
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
        data.append(contentsOf: [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)])
        data.append(contentsOf: [0, 0, 0, 0x3B])
        return data
    }
}

private extension Data {
    mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
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
