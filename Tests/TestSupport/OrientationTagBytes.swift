import Foundation

/// EXIF orientation tags written into image files, for tests of photos stored turned.
package enum OrientationTagBytes {
    /// A TIFF structure (big- or little-endian) whose first directory holds one entry: the
    /// orientation, a SHORT of `value`, or of another type when `type` says so.
    package static func tiff(orientation value: UInt16, bigEndian: Bool = true, type: UInt16 = 3) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] {
            bigEndian ? u16(UInt16(v >> 16)) + u16(UInt16(v & 0xFFFF)) : u16(UInt16(v & 0xFFFF)) + u16(UInt16(v >> 16))
        }
        let order: [UInt8] = bigEndian ? Array("MM".utf8) : Array("II".utf8)
        let entry = u16(0x0112) + u16(type) + u32(1) + u16(value) + [0, 0]
        return order + u16(42) + u32(8) + u16(1) + entry + u32(0)
    }

    /// `jpeg` with an EXIF segment (APP1) holding `tiff` right after its start of image.
    package static func jpeg(_ jpeg: Data, withEXIF tiff: [UInt8]) -> Data {
        let content = Array("Exif".utf8) + [0, 0] + tiff
        let length = content.count + 2
        var tagged = jpeg
        tagged.insert(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + content, at: jpeg.startIndex + 2)
        return tagged
    }
}
